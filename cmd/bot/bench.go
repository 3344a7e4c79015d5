package main

import (
	"flag"
	"io"
	"os"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/bench"
)

// benchReport prints the bench report: every figure measured in one run, next to its target.
func benchReport(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	quick := fs.Bool("quick", false, "fewer, shorter repetitions (under a minute)")
	dir := fs.String("dir", "", "directory for the temporary databases (default: the system's)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	o := bench.Options{Quick: *quick, Dir: *dir, Log: os.Stderr}
	rows, err := bench.Run(o)
	if err != nil {
		return err
	}
	bench.Print(out, rows, o)
	return nil
}
