package commands

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang/langtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestAGermanPlayerAsksHintsReplaysAndExportsInGerman: /turn hint, /carc replay and /carc export,
// their answers and their refusals, are written in the asking player's language: no sentence of
// the English catalogue, no English word.
func TestAGermanPlayerAsksHintsReplaysAndExportsInGerman(t *testing.T) {
	patterns := langtest.For(t, "de")
	de := Langs{Locale: "de"}
	on := hintTable(t, "france", 3, 12, true)
	off := hintTable(t, "france", 3, 12, false)
	mover, other := on.Seats[on.Game.Current], on.Seats[1-on.Game.Current]
	lobby := Handle(nil, Input{User: mover, Command: "carc", Sub: "new", Options: map[string]string{"hints": "true"}, Langs: de}).Table
	for _, c := range []struct {
		name  string
		table *table.Table
		user  table.User
		sub   string
		opts  map[string]string
		want  string
	}{
		{"a hint", on, mover, "hint", nil, "Tipp, nur für dich (die KI „normal“"},
		{"a deep hint refused", on, mover, "hint", map[string]string{"depth": "tief"}, "ist keine Tipp-Tiefe"},
		{"hints off", off, mover, "hint", nil, "Tipps sind an diesem Tisch ausgeschaltet"},
		{"a hint out of turn", on, other, "hint", nil, "Am Zug ist " + mover.Name + ": Ein Tipp ist nur"},
		{"a hint in the lobby", lobby, mover, "hint", nil, "Hier läuft keine Partie"},
		{"a replay", on, mover, "replay", map[string]string{"move": "3"}, "nach Zug 3 von 5."},
		{"a replay refused", on, mover, "replay", map[string]string{"move": "40"}, "ist kein beendeter Zug: Wähle einen Zug von 1 bis 5."},
		{"a replay of a lobby", lobby, mover, "replay", map[string]string{"move": "1"}, "Es gibt noch nichts nachzuspielen"},
		{"an export", on, mover, "export", nil, "Das bisherige Protokoll dieser Partie (11 Züge)"},
		{"an export refused", on, mover, "export", map[string]string{"format": "jcloisterzone"}, "Noch keine JCloisterZone-Datei"},
		{"an export of a lobby", lobby, mover, "export", nil, "Es gibt noch nichts aufzuzeichnen"},
		{"a format refused", on, mover, "export", map[string]string{"format": "pdf"}, "Das Format pdf gibt es nicht"},
	} {
		r := Handle(c.table, Input{User: c.user, Command: CommandOf(c.sub), Sub: c.sub, Options: c.opts, Langs: de})
		if !strings.Contains(r.Text, c.want) {
			t.Errorf("%s: %q, want %q", c.name, r.Text, c.want)
		}
		noEnglish(t, patterns, c.name, r.Text)
	}
}
