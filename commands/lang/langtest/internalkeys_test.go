package langtest

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	// The engine's words (its features and colours) are the engine's catalogue.
	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TestItFindsTheKeysShownAsWordsAndNotThoseToType: a key the reader meets as a word is found; the
// same key as what to type, or beside the reader's word for it, is not.
func TestItFindsTheKeysShownAsWordsAndNotThoseToType(t *testing.T) {
	de := lang.For("de")
	for text, want := range map[string][]string{
		"p1 setzt einen Gefolgsmann auf field:NL (M5).":  {"field:NL"},
		"p1 setzt einen Gefolgsmann auf Wiese field:NL.": nil,
		"Plätze: city:N (Stadt), cloister (Kloster).":    nil,
		"/meeple spot:city:N":                            nil,
		"„city:N“ ist kein Platz.":                       nil,
		"Chips blue 2, Farbe purple":                     {"purple"},
		"nimm purple (lila) oder blue (hellblau)":        nil,
		"Frist: 2d pro Zug":                              {"2d"},
		"(rules:ferryModel=a)":                           nil,
		"Regel largeCityAnchorBeforeConnection = false":  {"largeCityAnchorBeforeConnection"},
		"AI easy ist beigetreten":                        {"AI easy"},
		"Punkte nach Herkunft: ann: wine 9, Städte 4":    {"wine 9"},
		"Punkte nach Herkunft: ann: Wein 9, Städte 4":    nil,
	} {
		if got := InternalKeys(de, text); !slices.Equal(got, want) {
			t.Errorf("%q: found %q, want %q", text, got, want)
		}
	}
}
