package lang

import (
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/BurntSushi/toml"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// A glossary is a language's chosen words (catalog/glossary/CODE.toml): for each concept the term
// its catalogue uses and the variants it must not, so that a later change cannot bring back a
// word the language review took out.
type glossary struct {
	Language string
	Register string
	Edition  string
	Notes    []string
	Terms    []glossaryTerm `toml:"term"`
	// Ignore are names that hold a forbidden word and are no translation (Map-Chips).
	Ignore    []string
	Spacing   spacingRule
	Punctuate struct{ Rule string } `toml:"punctuation"`
}

type glossaryTerm struct {
	Concept string
	// Preferred is the term the catalogue uses, its forms separated by " / " (Gefolgsmann /
	// Gefolgsleute).
	Preferred string
	Forbidden []string
	// Except are the messages where a forbidden variant is what a player types (meeple, ai,
	// thread), not a translation.
	Except []string
	Note   string
}

// spacingRule is Traditional Chinese's rule for spaces between Chinese and Latin script (see
// zhtw_test.go).
type spacingRule struct {
	Rule string
	// Spaced and Unspaced classify the template values by what they hold: names, numbers and
	// commands are set apart from Chinese characters by a space, Chinese words are not.
	Spaced, Unspaced []string
	// SpacedIn and UnspacedIn classify a value in one message ("id.Name") where it holds
	// something else than elsewhere.
	SpacedIn   []string `toml:"spaced_in"`
	UnspacedIn []string `toml:"unspaced_in"`
}

// reviewedConcepts are the concepts every glossary settles (issue #48's language review).
var reviewedConcepts = []string{"city", "road", "field", "cloister", "meeple", "tile", "chip", "face-down",
	"commitment", "turn", "score", "deadline", "league", "season", "rating", "thread", "player", "AI",
	"vacation", "follow"}

// glossaries are the glossaries of the embedded catalogues, by language.
func glossaries(t *testing.T) map[string]glossary {
	t.Helper()
	names, err := fs.Glob(embedded, "catalog/glossary/*.toml")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]glossary{}
	for _, name := range names {
		code := strings.TrimSuffix(path.Base(name), ".toml")
		if _, ok := Known(code); !ok {
			t.Errorf("%s: %s is not a language of the catalogues", name, code)
			continue
		}
		data, err := embedded.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var g glossary
		if _, err := toml.Decode(string(data), &g); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if g.Language != code {
			t.Errorf("%s: language = %q, want %q", name, g.Language, code)
		}
		out[code] = g
	}
	return out
}

// catalogueTexts are the texts of a language's messages as its files hold them (templates not
// run), every plural form, by id.
func catalogueTexts(t *testing.T, code string) map[string][]string {
	t.Helper()
	files, err := fs.Glob(embedded, "catalog/*/"+code+".toml")
	if err != nil {
		t.Fatal(err)
	}
	type file struct {
		fsys fs.FS
		name string
	}
	var all []file
	for _, name := range append([]string{"catalog/" + code + ".toml"}, files...) {
		if !strings.HasPrefix(name, "catalog/glossary/") {
			all = append(all, file{embedded, name})
		}
	}
	// The catalogues their owners keep (the maps'), which the bot reads as one with these.
	owners := msg.Catalogues()
	if len(owners) == 0 {
		t.Fatal("no owner registered a catalogue: the maps' words are not checked")
	}
	for _, o := range owners {
		all = append(all, file{o.FS, code + ".toml"})
	}
	out := map[string][]string{}
	for _, f := range all {
		name := f.name
		data, err := fs.ReadFile(f.fsys, name)
		if err != nil {
			t.Fatal(err)
		}
		var msgs map[string]any
		if _, err := toml.Decode(string(data), &msgs); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for id, v := range msgs {
			switch m := v.(type) {
			case string:
				out[id] = append(out[id], m)
			case map[string]any:
				for _, k := range slices.Sorted(maps.Keys(m)) {
					if s, ok := m[k].(string); ok {
						out[id] = append(out[id], s)
					}
				}
			}
		}
	}
	return out
}

var (
	action   = regexp.MustCompile(`\{\{.*?\}\}`)
	codeSpan = regexp.MustCompile("`[^`]*`")
	// typedValue is an option as a player types it, with its value: to:thread, city:N,
	// {{opt `place square`}}:F7, player:{{.Name}}.
	typedValue = regexp.MustCompile(`(?:[\p{L}\p{N}_-]+|\{\{[^}]*\}\}):(?:\{\{[^}]*\}\}|[^\s,;()«»"“”„])+`)
)

// wordsOf is the part of a text written in the language: the text without the option:value a
// player types, its template actions ({{.Player}}, {{cmd `place`}}), its code spans and the names
// its glossary ignores.
func wordsOf(text string, ignore ...string) string {
	text = typedValue.ReplaceAllString(text, " ")
	text = action.ReplaceAllString(text, " ")
	text = codeSpan.ReplaceAllString(text, " ")
	for _, name := range ignore {
		text = strings.ReplaceAll(text, name, " ")
	}
	return text
}

