package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record/jcz"
)

// TestJczWritesACheckedRecord: bot jcz writes a finished classic game's record as a JCloisterZone
// saved game; a changed record exits 1 naming the move, and a game on a printed map is refused.
func TestJczWritesACheckedRecord(t *testing.T) {
	dir := t.TempDir()
	record := func(name, mapID string, change bool) string {
		tbl, err := commands.AutoGame(mapID, 2, 7, nil)
		if err != nil {
			t.Fatal(err)
		}
		r, err := record.Of(tbl, nil)
		if err != nil {
			t.Fatal(err)
		}
		if change {
			r.Moves[2].Move.Player = (r.Moves[2].Move.Player + 1) % 2
		}
		data, _ := json.Marshal(r)
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	out := filepath.Join(dir, "game.jcz")
	var stdout bytes.Buffer
	if err := run([]string{"jcz", "-o", out, record("classic.json", "classic", false)}, nil, &stdout); err != nil {
		t.Fatal(err)
	}
	var sg jcz.SavedGame
	data, err := os.ReadFile(out)
	if err != nil || json.Unmarshal(data, &sg) != nil || sg.Created == "" || len(sg.GameAnnotations.DrawOrder) != 71 {
		t.Fatalf("the saved game: %v\n%s", err, data)
	}
	if !strings.Contains(stdout.String(), "written for JCloisterZone 5") {
		t.Fatalf("bot jcz says %q", stdout.String())
	}
	err = run([]string{"jcz", record("changed.json", "classic", true)}, nil, &stdout)
	if err == nil || exitCode(err) != 1 || !strings.Contains(err.Error(), "move 3 ") {
		t.Fatalf("bot jcz of a changed record: %v", err)
	}
	err = run([]string{"jcz", record("france.json", "france", false)}, nil, &stdout)
	if err == nil || !strings.Contains(err.Error(), "only games of the classic table") {
		t.Fatalf("bot jcz of a France game: %v", err)
	}
}
