package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
)

// jczRecord writes a game record of the classic table (from /carc export, once the game is over)
// as a JCloisterZone saved game, after checking the record as bot replay does.
func jczRecord(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("jcz", flag.ContinueOnError)
	file := fs.String("o", "", "write the saved game to this file (default: standard output)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: bot jcz [-o GAME.jcz] RECORD (a finished classic game's record from /carc export)")
	}
	path := fs.Arg(0)
	r, _, err := replayFile(path)
	if err != nil {
		return err
	}
	saved, err := record.JCloisterZone(r, time.Now())
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if *file == "" {
		_, err = out.Write(append(saved, '\n'))
		return err
	}
	if err := os.WriteFile(*file, saved, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(out, "%s: %d moves written for JCloisterZone 5 (Load game).\n", *file, len(r.Moves))
	return nil
}