// variantPattern finds a glossary's word in a text, whole where it begins or ends with a letter
// of a script that separates words with spaces (an apostrophe joins words: "n'ai" holds no "ai"),
// anywhere in Chinese.
func variantPattern(v string) *regexp.Regexp {
	expr := regexp.QuoteMeta(v)
	r := []rune(v)
	spaced := func(c rune) bool { return (unicode.IsLetter(c) || unicode.IsDigit(c)) && !unicode.Is(unicode.Han, c) }
	if spaced(r[0]) {
		expr = `(?:^|[^\p{L}\p{N}'’])` + expr
	}
	if spaced(r[len(r)-1]) {
		expr += `(?:$|[^\p{L}\p{N}'’])`
	}
	return regexp.MustCompile(`(?i)` + expr)
}

// TestEveryTextUsesItsGlossarysTerms: no text of a language with a glossary uses a variant its
// glossary forbids (a German reader never meets "Verpflichtung" for the commitment, a Chinese one
// 城堡 for a city), except where the variant is what a player types.
func TestEveryTextUsesItsGlossarysTerms(t *testing.T) {
	for code, g := range glossaries(t) {
		texts := catalogueTexts(t, code)
		ids := slices.Sorted(maps.Keys(texts))
		for _, term := range g.Terms {
			for _, v := range term.Forbidden {
				re := variantPattern(v)
				for _, id := range ids {
					if slices.Contains(term.Except, id) {
						continue
					}
					for _, text := range texts[id] {
						if m := re.FindString(wordsOf(text, g.Ignore...)); m != "" {
							t.Errorf("%s %s: %q is not the word for %s: the glossary says %q (in %q)", code, id, strings.TrimSpace(m), term.Concept, term.Preferred, text)
						}
					}
				}
			}
		}
	}
}

// TestGlossariesSettleTheReviewedConcepts: a glossary names the language's register and edition,
// settles every concept of the review, and holds only what its catalogue bears out: each
// preferred term is used, and each exception still holds the variant it excuses.
func TestGlossariesSettleTheReviewedConcepts(t *testing.T) {
	gs := glossaries(t)
	for _, code := range Codes() {
		if code == "en" {
			continue
		}
		if _, ok := gs[code]; !ok {
			t.Errorf("no glossary for %s (catalog/glossary/%s.toml)", code, code)
		}
	}
	for code, g := range gs {
		if g.Register == "" || g.Edition == "" {
			t.Errorf("%s: the glossary names no register or no edition", code)
		}
		for _, c := range reviewedConcepts {
			if !slices.ContainsFunc(g.Terms, func(term glossaryTerm) bool { return strings.HasPrefix(term.Concept, c) }) {
				t.Errorf("%s: the glossary settles no term for %q", code, c)
			}
		}
		texts := catalogueTexts(t, code)
		var all strings.Builder
		for _, forms := range texts {
			for _, f := range forms {
				all.WriteString(wordsOf(f, g.Ignore...) + "\n")
			}
		}
		written := strings.ToLower(all.String())
		for _, term := range g.Terms {
			if term.Preferred == "" || !slices.ContainsFunc(strings.Split(term.Preferred, " / "), func(form string) bool {
				return strings.Contains(written, strings.ToLower(strings.TrimSpace(form)))
			}) {
				t.Errorf("%s: %s: the preferred term %q is used nowhere in the catalogue", code, term.Concept, term.Preferred)
			}
			for _, id := range term.Except {
				forms, ok := texts[id]
				if !ok {
					t.Errorf("%s: %s: the exception %s is not a message", code, term.Concept, id)
					continue
				}
				used := false
				for _, v := range term.Forbidden {
					for _, f := range forms {
						used = used || variantPattern(v).MatchString(wordsOf(f, g.Ignore...))
					}
				}
				if !used {
					t.Errorf("%s: %s: the exception %s holds none of %v any more: drop it", code, term.Concept, id, term.Forbidden)
				}
			}
		}
	}
}

// TestAGlossaryFindsItsForbiddenWords: the check finds a forbidden word as a whole word, in any
// case, and leaves alone what only contains it, what a player types and template actions.
func TestAGlossaryFindsItsForbiddenWords(t *testing.T) {
	for _, c := range []struct {
		variant, text string
		found         bool
	}{
		{"manche", "La manche 2 commence.", true},
		{"manche", "Manche 2 : 3 parties.", true},
		{"manche", "Manchester, Southampton", false},
		{"meeple", "{{cmd `meeple`}} {{opt `meeple spot`}}:city:N", false},
		{"thread", "ajoutez to:thread pour un fil", false},
		{"thread", "un thread des abonnés", true},
		{"AI", "une partie contre l'IA", false},
		{"AI", "je n'ai pas pu", false},
		{"t'", "je ne peux pas t'envoyer de message", true},
		{"toi", "À toi de jouer", true},
		{"te", "Ce texte est écrit", false},
		{"城堡", "完成了一座城堡。", true},
		{"城堡", "`城堡` 只是範例", false},
		{"’", "d’abord", true},
		{"réserve de temps", "sa Réserve de temps est vide", true},
		{"Spieler", "player:{{.Name}} sitzt nicht an diesem Tisch", false},
	} {
		if got := variantPattern(c.variant).MatchString(wordsOf(c.text)); got != c.found {
			t.Errorf("%q in %q: found %v, want %v", c.variant, c.text, got, c.found)
		}
	}
}

// glossaryOf is one language's glossary.
func glossaryOf(t *testing.T, code string) glossary {
	t.Helper()
	g, ok := glossaries(t)[code]
	if !ok {
		t.Fatalf("no glossary for %s", code)
	}
	return g
}
