package langtest

import (
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
)

// The keys of the command grammar and of the engine that a reader of another language must never
// meet as words: a spot (city:N, field:NL, cloister) without the reader's word for its feature
// beside it, a chip colour in English, a duration as it is typed (2d), a rule option's key and an
// AI level in English. A key is what a player types where it follows an option's colon (or a
// rule's =): "rules:ferryModel=a", "meeple:city:N", "bank:3d".
var (
	spotKey     = regexp.MustCompile(`(city|road|field):(?:[NESW][LR]?|inner)\b|\bcloister\b`)
	colourKey   = regexp.MustCompile(`\b(blue|purple)\b`)
	durationKey = regexp.MustCompile(`\b\d+[dh]\b`)
	ruleKey     = regexp.MustCompile(`\b[a-z]+(?:[A-Z][a-z]+){2,}\b`)
	aiKey       = regexp.MustCompile(`\bAI (easy|normal|hard|master)\b`)
	// sourceKey is a kind of score the maps name (points by source), but as an option's name
	// (wine:purple) at the local table, where options are typed as declared.
	sourceKey = regexp.MustCompile(`\b(wine|treat|arms|goods) \d`)
)

// InternalKeys are the keys text shows as words to the reader of p: a key is shown as what to
// type where it follows an option's colon, a rule's = or an opening quote (a value the player
// typed, echoed), and beside the reader's words where they stand right before it ("Wiese
// field:NL") or in brackets right after it ("field:NL (Wiese)", "purple (lila)"); a chip's
// colour before its value ("blue 2") is a chip as it is typed.
func InternalKeys(p *lang.Printer, text string) []string {
	var out []string
	typed := func(at int) bool {
		before := strings.TrimSuffix(strings.TrimSuffix(text[:at], " "), "\u00a0") // French « city:N »
		r, _ := utf8.DecodeLastRuneInString(text[:at])
		if strings.HasSuffix(before, "«") {
			return true
		}
		return at > 0 && strings.ContainsRune(":=`„\"“«「'<|", r)
	}
	besideAfter := func(end int, word string) bool {
		rest := text[end:]
		return strings.HasPrefix(rest, " ("+word) || strings.HasPrefix(rest, "（"+word)
	}
	for _, m := range spotKey.FindAllStringIndex(text, -1) {
		key := text[m[0]:m[1]]
		kind, _, _ := strings.Cut(key, ":")
		word := kind
		if id := "engine_feature_" + kind; lang.Default.Has(id) {
			word = p.T(id, nil)
		}
		if typed(m[0]) || word == kind || strings.HasSuffix(text[:m[0]], word+" ") || besideAfter(m[1], word) {
			continue
		}
		out = append(out, key)
	}
	for _, m := range colourKey.FindAllStringIndex(text, -1) {
		key := text[m[0]:m[1]]
		word := p.T("engine_colour_"+key, nil)
		if typed(m[0]) || besideAfter(m[1], word) || chipValue.MatchString(text[m[1]:]) {
			continue
		}
		out = append(out, key)
	}
	for _, re := range []*regexp.Regexp{durationKey, ruleKey, aiKey, sourceKey} {
		for _, m := range re.FindAllStringIndex(text, -1) {
			if !typed(m[0]) {
				out = append(out, text[m[0]:m[1]])
			}
		}
	}
	return out
}

// chipValue is what follows a chip's colour in a chip as it is typed.
var chipValue = regexp.MustCompile(`^ [12]\b`)
