package lang

import (
	"encoding/json"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// A message is one kind of value however it is used: its Error is the English catalogue's text,
// and a message given as another's value is written in the same language as a clause of it
// (without its own stop), beginning with a capital only where a sentence begins, and keeping a
// chosen name as it was typed there.
func TestAMessageInsideAnotherIsWrittenAsAClauseOfIt(t *testing.T) {
	notRated := msg.Message{ID: "not_rated", Args: A{"Why": msg.Message{ID: "unrated_seed"}}}
	dropped := msg.Message{ID: "play_nothing_played", Args: A{"Why": msg.Message{ID: "leaving_drop"}}}
	named := msg.Message{ID: "play_nothing_played", Args: A{"Why": msg.Message{ID: "ev_tile_returned", Args: A{"Player": Name("ann")}}}}
	for _, c := range []struct {
		code string
		m    msg.Message
		want string
	}{
		{"en", notRated, "Not rated: a chosen seed."},
		{"de", notRated, "Nicht gewertet: ein gewählter Seed."},
		{"fr", notRated, "Non classée\u00a0: une graine choisie."},
		{"en", dropped, "Their seat is dropped. Nothing was played."},
		{"de", dropped, "Der Platz entfällt. Es wurde nichts gespielt."},
		{"en", named, "ann's turn is skipped; the tile went back into the stack. Nothing was played."},
	} {
		if got := For(c.code).Message(c.m); got != c.want {
			t.Errorf("%s %s:\n got %q\nwant %q", c.code, c.m.ID, got, c.want)
		}
	}
	if got, want := notRated.Error(), "Not rated: a chosen seed."; got != want {
		t.Errorf("a message's Error is %q, want its English %q", got, want)
	}
}

// TestAPluralMessageReadBackFromARecordTakesItsForm: a game's record keeps a message's count as
// text (msg.Message's JSON), and the message is written in the form of that count still.
func TestAPluralMessageReadBackFromARecordTakesItsForm(t *testing.T) {
	var m msg.Message
	if err := json.Unmarshal([]byte(`{"id":"n_tiles","args":{"Count":"1"}}`), &m); err != nil {
		t.Fatal(err)
	}
	if got := For(English).Message(m); got != "1 tile" {
		t.Fatalf("one tile read back from a record: %q", got)
	}
	m.Args["Count"] = "1234"
	if got := For("de").Message(m); got != "1.234 Plättchen" {
		t.Fatalf("1234 tiles in German read back from a record: %q", got)
	}
}
