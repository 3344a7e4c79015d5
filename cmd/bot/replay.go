package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// replayRecord replays a game record (the file /carc export attaches once a game is over): the
// deal's key against the commitment posted at the start, every move from the deal with the hash
// after it, and the final places. A record that diverges exits 1 and names the move.
func replayRecord(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: bot replay FILE (a game record from /carc export)")
	}
	return checkRecord(fs.Arg(0), out)
}

func checkRecord(path string, out io.Writer) error {
	r, g, err := replayFile(path)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s, game %s: %d moves replayed from the deal, every state hash as recorded.\n", r.Title, r.Game, len(r.Moves))
	if r.Commitment != "" {
		fmt.Fprintf(out, "The deal's key matches the commitment posted at the start (sha256 %s).\n", r.Commitment)
	} else {
		fmt.Fprintln(out, "A local game: its deal came from the recorded seed, with no commitment.")
	}
	for _, p := range r.Final {
		fmt.Fprintf(out, "%d. %s %d\n", p.Place, p.Player, p.Score)
	}
	if !g.Over() {
		fmt.Fprintln(out, "The game was abandoned before its end.")
	}
	return nil
}

// tableFromRecord opens a record file at turn n for bot play --record (what-if analysis).
func tableFromRecord(path string, n int) (*commands.Table, error) {
	r, err := readRecord(path)
	if err != nil {
		return nil, err
	}
	t, err := commands.TableFromRecord(r, n)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// readRecord reads a game record file.
func readRecord(path string) (commands.GameRecord, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return commands.GameRecord{}, err
	}
	r, err := commands.ParseRecord(data)
	if err != nil {
		return commands.GameRecord{}, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// replayFile reads a complete record and replays it (commands.ReplayRecord); a record that
// diverges is errFailed, so that the command exits 1.
func replayFile(path string) (commands.GameRecord, *game.Game, error) {
	r, err := readRecord(path)
	if err != nil {
		return r, nil, err
	}
	g, err := commands.ReplayRecord(r)
	if err != nil {
		if errors.Is(err, commands.ErrRecordDiverges) {
			return r, nil, fmt.Errorf("%w: %s: %v", errFailed, path, err)
		}
		return r, nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, g, nil
}
