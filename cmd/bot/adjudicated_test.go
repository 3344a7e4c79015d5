package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestReplaySaysALeagueDeadlineEndedTheGame: the record of a game its league round's deadline
// adjudicated is complete, replays and verifies, and says how it ended, not that it was abandoned.
func TestReplaySaysALeagueDeadlineEndedTheGame(t *testing.T) {
	ann, bob := table.User{ID: "1", Name: "ann"}, table.User{ID: "2", Name: "bob"}
	var steps []record.Stored
	var tbl *table.Table
	keep := func(r commands.Reply) {
		t.Helper()
		if !r.OK || r.Step == nil {
			t.Fatalf("refused: %s", r.Text)
		}
		steps, tbl = append(steps, record.Stored{Step: *r.Step}), r.Table
	}
	keep(commands.Handle(nil, commands.Input{User: ann, Command: "carc", Sub: "new", Options: map[string]string{"map": "france", "seed": "3"}, Local: true}))
	keep(commands.Handle(tbl, commands.Input{User: bob, Command: "carc", Sub: "join", Local: true}))
	keep(commands.Handle(tbl, commands.Input{User: ann, Command: "carc", Sub: "start", Local: true}))
	keep(commands.Adjudicate(tbl, league.PolicyScoreStands, ""))
	d, err := record.Of(tbl, steps)
	if err != nil || !d.Complete {
		t.Fatalf("the record: complete %v, %v", d.Complete, err)
	}
	file := filepath.Join(t.TempDir(), "adjudicated.json")
	data, _ := json.Marshal(d)
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"replay", "verify"} {
		var out bytes.Buffer
		if err := run([]string{cmd, file}, nil, &out); err != nil || !strings.Contains(out.String(), "Its league round's deadline ended the game, adjudicated by the league's rule (score).") ||
			strings.Contains(out.String(), "abandoned") {
			t.Errorf("bot %s: %v\n%s", cmd, err, out.String())
		}
	}
}
