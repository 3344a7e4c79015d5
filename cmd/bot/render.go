package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/local"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// renderGame draws a scripted game after a given line, or a stored game after a given move.
func renderGame(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	scriptFile := fs.String("script", "", "a table script")
	line := fs.Int("line", 0, "draw the table after this script line (0: the end)")
	db := dbFlag(fs)
	gameID := fs.String("game", "", "a stored game's id")
	recordFile := fs.String("record", "", "a game record (from /carc export or bot play --out)")
	move := fs.Int("move", -1, "with --game or --record: draw the game after this turn, as bot play --record counts them (0: as dealt; default: its end)")
	end := fs.Bool("end", false, "draw the end-of-game picture")
	full := fs.Bool("full", false, "draw the whole map instead of the turn picture")
	file := fs.String("o", "board.png", "the PNG to write")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	var t *table.Table
	switch {
	case *scriptFile != "":
		src, err := os.ReadFile(*scriptFile)
		if err != nil {
			return err
		}
		lines := strings.Split(string(src), "\n")
		if *line > 0 && *line < len(lines) {
			lines = lines[:*line]
		}
		r, end, err := scriptTable(local.Options{})
		if err != nil {
			return err
		}
		defer end()
		if err := r.Run(strings.NewReader(strings.Join(lines, "\n"))); err != nil {
			return err
		}
		t = r.Game()
	case *gameID != "":
		var err error
		if t, err = storedTable(*db, *gameID, *move); err != nil {
			return err
		}
	case *recordFile != "":
		var err error
		if t, _, err = tableFromRecord(*recordFile, turnOrEnd(*move)); err != nil {
			return err
		}
	default:
		return errors.New("usage: bot render (--script FILE [--line N] | --game ID [--db FILE] [--move TURN] | --record FILE [--move TURN]) [--end | --full] [-o FILE.png]")
	}
	if t == nil || t.Game == nil {
		return errors.New("the game has not started at that point: nothing to draw")
	}
	var png []byte
	var err error
	switch {
	case *end || t.Status == table.Finished:
		png, err = bot.Picture(t, commands.Reply{Image: commands.EndImage})
	case *full:
		png, err = bot.FullBoard(t)
	default:
		png, err = bot.Picture(t, commands.Reply{Image: commands.BoardImage})
	}
	if err != nil {
		return err
	}
	if err := os.WriteFile(*file, png, 0o644); err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "wrote %s (%d bytes)\n", *file, len(png))
	return err
}

// storedTable replays a stored game from its admin export up to the end of turn (turnOrEnd).
func storedTable(db, id string, turn int) (*table.Table, error) {
	stored, err := storedRecord(db, id)
	if err != nil {
		return nil, err
	}
	t, err := table.ReplayTo(stepsOf(stored), turnOrEnd(turn))
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	return t, nil
}

// storedRecord is a stored game's record, each step with when it was made, from its admin export
// (through the bot's socket while it runs).
func storedRecord(db, id string) ([]record.Stored, error) {
	resp, err := withStore(db, bot.AdminRequest{Op: "export", Game: id, Admin: true}, false)
	if err != nil {
		return nil, err
	}
	var ex storage.GameExport
	if err := json.Unmarshal(resp.Export, &ex); err != nil {
		return nil, err
	}
	steps, err := bot.DecodeRecord(ex.Game.Setup, ex.Moves)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", id, err)
	}
	out := make([]record.Stored, len(steps))
	for i, s := range steps {
		out[i] = record.Stored{Step: s, At: ex.Game.Created}
		if i > 0 {
			out[i].At = ex.Moves[i-1].Time
		}
	}
	return out, nil
}

// turnOrEnd is the turn of a --move flag: a negative one (the default) is the game's end.
func turnOrEnd(turn int) int {
	if turn < 0 {
		return math.MaxInt
	}
	return turn
}
