package commands

import (
	"strings"
	"testing"
)

// TestATableNobodyPlaysAtEnds: a game where the only person resigned, leaving two AI seats, ends
// with its final scoring and the reasons; a lobby whose only person left while an AI sat there is
// closed; a table where a person still plays does not end; and the record with the end replays
// to the same table.
func TestATableNobodyPlaysAtEnds(t *testing.T) {
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
	input := func(u User, sub string, opts map[string]string) Entry {
		return Entry{Input: &Input{User: u, Command: "carc", Sub: sub, Options: opts, Local: true}}
	}
	tbl := apply(nil, input(ann, "new", map[string]string{"map": "france", "seed": "3"}))
	tbl = apply(tbl, input(ann, "bot", map[string]string{"level": "hard"}))
	tbl = apply(tbl, input(ann, "bot", map[string]string{"level": "hard"}))
	if r := Apply(tbl, Entry{Unattended: true}); r.OK {
		t.Fatal("a lobby with a person seated was closed")
	}
	tbl = apply(tbl, input(ann, "start", nil))
	if tbl.Unattended() {
		t.Fatal("a game ann plays is unattended")
	}
	tbl = apply(tbl, input(ann, "resign", nil))
	if tbl.Status != Playing || !tbl.Unattended() {
		t.Fatalf("after ann resigned: status %s, unattended %v", tbl.Status, tbl.Unattended())
	}
	r := Apply(tbl, Entry{Unattended: true})
	if !r.OK || r.Table.Status != Finished || !r.Table.Game.Over() || r.Image != EndImage ||
		!strings.Contains(r.Text, "No person plays at this table any more") || !strings.Contains(r.Text, "The game is over.") {
		t.Fatalf("the end: %v %s", r.OK, r.Text)
	}
	entries = append(entries, Entry{Unattended: true})
	again, err := Replay(entries)
	if err != nil {
		t.Fatal(err)
	}
	if h1, _ := again.Hash(); h1 != mustHash(t, r.Table) {
		t.Fatal("the record with the end replays to another table")
	}

	lobby := apply(nil, input(ann, "new", map[string]string{"map": "france", "seed": "4"}))
	lobby = apply(lobby, input(ann, "bot", map[string]string{"level": "easy"}))
	lobby = apply(lobby, input(ann, "leave", nil))
	if lobby.Status != Lobby || !lobby.Unattended() {
		t.Fatalf("a lobby left to an AI: status %s", lobby.Status)
	}
	if r := Apply(lobby, Entry{Unattended: true}); !r.OK || r.Table.Status != Abandoned || !strings.Contains(r.Text, "/carc new") {
		t.Fatalf("the lobby left to an AI: %s", r.Text)
	}
}
