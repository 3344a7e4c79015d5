package lang

import (
	"slices"
	"strings"

	"golang.org/x/text/language"
)

var codes = []string{"en", "de", "fr", "es", "nl", "zh-TW", "pt"}

// Codes are the languages the catalogues have, as /player settings language: and a table's
// language: setting name them; English first, the language of last resort.
func Codes() []string { return slices.Clone(codes) }

// English is the reference language.
const English = "en"

var tags = func() []language.Tag {
	out := make([]language.Tag, len(codes))
	for i, c := range codes {
		out[i] = language.MustParse(c)
	}
	return out
}()

var matcher = language.NewMatcher(tags)

// Match is the catalogue language for a code or a Discord locale ("de", "es-ES", "es-419",
// "pt-BR", "zh-TW", "en-GB"); English for anything the catalogues lack (Simplified Chinese
// included: its readers are not served by a silent switch of script) and for "".
func Match(code string) string {
	code = strings.TrimSpace(code)
	if code == "" {
		return English
	}
	t, err := language.Parse(code)
	if err != nil {
		return English
	}
	_, i, conf := matcher.Match(t)
	if conf < language.High {
		return English
	}
	return codes[i]
}

// Known reports whether code names a language of the catalogues exactly as Codes spell it
// (case aside), and returns that spelling.
func Known(code string) (string, bool) {
	for _, c := range codes {
		if strings.EqualFold(c, strings.TrimSpace(code)) {
			return c, true
		}
	}
	return "", false
}

// Private is the language of a reply only its reader sees: the player's own setting, else the
// locale of their Discord client.
func Private(override, userLocale string) string {
	if override != "" {
		return Match(override)
	}
	return Match(userLocale)
}

// Public is the language of a message the whole channel reads: the table's language setting,
// else the server's locale.
func Public(tableLanguage, guildLocale string) string {
	if tableLanguage != "" {
		return Match(tableLanguage)
	}
	return Match(guildLocale)
}
