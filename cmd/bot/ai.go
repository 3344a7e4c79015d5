package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// aiCommand runs the AI tools: bot ai match, bot ai serve.
func aiCommand(args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) > 0 && args[0] == "serve" {
		if err := parseFlags(flag.NewFlagSet("ai serve", flag.ContinueOnError), args[1:]); err != nil {
			return err
		}
		return aiServe(stdin, stdout)
	}
	if len(args) > 0 && (args[0] == "-h" || args[0] == "--help") {
		args = []string{"match", "--help"} // ai serve has no flags
	}
	if len(args) == 0 || args[0] != "match" {
		return fmt.Errorf("usage: bot ai match --a LEVEL --b LEVEL [--map M] [--decks N] [--players K] [--seed S] [--workers W] [--rules none|ic|tb|all] [-v], or bot ai serve (JSON lines on stdin and stdout)")
	}
	fs := flag.NewFlagSet("ai match", flag.ContinueOnError)
	a := fs.String("a", string(ai.Hard), "level of side A: random, easy, normal, hard or master")
	b := fs.String("b", string(ai.Easy), "level of side B")
	mapID := fs.String("map", variants.Default, "map")
	decks := fs.Int("decks", 200, "decks; each is played twice, seats swapped")
	players := fs.Int("players", 2, "players per game; A and B alternate around the table")
	seed := fs.Uint64("seed", 1, "seed of the first deck")
	workers := fs.Int("workers", 1, "decks played at once; the result is the same for any number, but the times per move share the cores")
	verbose := fs.Bool("v", false, "a line per deck on stderr")
	rules := fs.String("rules", "none", "the expansions' own rules: none, ic, tb or all")
	if err := parseFlags(fs, args[1:]); err != nil {
		return err
	}
	la, err := ai.ParseLevel(*a)
	if err != nil {
		return err
	}
	lb, err := ai.ParseLevel(*b)
	if err != nil {
		return err
	}
	r, err := variants.Lookup(*mapID)
	if err != nil {
		return err
	}
	opts := game.DefaultOptions()
	switch *rules {
	case "none":
	case "ic":
		opts.InnsCathedrals = true
	case "tb":
		opts.TradersBuilders = true
	case "all":
		opts.InnsCathedrals, opts.TradersBuilders = true, true
	default:
		return fmt.Errorf("ai match: --rules %s: use none, ic, tb or all", game.Echo(*rules))
	}
	var progress io.Writer
	if *verbose {
		progress = os.Stderr
	}
	// Ctrl-C ends a long match with the figures of the decks it finished.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := ai.Match{Rules: r, A: la, B: lb, Decks: *decks, Players: *players, Seed: *seed, Workers: *workers, Options: opts}.Run(ctx, progress)
	if errors.Is(err, context.Canceled) && len(res.Margins) > 0 {
		res.Report(stdout)
		return fmt.Errorf("ai match: stopped after %d of %d decks", len(res.Margins), *decks)
	}
	if err != nil {
		return err
	}
	res.Report(stdout)
	return nil
}

// aiServe speaks the protocol of ai.Session on stdin and stdout, one answer per request line,
// until stdin ends.
func aiServe(stdin io.Reader, stdout io.Writer) error {
	s := &ai.Session{Lookup: func(id string) (game.MapRules, error) { return variants.Lookup(id) }}
	in := bufio.NewScanner(stdin)
	in.Buffer(make([]byte, 64<<10), 1<<20)
	out := bufio.NewWriter(stdout)
	for in.Scan() {
		if len(in.Bytes()) == 0 {
			continue
		}
		out.Write(s.Line(in.Bytes()))
		out.WriteByte('\n')
		// The driver waits for each answer before it writes again.
		if err := out.Flush(); err != nil {
			return fmt.Errorf("ai serve: write an answer: %w", err)
		}
	}
	if err := in.Err(); err != nil {
		return fmt.Errorf("ai serve: read a request (a line longer than 1 MiB?): %w", err)
	}
	return nil
}
