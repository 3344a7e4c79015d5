package commands

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestATableNobodyPlaysAtEnds: a game where the only person resigned, leaving two AI seats, ends
// with its final scoring and the reasons; a lobby whose only person left while an AI sat there is
// closed; a table where a person still plays does not end; and the record with the end replays
// to the same table.
func TestATableNobodyPlaysAtEnds(t *testing.T) {
	ann := table.User{ID: "1", Name: "ann"}
	rec := &recording{t: t}
	input := func(tbl *table.Table, u table.User, sub string, opts map[string]string) *table.Table {
		t.Helper()
		return rec.keep(Handle(tbl, Input{User: u, Command: CommandOf(sub), Sub: sub, Options: opts, Local: true}))
	}
	tbl := input(nil, ann, "new", map[string]string{"map": "france", "seed": "3"})
	tbl = input(tbl, ann, "bot", map[string]string{"level": "hard"})
	tbl = input(tbl, ann, "bot", map[string]string{"level": "hard"})
	if r := EndUnattended(tbl, ""); r.OK {
		t.Fatal("a lobby with a person seated was closed")
	}
	tbl = input(tbl, ann, "start", nil)
	if tbl.Unattended() {
		t.Fatal("a game ann plays is unattended")
	}
	tbl = input(tbl, ann, "resign", nil)
	if tbl.Status != table.Playing || !tbl.Unattended() {
		t.Fatalf("after ann resigned: status %s, unattended %v", tbl.Status, tbl.Unattended())
	}
	r := EndUnattended(tbl, "")
	if !r.OK || r.Table.Status != table.Finished || !r.Table.Game.Over() || r.Image != EndImage ||
		!strings.Contains(r.Text, "No person plays at this table any more") || !strings.Contains(r.Text, "The game is over.") {
		t.Fatalf("the end: %v %s", r.OK, r.Text)
	}
	rec.replaysTo(rec.keep(r))

	lobby := input(nil, ann, "new", map[string]string{"map": "france", "seed": "4"})
	lobby = input(lobby, ann, "bot", map[string]string{"level": "easy"})
	lobby = input(lobby, ann, "leave", nil)
	if lobby.Status != table.Lobby || !lobby.Unattended() {
		t.Fatalf("a lobby left to an AI: status %s", lobby.Status)
	}
	if r := EndUnattended(lobby, ""); !r.OK || r.Table.Status != table.Abandoned || !strings.Contains(r.Text, "/carc new") {
		t.Fatalf("the lobby left to an AI: %s", r.Text)
	}
}
