// Command bench prints the bench report: every speed, latency and memory figure that has a
// target, measured in one run and printed next to its target (package bot/bench). It is a binary
// of its own because it measures the bot through the fake Discord of the end-to-end tests, which
// the bot's binary must not carry.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/bench"
)

func main() {
	if bench.Child() { // the measured bot of the RSS rows, started by the report
		return
	}
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
	case err != nil:
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// run parses the flags and prints the report to out; progress goes to log.
func run(args []string, out, log io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(log)
	quick := fs.Bool("quick", false, "fewer, shorter repetitions (about two minutes)")
	smoke := fs.Bool("smoke", false, "every row once, on the least work (seconds): checks that the report runs; the figures mean nothing")
	dir := fs.String("dir", "", "directory for the temporary databases (default: the system's)")
	only := fs.String("only", "", "run only these parts of the report, comma-separated: "+strings.Join(bench.StepNames(), ", "))
	pg := fs.String("pg", os.Getenv("CARC_BENCH_PG"), "URL of an empty PostgreSQL database for the PostgreSQL rows (postgres://...); without it they are not measured")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("bench takes no arguments, only flags: %v", fs.Args())
	}
	o := bench.Options{Quick: *quick, Smoke: *smoke, Dir: *dir, Log: log, Postgres: *pg}
	if *only != "" {
		o.Only = strings.Split(*only, ",")
	}
	rows, err := bench.Run(o)
	if err != nil {
		return err
	}
	bench.Print(out, rows, o)
	return nil
}
