package commands

import (
	"fmt"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// TestUndoNeedsEveryOtherPlayer: in Discord an undo is a request that every other player must
// approve with its button; a refusal ends it; the last approval takes the turn back.
func TestUndoNeedsEveryOtherPlayer(t *testing.T) {
	users := []table.User{{ID: "a", Name: "ann"}, {ID: "b", Name: "bob"}, {ID: "c", Name: "cy"}}
	tbl := Handle(nil, Input{User: users[0], Command: "carc", Sub: "new", Options: map[string]string{"map": "classic", "seed": "4"}}).Table
	for _, u := range users[1:] {
		tbl = Handle(tbl, Input{User: u, Command: "carc", Sub: "join"}).Table
	}
	tbl = Handle(tbl, Input{User: users[0], Command: "carc", Sub: "start"}).Table
	g := tbl.Game
	p := g.LegalPlacements(g.Drawn)[0]
	tbl = Handle(tbl, Input{User: users[0], Command: "place", Options: map[string]string{"square": p.Square.String(), "rotation": p.Rotation.String(), "meeple": "none"}}).Table
	before := len(tbl.Moves)
	ask := Handle(tbl, Input{User: users[0], Command: "turn", Sub: "undo"})
	if !ask.OK || ask.Table.Undo == nil || len(ask.Buttons) != 1 {
		t.Fatalf("undo request: %s", ask.Text)
	}
	yes, no := ask.Buttons[0][0].ID, ask.Buttons[0][1].ID
	refused := HandleComponent(ask.Table, users[1], no, nil)
	if !refused.OK || refused.Table.Undo != nil || len(refused.Table.Moves) != before {
		t.Fatalf("a refusal must end the request and keep the move: %s", refused.Text)
	}
	ask = Handle(refused.Table, Input{User: users[0], Command: "turn", Sub: "undo"})
	one := HandleComponent(ask.Table, users[1], yes, nil)
	if len(one.Table.Moves) != before || one.Table.Undo == nil {
		t.Fatalf("one approval of two must wait: %s", one.Text)
	}
	if stranger := HandleComponent(one.Table, table.User{ID: "z", Name: "zed"}, yes, nil); stranger.OK {
		t.Fatalf("someone not at the table voted: %s", stranger.Text)
	}
	done := HandleComponent(one.Table, users[2], yes, nil)
	if !done.OK || len(done.Table.Moves) >= before || done.Table.Game.Current != 0 {
		t.Fatalf("the last approval must take the turn back: %s", done.Text)
	}
}

// TestButtonsOfferOnlyWhatIsLegal plays random games of every map (the relay test map brings
// every step of a turn) and clicks, now and then, every button and every menu entry of the turn
// message: each must be accepted, and the components must fit Discord (at most five rows of at
// most five buttons, 25 menu entries, ids of at most 100 characters).
func TestButtonsOfferOnlyWhatIsLegal(t *testing.T) {
	for _, e := range variants.All(true) {
		if e.Map.Open {
			continue
		}
		inputs := 0
		_, err := AutoGame(e.ID, 3, 5, func(tbl *table.Table, in Input, r Reply) error {
			if inputs++; inputs%3 != 0 || tbl.Status != table.Playing {
				return nil
			}
			rows := len(r.Buttons)
			if r.Select != nil {
				rows++
				if len(r.Select.Options) > MaxChoices {
					return fmt.Errorf("a menu of %d entries", len(r.Select.Options))
				}
			}
			if rows > 5 {
				return fmt.Errorf("%d rows of components", rows)
			}
			user := tbl.Seats[tbl.Game.Current]
			var clicks []Reply
			for _, row := range r.Buttons {
				if len(row) > 5 {
					return fmt.Errorf("a row of %d buttons", len(row))
				}
				for _, b := range row {
					if len(b.ID) > 100 {
						return fmt.Errorf("button id %q is longer than 100", b.ID)
					}
					clicks = append(clicks, HandleComponent(tbl, user, b.ID, nil))
				}
			}
			if r.Select != nil {
				for _, o := range r.Select.Options {
					clicks = append(clicks, HandleComponent(tbl, user, r.Select.ID, []string{o.Value}))
				}
			}
			for _, c := range clicks {
				if !c.OK {
					return fmt.Errorf("after %s, a button of the turn message is refused: %s", in, c.Text)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%s: %v", e.ID, err)
		}
	}
}

// TestFullBoardIsOneClickAway: every turn message carries a Full board button, which shows anyone
// who clicks it, privately, the whole map (the turn picture shows the squares around the action).
func TestFullBoardIsOneClickAway(t *testing.T) {
	tbl, err := Position("france", 2, 4, 10)
	if err != nil {
		t.Fatal(err)
	}
	buttons, _ := turnComponents(en, tbl)
	var id string
	for _, row := range buttons {
		for _, b := range row {
			if b.Label == "Full board" {
				id = b.ID
			}
		}
	}
	if id == "" {
		t.Fatalf("no Full board button in %v", buttons)
	}
	onlooker := table.User{ID: "z", Name: "zed"}
	r := HandleComponent(tbl, onlooker, id, nil)
	if !r.OK || !r.Ephemeral || r.Image != BoardImage || len(r.Buttons) != 0 || r.Changed {
		t.Fatalf("the Full board button: %+v", r)
	}
}

// A chip action's label does two jobs: the verb phrase the texts use ("you may ...") and the words
// on its button. Where the label is longer than a button's 80 characters (a sale to
// Clermont-Ferrand in Dutch, an upgrade paid with four chips of 1), the button shows the map's
// shorter form, uncut, and the texts keep the whole label.
func TestAChipActionsButtonShowsItsWordsUncut(t *testing.T) {
	blue := msg.Chips([]msg.Chip{{Colour: "blue", Value: 1}, {Colour: "blue", Value: 1}})
	four := msg.Chips([]msg.Chip{{Colour: "blue", Value: 1}, {Colour: "blue", Value: 1}, {Colour: "purple", Value: 1}, {Colour: "orange", Value: 1}})
	for _, a := range []game.LegalAction{
		{Label: "sale", Words: game.Say("france_label_town", "Color", msg.Colour("blue"), "Chips", blue, "Town", msg.Place("Clermont-Ferrand"), "Points", 9)},
		{Label: "upgrade", Words: game.Say("taiwan_label_upgrade", "Role", "farmer", "Square", "F17", "Spot", msg.Spot("field:NL"), "Chips", four)},
	} {
		for _, code := range lang.Codes() {
			p := lang.For(code)
			label, button := labelIn(p, a), fitIn(p, a, 80)
			if n := len([]rune(button)); n > 80 || Truncate(button, 80) != button {
				t.Errorf("%s %s: the button's words are %d characters: %q", code, a.Words.ID, n, button)
			}
			if label == a.Label {
				t.Errorf("%s %s: the label is not the catalogue's", code, a.Words.ID)
			}
			if len([]rune(label)) <= 80 && button != label {
				t.Errorf("%s %s: a label that fits is not its button's words: %q, %q", code, a.Words.ID, label, button)
			}
		}
	}
}
