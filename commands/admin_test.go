package commands

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// threeAtTable is a running classic game of ann (the creator), bob and cy; bob has missed the
// given number of turns.
func threeAtTable(t *testing.T, missed int) (*table.Table, []table.User) {
	t.Helper()
	users := []table.User{{ID: "a", Name: "ann"}, {ID: "b", Name: "bob"}, {ID: "c", Name: "cy"}}
	tbl := Handle(nil, Input{User: users[0], Command: "carc", Sub: "new", Options: map[string]string{"map": "classic", "seed": "4", "missed": "2"}}).Table
	for _, u := range users[1:] {
		tbl = Handle(tbl, Input{User: u, Command: "carc", Sub: "join"}).Table
	}
	tbl = Handle(tbl, Input{User: users[0], Command: "carc", Sub: "start"}).Table
	tbl.Missed[1] = missed
	return tbl, users
}

func kickBob(tbl *table.Table, by table.User, admin bool) Reply {
	return Handle(tbl, Input{User: by, Admin: admin, Command: "table", Sub: "kick", Options: map[string]string{"player": "bob"}})
}

// TestKickFollowsTheMissedTurnLimit: README promises that the creator may remove a player once
// they missed the table's limit of turns (missed:); Manage Channels may at any time; and when
// the creator is gone, the other players may by a vote.
func TestKickFollowsTheMissedTurnLimit(t *testing.T) {
	tbl, users := threeAtTable(t, 1)
	if r := kickBob(tbl, users[0], false); r.OK || !strings.Contains(r.Text, "bob has missed 1 turn; a player can be removed after 2 missed turns") {
		t.Fatalf("the creator removed a player under the limit: %v %s", r.OK, r.Text)
	}
	if r := kickBob(tbl, users[2], false); r.OK {
		t.Fatalf("a player started a vote under the limit: %s", r.Text)
	}
	if r := kickBob(tbl, table.User{ID: "z", Name: "zed"}, true); !r.OK || !r.Table.Game.Players[1].Resigned {
		t.Fatalf("Manage Channels could not remove at once: %s", r.Text)
	}

	tbl, users = threeAtTable(t, 2)
	if r := kickBob(tbl, users[0], false); !r.OK || !r.Table.Game.Players[1].Resigned || !strings.Contains(r.Text, "ann removed bob, who missed 2 turns") {
		t.Fatalf("the creator could not remove after the limit: %s", r.Text)
	}
	if r := kickBob(tbl, users[1], false); r.OK {
		t.Fatalf("bob kicked himself: %s", r.Text)
	}
	if r := kickBob(tbl, table.User{ID: "z", Name: "zed"}, false); r.OK {
		t.Fatalf("a stranger started a vote: %s", r.Text)
	}

	// The vote: cy asks, ann must agree too (every other active player), a refusal ends it.
	ask := kickBob(tbl, users[2], false)
	if !ask.OK || ask.Table.Kick == nil || ask.Table.Game.Players[1].Resigned || len(ask.Ping) != 1 || ask.Ping[0] != "a" {
		t.Fatalf("the vote did not open, waiting for ann: %s (ping %v)", ask.Text, ask.Ping)
	}
	yes, no := ask.Buttons[0][0].ID, ask.Buttons[0][1].ID
	if r := HandleComponent(ask.Table, users[1], yes, nil); r.OK {
		t.Fatalf("bob voted on his own removal: %s", r.Text)
	}
	if r := HandleComponent(ask.Table, users[0], no, nil); !r.OK || r.Table.Kick != nil || r.Table.Game.Players[1].Resigned {
		t.Fatalf("a refusal must end the vote: %s", r.Text)
	}
	done := HandleComponent(ask.Table, users[0], yes, nil)
	if !done.OK || !done.Table.Game.Players[1].Resigned || done.Table.Kick != nil || !strings.Contains(done.Text, "The other players agreed to remove bob") {
		t.Fatalf("the last approval must remove bob: %s", done.Text)
	}
}
