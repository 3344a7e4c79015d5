package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
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
	if len(r.Steps) > 0 {
		fmt.Fprintf(out, "The table's %d steps (seats, votes, deadlines, AI turns) replay to the same game.\n", len(r.Steps))
	}
	if r.Commitment != "" {
		fmt.Fprintf(out, "The deal's key matches the commitment posted at the start (sha256 %s).\n", r.Commitment)
	} else {
		fmt.Fprintln(out, "A local game: its deal came from the recorded seed, with no commitment.")
	}
	for _, p := range r.Final {
		fmt.Fprintf(out, "%d. %s %d\n", p.Place, p.Player, p.Score)
	}
	switch policy := adjudicatedBy(r); {
	case policy != "":
		fmt.Fprintf(out, "Its league round's deadline ended the game, adjudicated by the league's rule (%s).\n", policy)
	case !g.Over():
		fmt.Fprintln(out, "The game was abandoned before its end.")
	}
	return nil
}

// adjudicatedBy is the league's rule that adjudicated the game of r at its round's deadline (its
// last step's adjudicate event), "" when none did.
func adjudicatedBy(r record.Document) string {
	if len(r.Steps) == 0 {
		return ""
	}
	for _, ev := range r.Steps[len(r.Steps)-1].Events {
		if ev.Kind == table.KindAdjudicate {
			return ev.Policy
		}
	}
	return ""
}

// tableFromRecord opens a record file at turn n for bot play --record (what-if analysis), with the
// steps of the local table's own record.
func tableFromRecord(path string, n int) (*table.Table, []table.Step, error) {
	r, err := readRecord(path)
	if err != nil {
		return nil, nil, err
	}
	t, steps, err := record.TableAt(r, n)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, steps, nil
}

// readRecord reads a game record file; another file is refused, saying what it is and what reads it.
func readRecord(path string) (record.Document, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return record.Document{}, err
	}
	if kind, err := fileKind(data); err == nil && kind != kindRecord {
		return record.Document{}, wrongFile(path, kind)
	}
	r, err := record.Parse(data)
	if err != nil {
		return record.Document{}, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// replayFile reads a complete record and replays it (record.Replay); a record that diverges exits
// 1 (exitCode), naming the move or step where it does.
func replayFile(path string) (record.Document, *game.Game, error) {
	r, err := readRecord(path)
	if err != nil {
		return r, nil, err
	}
	g, err := record.Replay(r)
	if err != nil {
		return r, nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, g, nil
}
