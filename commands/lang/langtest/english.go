// Package langtest finds the English catalogue in a text written for a reader of another
// language: the one check the no-English tests of commands, bot and bot/web share.
package langtest

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
)

// English is the English catalogue's messages a reader of one language must never see, each as a
// pattern: its words, with any text where it has a placeholder.
type English struct {
	patterns map[string]pattern
}

type pattern struct {
	re *regexp.Regexp
	// longest is the message's longest literal part, which a text must hold before the pattern
	// is tried (most texts hold none, and a regexp is slow).
	longest string
}

// Found is a message of the English catalogue found in a text.
type Found struct {
	ID    string // the message's id, and which of its plural forms (#n)
	Match string
}

func (f Found) String() string { return fmt.Sprintf("%s %q", f.ID, f.Match) }

// skipped are the messages whose English a reader of any language may see: names (places, maps,
// commands and their descriptions and choices, languages, colours as typed), the words drawn only
// in pictures, and messages written alike in every language.
func skipped(id string) bool {
	switch id {
	case "list_sep", "ev_scored", "web_lang_name":
		return true
	}
	for _, prefix := range []string{"place_", "map_", "name_", "choice_", "cmd_", "pic_", "legend_", "colour_",
		"engine_feature_"} { // "cloister" is also a spot's name as it is typed (cloister, city:N)
		if strings.HasPrefix(id, prefix) {
			return true
		}
	}
	return false
}

var (
	mu    sync.Mutex
	built = map[string]*English{}
)

// least is the fewest letters a message's words must hold to be looked for: fewer ("Chips",
// "{{.A}}, {{.B}}") say nothing of a language.
const least = 8

// For is the English a reader of language code must not see: every message of the catalogues
// but the skipped ones, those with fewer than 8 letters, and those whose English the language
// itself writes (another of its messages holds it: "UTC" after a German date, "Points" in French
// "Points de ligue"). The messages whose ids begin with one of short are looked for down to 3
// letters: a test of texts made of one area's short words (a web page's "Copy", "Key") names
// that area. It is built once per language and short.
func For(tb testing.TB, code string, short ...string) *English {
	tb.Helper()
	key := code + "\x00" + strings.Join(short, ",")
	mu.Lock()
	defer mu.Unlock()
	if e, ok := built[key]; ok {
		return e
	}
	p := lang.For(code)
	var own []string
	for _, id := range lang.Default.IDs() {
		own = append(own, p.T(id, nil))
	}
	holder := regexp.MustCompile(`\{\{[^}]*\}\}`)
	e := &English{patterns: map[string]pattern{}}
	for _, id := range lang.Default.IDs() {
		if skipped(id) {
			continue
		}
		for n, form := range lang.Default.EnglishForms(id) {
			form = strings.TrimSpace(form)
			var parts []string
			letters, longest := 0, ""
			for _, lit := range holder.Split(form, -1) {
				parts = append(parts, regexp.QuoteMeta(lit))
				letters += countLetters(lit)
				if countLetters(lit) > countLetters(longest) {
					longest = lit
				}
			}
			if letters < least && !(letters >= 3 && hasPrefix(id, short)) {
				continue
			}
			expr := strings.Join(parts, `.{0,200}?`)
			// A message begins and ends where words do: "turn" is no message in "Zugreturn".
			if r := []rune(form); len(r) > 0 && isWord(r[0]) {
				expr = `\b` + expr
			}
			if r := []rune(form); len(r) > 0 && isWord(r[len(r)-1]) {
				expr += `\b`
			}
			re := regexp.MustCompile(expr)
			// The language's own message holds the English words ("UTC" after a German date).
			alike := code == lang.English || strings.Contains(p.T(id, nil), strings.TrimSpace(longest))
			for _, o := range own {
				alike = alike || (strings.Contains(o, longest) && re.MatchString(o))
			}
			if !alike {
				e.patterns[fmt.Sprintf("%s#%d", id, n)] = pattern{re, longest}
			}
		}
	}
	if len(e.patterns) < 100 {
		tb.Fatalf("only %d English messages to look for in %s", len(e.patterns), code)
	}
	built[key] = e
	return e
}

func hasPrefix(id string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(id, p) {
			return true
		}
	}
	return false
}

func countLetters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
		}
	}
	return n
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

// Len is how many messages are looked for.
func (e *English) Len() int { return len(e.patterns) }

// Find lists the English messages text holds, by id.
func (e *English) Find(text string) []Found {
	var out []Found
	for id, p := range e.patterns {
		if !strings.Contains(text, p.longest) {
			continue
		}
		if m := p.re.FindString(text); m != "" {
			out = append(out, Found{id, m})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Check fails the test for each English message text holds; what says where text was read.
func (e *English) Check(tb testing.TB, what, text string) {
	tb.Helper()
	for _, f := range e.Find(text) {
		tb.Errorf("%s: English of %s in %q", what, f, text)
	}
}

// CheckReader fails the test, once for each message and each key, for every English message and
// internal key (InternalKeys) the reader of language code meets in texts: what a whole game said
// to them.
func CheckReader(tb testing.TB, code string, texts []string) {
	tb.Helper()
	english, p := For(tb, code), lang.For(code)
	seen := map[string]bool{}
	for _, text := range texts {
		for _, f := range english.Find(text) {
			if !seen[f.ID] {
				seen[f.ID] = true
				tb.Errorf("English of %s in %s: %q", f, code, text)
			}
		}
		for _, k := range InternalKeys(p, text) {
			if !seen[k] {
				seen[k] = true
				tb.Errorf("the internal key %q in %s: %q", k, code, text)
			}
		}
	}
}
