package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/local"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"

	// The test maps (the practice table of the base rules' scripts, the relay of the seam's) are
	// registered for local play, so that every script of commands/script/testdata runs here; Discord
	// never offers them.
	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"
)

// errFailed reports a script whose expectations did not all hold.
var errFailed = errors.New("expectations failed")

// exitCode is the process's status for err: 1 for a script whose expectations failed, or for a
// failure that may pass (a server unreachable: the service manager starts the bot again), 2 for
// what a restart cannot fix (a bad flag, a database of a newer release).
func exitCode(err error) int {
	if errors.Is(err, errFailed) || errors.Is(err, record.ErrDiverges) || passing(err) {
		return 1
	}
	return 2
}

func play(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	scriptFile := fs.String("script", "", "run this table script")
	out := fs.String("out", "", "write every image and file the bot would post (records, league CSVs) to this directory; with --auto, each game's record")
	auto := fs.Int("auto", 0, "play this many complete games with random legal players")
	mapID := fs.String("map", variants.Default, "map for --auto")
	players := fs.Int("players", 2, "players for --auto")
	seed := fs.Uint64("seed", 1, "seed of the first --auto game (each next game adds 1)")
	recordFile := fs.String("record", "", "start from this game record (from /carc export, once the game is over)")
	move := fs.Int("move", 0, "with --record: start after this turn, as bot render --move counts them (0: as dealt)")
	aiLevels := fs.String("ai", "", "for --auto: AI levels of the first seats, comma-separated (random, easy, normal, hard, master); seats beyond the list, or all without it, play random moves")
	boardFile := fs.String("board", "board.png", "at the hot-seat table without --out: the picture file drawn over after every turn")
	db := fs.String("db", envOr("CARC_DB", "./carcassonne.db"), "at the hot-seat table: the database that keeps its games, saved after every move (the bot's own by default; a table script keeps none)")
	resume := fs.String("resume", "", "at the hot-seat table: play on the game in progress with this id (bot play lists them), or the latest with last")
	webAddr := fs.String("web", "", "at the hot-seat table: serve the games' web pages on this address, like 127.0.0.1:8080")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := autoOnly(fs, *auto > 0); err != nil {
		return err
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			return err
		}
	}
	if *auto > 0 {
		var levels []ai.Level
		if *aiLevels != "" {
			for _, s := range strings.Split(*aiLevels, ",") {
				l, err := ai.ParseLevel(s)
				if err != nil {
					return err
				}
				levels = append(levels, l)
			}
		}
		enc := json.NewEncoder(stdout)
		for i := 0; i < *auto; i++ {
			var steps []record.Stored
			t, err := commands.AIGame(*mapID, *players, levels, *seed+uint64(i), func(_ *table.Table, _ commands.Input, r commands.Reply) error {
				if r.Step != nil {
					steps = append(steps, record.Stored{Step: *r.Step})
				}
				return nil
			})
			if err != nil {
				return fmt.Errorf("game %d: %w", i+1, err)
			}
			if err := enc.Encode(commands.StateOf(t, true)); err != nil {
				return err
			}
			if *out != "" {
				if err := writeRecord(t, steps, filepath.Join(*out, fmt.Sprintf("%s-seed%d.json", t.Settings.Map, *seed+uint64(i)))); err != nil {
					return fmt.Errorf("game %d: %w", i+1, err)
				}
			}
		}
		return nil
	}
	if *scriptFile != "" && (*resume != "" || *webAddr != "") {
		return errors.New("--resume and --web are the hot-seat table's: a table script plays on its own and keeps nothing")
	}
	keeping := hotSeatKeeping{db: *db, resume: *resume, webAddr: *webAddr}
	if *recordFile != "" {
		if *resume != "" {
			return errors.New("--record plays on from a record, --resume a game of the database: give one")
		}
		_, steps, err := tableFromRecord(*recordFile, *move)
		if err != nil {
			return err
		}
		keeping.opened = steps
	}
	o := local.Options{Out: stdout, OutDir: *out, Pictures: *out != "", Log: os.Stderr}
	src := stdin
	if *scriptFile != "" {
		f, err := os.Open(*scriptFile)
		if err != nil {
			return err
		}
		defer f.Close()
		src = f
	} else {
		o.Human, o.NewSeed, o.BoardFile, o.Pictures = true, randomSeed, *boardFile, true
		fmt.Fprintln(stdout, "Hot-seat Carcassonne Maps. Type commands as in Discord, prefixed by the player's name:")
		fmt.Fprintln(stdout, "  ann: /carc new map:france    bob: /carc join    ann: /carc start")
		fmt.Fprintln(stdout, "then /place square:F7 rotation:90 meeple:none (a bare command is played by whoever is to act).")
		fmt.Fprintln(stdout, "!state shows what the players see (!state full also the stack and the face-down chips: it spoils the game);")
		fmt.Fprintln(stdout, "/league runs a league here too, and !table GAME-ID goes to one of its games; !clock +2d moves the clock on;")
		fmt.Fprintln(stdout, "/carc help lists the commands; Ctrl-D quits.")
		if *out != "" {
			fmt.Fprintf(stdout, "Every picture the bot would post is written to %s, numbered in order (0001-line3.png: the first, after line 3),\n", *out)
			fmt.Fprintln(stdout, "and every file it would attach under its own name (a record, a league's CSV; at a game's end scores.png and game.gif).")
		}
	}
	var r *local.Table
	var end func()
	var err error
	if *scriptFile != "" {
		r, end, err = scriptTable(o)
		if err == nil && keeping.opened != nil {
			if err = r.Open(keeping.opened); err != nil {
				end()
			}
		}
	} else {
		r, end, err = hotSeatTable(o, keeping, stdout)
	}
	if err != nil {
		return err
	}
	defer end()
	if err := r.Run(src); err != nil {
		return err
	}
	if r.Failed > 0 {
		return fmt.Errorf("%d %w", r.Failed, errFailed)
	}
	return nil
}

// writeRecord writes a finished game's record (the file /carc export attaches) to path.
func writeRecord(t *table.Table, steps []record.Stored, path string) error {
	r, err := record.Of(t, steps)
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
