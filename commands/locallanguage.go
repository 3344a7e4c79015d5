package commands

import (
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// LocalLanguage answers /player settings language: at a local table, where everyone reads the same
// screen and no Discord tells a locale: the language chosen is the one of every reply there from
// now on ("none": English again). It returns the language's code ("" for none) and false for any
// other command, which the table answers as usual. The other personal settings stay the Discord
// bot's: asked with the language, they are refused and nothing changes.
func LocalLanguage(t *table.Table, in Input) (Reply, string, bool) {
	v, ok := in.Options["language"]
	if in.Command != "player" || in.Sub != "settings" || !ok {
		return Reply{}, "", false
	}
	var others []string
	for name := range in.Options {
		if name != "language" {
			others = append(others, "/player settings "+game.Echo(name))
		}
	}
	if len(others) > 0 {
		return failT(t, in, "set_personal_local", lang.A{"Options": strings.Join(others, ", ")}), "", true
	}
	code := ""
	if !strings.EqualFold(strings.TrimSpace(v), "none") {
		if code, ok = lang.Known(v); !ok {
			return failT(t, in, "prefs_bad_language", lang.A{"Value": game.Echo(v), "Codes": strings.Join(lang.Codes(), ", ")}), "", true
		}
	}
	in.Language = code
	return Reply{OK: true, Ephemeral: true, Table: t, Text: in.own().T("local_language_set", nil)}, code, true
}
