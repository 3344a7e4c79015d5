package commands

import "testing"

// TestUndoNeedsEveryOtherPlayer: in Discord an undo is a request that every other player must
// approve with its button; a refusal ends it; the last approval takes the turn back.
func TestUndoNeedsEveryOtherPlayer(t *testing.T) {
	users := []User{{"a", "ann"}, {"b", "bob"}, {"c", "cy"}}
	tbl := Handle(nil, Input{User: users[0], Command: "carc", Sub: "new", Options: map[string]string{"map": "classic", "seed": "4"}}).Table
	for _, u := range users[1:] {
		tbl = Handle(tbl, Input{User: u, Command: "carc", Sub: "join"}).Table
	}
	tbl = Handle(tbl, Input{User: users[0], Command: "carc", Sub: "start"}).Table
	g := tbl.Game
	p := g.LegalPlacements(g.Drawn)[0]
	tbl = Handle(tbl, Input{User: users[0], Command: "place", Options: map[string]string{"square": p.Square.String(), "rotation": p.Rotation.String(), "meeple": "none"}}).Table
	before := len(tbl.Moves)
	ask := Handle(tbl, Input{User: users[0], Command: "carc", Sub: "undo"})
	if !ask.OK || ask.Table.Undo == nil || len(ask.Buttons) != 1 {
		t.Fatalf("undo request: %s", ask.Text)
	}
	yes, no := ask.Buttons[0][0].ID, ask.Buttons[0][1].ID
	refused := HandleComponent(ask.Table, users[1], no, nil)
	if !refused.OK || refused.Table.Undo != nil || len(refused.Table.Moves) != before {
		t.Fatalf("a refusal must end the request and keep the move: %s", refused.Text)
	}
	ask = Handle(refused.Table, Input{User: users[0], Command: "carc", Sub: "undo"})
	one := HandleComponent(ask.Table, users[1], yes, nil)
	if len(one.Table.Moves) != before || one.Table.Undo == nil {
		t.Fatalf("one approval of two must wait: %s", one.Text)
	}
	if stranger := HandleComponent(one.Table, User{"z", "zed"}, yes, nil); stranger.OK {
		t.Fatalf("someone not at the table voted: %s", stranger.Text)
	}
	done := HandleComponent(one.Table, users[2], yes, nil)
	if !done.OK || len(done.Table.Moves) >= before || done.Table.Game.Current != 0 {
		t.Fatalf("the last approval must take the turn back: %s", done.Text)
	}
}
