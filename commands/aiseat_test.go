package commands

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestAnAISeatPlaysItsTurnsAndTheRecordReplays: in the lobby /table bot level:easy seats an AI
// player; once it is the AI's turn, AIMove plays its whole turn, nobody pings it, and a record that
// keeps its moves replays to the same table. Outside the lobby, or by a stranger, or with an
// unknown level, the request is refused.
func TestAnAISeatPlaysItsTurnsAndTheRecordReplays(t *testing.T) {
	ann := table.User{ID: "1", Name: "ann"}
	rec := &recording{t: t}
	input := func(tbl *table.Table, sub string, opts map[string]string) *table.Table {
		t.Helper()
		return rec.keep(Handle(tbl, Input{User: ann, Command: CommandOf(sub), Sub: sub, Options: opts, Local: true}))
	}
	tbl := input(nil, "new", map[string]string{"map": "france", "seed": "3"})
	if r := Handle(tbl, Input{User: table.User{ID: "9", Name: "eve"}, Command: "table", Sub: "bot", Options: map[string]string{"level": "easy"}}); r.OK {
		t.Fatal("a stranger seated an AI player")
	}
	if r := Handle(tbl, Input{User: ann, Command: "table", Sub: "bot", Options: map[string]string{"level": "genius"}}); r.OK || !strings.Contains(r.Text, "easy, normal, hard or master") {
		t.Fatalf("an unknown level: %s", r.Text)
	}
	tbl = input(tbl, "bot", map[string]string{"level": "easy"})
	if len(tbl.Seats) != 2 || tbl.Humans() != 1 {
		t.Fatalf("seats %v", tbl.Seats)
	}
	tbl = input(tbl, "start", nil)
	if r := Handle(tbl, Input{User: ann, Command: "table", Sub: "bot", Options: map[string]string{"level": "easy"}}); r.OK {
		t.Fatal("an AI player sat down in a running game")
	}
	for turn := 0; turn < 6 && tbl.Status == table.Playing; turn++ {
		if _, ok := tbl.AIToPlay(); ok {
			r := AIMove(tbl)
			if !r.OK || !r.Changed || len(r.Table.Moves) <= len(tbl.Moves) {
				t.Fatalf("the AI's turn: %s", r.Text)
			}
			for _, id := range r.Ping {
				if _, ai := table.AILevel(table.User{ID: id}); ai {
					t.Fatalf("the AI is pinged: %v", r.Ping)
				}
			}
			tbl = rec.keep(r)
			continue
		}
		p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
		tbl = rec.keep(Handle(tbl, Input{User: ann, Command: "place", Local: true,
			Options: map[string]string{"square": p.Square.String(), "rotation": p.Rotation.String(), "meeple": "none"}}))
	}
	if tbl.Game.Turn < 5 {
		t.Fatalf("the game stopped at turn %d", tbl.Game.Turn)
	}
	rec.replaysTo(tbl)
}
