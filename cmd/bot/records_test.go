package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// finishedRecord writes the record of a finished France game to dir and returns its path.
func finishedRecord(t *testing.T, dir string) (string, record.Document) {
	t.Helper()
	tbl, err := commands.AutoGame("france", 2, 5, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Of(tbl, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "game.json")
	data, _ := json.Marshal(r)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, r
}

// TestRenderTakesARecord: bot render --record FILE draws a game record after a turn, or at its
// end, as bot render --game draws a stored game.
func TestRenderTakesARecord(t *testing.T) {
	dir := t.TempDir()
	rec, _ := finishedRecord(t, dir)
	draw := func(args ...string) []byte {
		t.Helper()
		file := filepath.Join(dir, "board.png")
		if err := run(append([]string{"render", "--record", rec, "-o", file}, args...), nil, &bytes.Buffer{}); err != nil {
			t.Fatalf("bot render --record %v: %v", args, err)
		}
		b, _ := os.ReadFile(file)
		return b
	}
	ten, eleven, end := draw("--move", "10"), draw("--move", "11"), draw()
	if bytes.Equal(ten, eleven) || bytes.Equal(eleven, end) {
		t.Error("turns 10, 11 and the end drew the same picture")
	}
}

// TestMoveMeansATurnEverywhere: --move N is the game after turn N in bot play --record, bot render
// --record and bot render --game alike (a turn may hold several moves of the log).
func TestMoveMeansATurnEverywhere(t *testing.T) {
	_, doc := finishedRecord(t, t.TempDir())
	_, steps, err := record.TableAt(doc, math.MaxInt)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 1, 10, 17} {
		want, _, err := record.TableAt(doc, n)
		if err != nil {
			t.Fatal(err)
		}
		got, err := table.ReplayTo(steps, n)
		if err != nil {
			t.Fatal(err)
		}
		if got.Game.Turn != want.Game.Turn || len(got.Moves) != len(want.Moves) || got.Game.Turn != n+1 {
			t.Errorf("after turn %d: the stored game stands at turn %d with %d moves, the record at turn %d with %d",
				n, got.Game.Turn, len(got.Moves), want.Game.Turn, len(want.Moves))
		}
	}
}

// TestFilesAreNamedForWhatTheyAre: each command that reads a file says, when it is given another
// kind, what the file is and which command reads it; a file that is not JSON is explained in
// words with its line and column, never as a Go decoder's error.
func TestFilesAreNamedForWhatTheyAre(t *testing.T) {
	dir := t.TempDir()
	rec, _ := finishedRecord(t, dir)
	db := filepath.Join(dir, "backup.db")
	store, err := storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	store.Close()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	cut := write("cut.json", "{\"format\":")
	wrongShape := write("shape.json", "{\"format\":\"carcassonne-maps-bot/game\",\n\"game\":\"x\"}")
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"import", "--db", filepath.Join(dir, "other.db"), rec}, []string{"is a game record", "bot replay"}},
		{[]string{"import", "--db", filepath.Join(dir, "other.db"), cut}, []string{"cut short"}},
		{[]string{"import", "--db", filepath.Join(dir, "other.db"), wrongShape}, []string{`"game" holds a JSON string at line 2`, "JSON object"}},
		{[]string{"verify", db}, []string{"is a BoltDB database", "--db " + db}},
		{[]string{"replay", db}, []string{"is a BoltDB database"}},
		{[]string{"render", "--record", wrongShape}, []string{"is a game's export", "bot import"}},
	}
	for _, c := range cases {
		err := run(c.args, nil, &bytes.Buffer{})
		if err == nil {
			t.Errorf("bot %v: no error", c.args)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("bot %v: %q does not say %q", c.args, err, w)
			}
		}
		if strings.Contains(err.Error(), "Go struct") || strings.Contains(err.Error(), "storage.") {
			t.Errorf("bot %v speaks Go: %v", c.args, err)
		}
	}
}

// TestHelpOfACommandWithoutFlags: bot replay --help and bot ai serve --help say what the command
// does and that it has no flags, rather than an empty header or nothing.
func TestHelpOfACommandWithoutFlags(t *testing.T) {
	for _, args := range [][]string{{"replay", "--help"}, {"ai", "serve", "--help"}} {
		var out bytes.Buffer
		if err := run(args, strings.NewReader(""), &out); err != nil {
			t.Fatalf("bot %v: %v", args, err)
		}
		if !strings.Contains(out.String(), "has no flags") || strings.Contains(out.String(), "Flags of") {
			t.Errorf("bot %v prints:\n%s", args, out.String())
		}
	}
}

// TestAStoredGamesRecordIsExportedRenderedAndReplayed: bot export --record GAME-ID prints a stored
// game's record as /carc export attaches it, which bot replay checks and bot render --record
// draws, the same board as bot render --game draws from the database.
func TestAStoredGamesRecordIsExportedRenderedAndReplayed(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	id := storedGame(t, db, 4, true)
	var rec bytes.Buffer
	if err := run([]string{"export", "--db", db, "--record", id}, nil, &rec); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "game.json")
	os.WriteFile(file, rec.Bytes(), 0o644)
	var out bytes.Buffer
	if err := run([]string{"replay", file}, nil, &out); err != nil || !strings.Contains(out.String(), "1. bob") {
		t.Fatalf("bot replay of the exported record: %v\n%s", err, out.String())
	}
	draw := func(args ...string) []byte {
		t.Helper()
		png := filepath.Join(dir, "board.png")
		if err := run(append(append([]string{"render"}, args...), "--move", "2", "-o", png), nil, &bytes.Buffer{}); err != nil {
			t.Fatalf("bot render %v: %v", args, err)
		}
		b, _ := os.ReadFile(png)
		return b
	}
	if !bytes.Equal(draw("--record", file), draw("--game", id, "--db", db)) {
		t.Error("the record and the database draw turn 2 differently")
	}
}
