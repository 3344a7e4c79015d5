package game

import (
	"errors"
	"reflect"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// TestSayKeepsValuesAndParts: a message's values are written as text, and a Words value is a part
// of the sentence, written in the reader's language in its turn.
func TestSayKeepsValuesAndParts(t *testing.T) {
	why := Say("engine_why_alone")
	w := Say("engine_square_refused", "Square", At(3, 4), "Turn", 7, "Why", why)
	want := Words{ID: "engine_square_refused", Args: msg.Args{"Square": "D5", "Turn": "7", "Why": why}}
	if !reflect.DeepEqual(w, want) {
		t.Fatalf("Say = %+v, want %+v", w, want)
	}
	if !(Words{}).IsZero() || w.IsZero() {
		t.Fatal("only Words without an id are zero")
	}
}

// TestARefusalNamesItsMessageAndWritesItsEnglishFromTheCatalogue: the engine's refusals carry
// their message's id and values, so that a reader of any language reads them in theirs, and their
// English (Error, logs) is the English catalogue's.
func TestARefusalNamesItsMessageAndWritesItsEnglishFromTheCatalogue(t *testing.T) {
	m := ClassicMap()
	g, err := NewGame(m, nil, Setup{Players: []string{"a", "b"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	centre := m.Centre()
	var me *MoveError
	for _, c := range []struct {
		move  Move
		id    string
		args  map[string]string
		parts []string
		msg   string
	}{
		{Move{Kind: MovePlace, Player: 0, Square: centre}, "engine_square_taken",
			map[string]string{"Square": centre.String(), "Tile": "D", "Turn": "0"}, nil, centre.String() + " already holds a tile (D, placed in turn 0)."},
		{Move{Kind: MovePlace, Player: 0, Square: At(0, 0)}, "engine_square_refused",
			map[string]string{"Square": "A1"}, []string{"Why"}, "A1 cannot take a tile: it touches no placed tile (a tile must share an edge with one)."},
		{Move{Kind: MovePlace, Player: 1, Square: centre}, "engine_not_your_turn", map[string]string{"Player": "a"}, nil, "It is a's turn, not yours."},
		{Move{Kind: MoveMeeple, Player: 0, Spot: "none"}, "engine_wrong_phase_place", map[string]string{"Tile": g.Drawn.String()}, []string{"Move"},
			"You cannot place a meeple now: first place your tile " + g.Drawn.String() + " (/place)."},
	} {
		err := g.Clone().Play(c.move)
		if !errors.As(err, &me) {
			t.Fatalf("%+v: %v is not a refusal", c.move, err)
		}
		values := map[string]string{}
		for k, v := range me.Args {
			switch v := v.(type) {
			case string:
				values[k] = v
			case msg.Value:
				values[k] = v.Text
			}
		}
		if me.ID != c.id || !reflect.DeepEqual(values, c.args) {
			t.Errorf("%+v: %s %v, want %s %v", c.move, me.ID, me.Args, c.id, c.args)
		}
		for _, p := range c.parts {
			if part, ok := me.Args[p].(msg.Message); !ok || part.IsZero() {
				t.Errorf("%+v: no part %s in %+v", c.move, p, me.Words)
			}
		}
		if got := me.Words.English(); got != c.msg {
			t.Errorf("%+v: the English is %q, want %q", c.move, got, c.msg)
		}
	}
}

// TestTheEngineSaysTheOneMessage: the engine's and the maps' Words are the one typed message
// every part of the bot writes (msg.Message), built and printed one way.
func TestTheEngineSaysTheOneMessage(t *testing.T) {
	if reflect.TypeOf(Words{}) != reflect.TypeOf(msg.Message{}) {
		t.Fatalf("game.Words is %v, not msg.Message", reflect.TypeOf(Words{}))
	}
	w := Say(idEngineScoreTiles, "Count", msg.Count(3))
	if got := w.English(); got != "3 tiles" {
		t.Fatalf("the English of %v is %q", w, got)
	}
}
