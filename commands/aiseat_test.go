package commands

import (
	"strings"
	"testing"
)

// TestAnAISeatPlaysItsTurnsAndTheRecordReplays: in the lobby /carc bot level:easy seats an AI
// player; once it is the AI's turn, AIMove plays its whole turn, nobody pings it, and a record that
// keeps its moves replays to the same table. Outside the lobby, or by a stranger, or with an
// unknown level, the request is refused.
func TestAnAISeatPlaysItsTurnsAndTheRecordReplays(t *testing.T) {
	ann := User{ID: "1", Name: "ann"}
	var entries []Entry
	apply := func(tbl *Table, e Entry) *Table {
		t.Helper()
		r := Apply(tbl, e)
		if !r.OK {
			t.Fatalf("%+v: %s", e, r.Text)
		}
		entries = append(entries, e)
		return r.Table
	}
	input := func(sub string, opts map[string]string) Entry {
		return Entry{Input: &Input{User: ann, Command: "carc", Sub: sub, Options: opts, Local: true}}
	}
	tbl := apply(nil, input("new", map[string]string{"map": "france", "seed": "3"}))
	if r := Handle(tbl, Input{User: User{ID: "9", Name: "eve"}, Command: "carc", Sub: "bot", Options: map[string]string{"level": "easy"}}); r.OK {
		t.Fatal("a stranger seated an AI player")
	}
	if r := Handle(tbl, Input{User: ann, Command: "carc", Sub: "bot", Options: map[string]string{"level": "genius"}}); r.OK || !strings.Contains(r.Text, "easy, normal or hard") {
		t.Fatalf("an unknown level: %s", r.Text)
	}
	tbl = apply(tbl, input("bot", map[string]string{"level": "easy"}))
	if len(tbl.Seats) != 2 || tbl.Humans() != 1 {
		t.Fatalf("seats %v", tbl.Seats)
	}
	tbl = apply(tbl, input("start", nil))
	if r := Handle(tbl, Input{User: ann, Command: "carc", Sub: "bot", Options: map[string]string{"level": "easy"}}); r.OK {
		t.Fatal("an AI player sat down in a running game")
	}
	for turn := 0; turn < 6 && tbl.Status == Playing; turn++ {
		if _, ok := tbl.AIToPlay(); ok {
			r := AIMove(tbl)
			if !r.OK || len(r.Moves) == 0 {
				t.Fatalf("the AI's turn: %s", r.Text)
			}
			for _, id := range r.Ping {
				if strings.HasPrefix(id, aiPrefix) {
					t.Fatalf("the AI is pinged: %v", r.Ping)
				}
			}
			tbl = apply(tbl, Entry{AI: true, Played: r.Moves})
			continue
		}
		p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
		tbl = apply(tbl, Entry{Input: &Input{User: ann, Command: "place", Local: true,
			Options: map[string]string{"square": p.Square.String(), "rotation": p.Rotation.String(), "meeple": "none"}}})
	}
	if tbl.Game.Turn < 5 {
		t.Fatalf("the game stopped at turn %d", tbl.Game.Turn)
	}
	replayed, err := Replay(entries)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := replayed.Hash()
	b, _ := tbl.Hash()
	if a != b {
		t.Fatal("the record with the AI's moves replays to another table")
	}
}
