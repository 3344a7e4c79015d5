package lang

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"

	"github.com/BurntSushi/toml"
)

// A glossary (catalog/glossary/CODE.toml) is a language's reviewed terms: for each concept the
// term its catalogue uses and the variants none of its texts may use, so that a later change
// cannot bring back a word the review took out.
type glossary struct {
	Language string
	Register string
	Edition  string
	Notes    []string
	// Ignore are names written the same in every language (Map-Chips) that hold a forbidden
	// variant as a word: they are taken out of a text before it is checked.
	Ignore []string
	Term   []glossaryTerm
}

type glossaryTerm struct {
	Concept string
	// Preferred is the term the catalogue uses; its forms are separated by " / ".
	Preferred string
	// Forbidden are the variants no text may hold, as whole words and case aside.
	Forbidden []string
	// Except are the messages where a forbidden variant is what a player types (meeple, ai).
	Except []string
	Note   string
}

// requiredConcepts are the concepts every glossary covers (its concepts begin with these).
var requiredConcepts = []string{"city", "road", "field", "cloister", "meeple", "tile", "chip", "face-down",
	"commitment", "turn", "score", "deadline", "league", "season", "rating", "thread", "player", "AI",
	"vacation", "follow"}

// readGlossaries are the glossaries of fsys, by language.
func readGlossaries(fsys fs.FS) (map[string]*glossary, error) {
	files, err := fs.Glob(fsys, "catalog/glossary/*.toml")
	if err != nil {
		return nil, err
	}
	out := map[string]*glossary{}
	for _, name := range files {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		g := new(glossary)
		if _, err := toml.Decode(string(data), g); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		code := strings.TrimSuffix(path.Base(name), ".toml")
		if g.Language != code {
			return nil, fmt.Errorf("%s: language = %q, want %q", name, g.Language, code)
		}
		out[code] = g
	}
	return out, nil
}

// catalogueText is one form of one message of a language, as its file holds it.
type catalogueText struct {
	file, id, text string
}

// catalogueTexts are every form of every message of language code in fsys's catalogues.
func catalogueTexts(fsys fs.FS, code string) ([]catalogueText, error) {
	var out []catalogueText
	err := fs.WalkDir(fsys, "catalog", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Base(name) != code+".toml" || path.Dir(name) == "catalog/glossary" {
			return err
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		var msgs map[string]any
		if _, err := toml.Decode(string(data), &msgs); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		for id, v := range msgs {
			switch m := v.(type) {
			case string:
				out = append(out, catalogueText{name, id, m})
			case map[string]any:
				for _, f := range m {
					if s, ok := f.(string); ok {
						out = append(out, catalogueText{name, id, s})
					}
				}
			}
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool {
		if out[i].file != out[j].file {
			return out[i].file < out[j].file
		}
		return out[i].id < out[j].id
	})
	return out, err
}

var (
	// typedOption is an option as a player types it, with its value: to:thread, city:N,
	// {{opt `place square`}}:F7, player:{{.Name}}.
	typedOption = regexp.MustCompile(`(?:[\p{L}\p{N}_-]+|\{\{[^}]*\}\}):(?:\{\{[^}]*\}\}|[^\s,;)“”„"«»])+`)
	// templateAction is what a template writes in the reader's language itself: a value, a
	// command's or an option's name.
	templateAction = regexp.MustCompile(`\{\{[^}]*\}\}`)
	codeSpan       = regexp.MustCompile("`[^`]*`")
)

// readerWords are the words of a catalogue text the language itself writes: without what a
// player types (options with their values, code) or what the template fills in.
func readerWords(text string, ignore []string) string {
	text = typedOption.ReplaceAllString(text, " ")
	text = templateAction.ReplaceAllString(text, " ")
	text = codeSpan.ReplaceAllString(text, " ")
	for _, name := range ignore {
		text = strings.ReplaceAll(text, name, " ")
	}
	return text
}

// variantPattern finds a variant as a whole word (or phrase), case aside; a variant in a
// script written without spaces (Han) is found anywhere, and a side of it that is punctuation
// needs no boundary.
func variantPattern(v string) *regexp.Regexp {
	isWord := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	runes := []rune(v)
	expr := regexp.QuoteMeta(v)
	spaced := !strings.ContainsFunc(v, func(r rune) bool { return unicode.Is(unicode.Han, r) })
	if spaced && isWord(runes[0]) {
		expr = `(?:^|[^\p{L}\p{N}_])` + expr
	}
	if spaced && isWord(runes[len(runes)-1]) {
		expr += `(?:[^\p{L}\p{N}_]|$)`
	}
	return regexp.MustCompile(`(?i)` + expr)
}

// glossaryBreaches are the texts of language code that use a variant its glossary forbids, and
// the glossary's preferred terms no text of the language uses (a glossary that no longer
// describes its catalogue).
func glossaryBreaches(fsys fs.FS, code string, g *glossary) ([]string, error) {
	texts, err := catalogueTexts(fsys, code)
	if err != nil {
		return nil, err
	}
	if len(texts) == 0 {
		return nil, fmt.Errorf("no catalogue text in %s", code)
	}
	var out []string
	for _, t := range g.Term {
		if t.Concept == "" || t.Preferred == "" {
			out = append(out, fmt.Sprintf("glossary/%s.toml: a term without its concept or preferred term (%q)", code, t.Concept))
			continue
		}
		used := false
		for _, p := range strings.Split(t.Preferred, " / ") {
			for _, x := range texts {
				used = used || strings.Contains(strings.ToLower(x.text), strings.ToLower(strings.TrimSpace(p)))
			}
		}
		if !used {
			out = append(out, fmt.Sprintf("glossary/%s.toml: %s: no text uses %q", code, t.Concept, t.Preferred))
		}
		for _, v := range t.Forbidden {
			re := variantPattern(v)
			for _, x := range texts {
				if contains(t.Except, x.id) {
					continue
				}
				if m := re.FindString(readerWords(x.text, g.Ignore)); m != "" {
					out = append(out, fmt.Sprintf("%s: %s uses %q for %s (the glossary's term: %s): %q", x.file, x.id, matched(m), t.Concept, t.Preferred, x.text))
				}
			}
		}
	}
	for _, want := range requiredConcepts {
		found := false
		for _, t := range g.Term {
			found = found || strings.HasPrefix(strings.ToLower(t.Concept), strings.ToLower(want))
		}
		if !found {
			out = append(out, fmt.Sprintf("glossary/%s.toml: no term for %s", code, want))
		}
	}
	return out, nil
}

// matched is a found variant without the characters around it that bound it.
func matched(m string) string {
	if w := strings.TrimFunc(m, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }); w != "" {
		return w
	}
	return strings.TrimSpace(m)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestEveryCatalogueFollowsItsGlossary: no text of a language with a glossary uses a variant
// the glossary forbids (an English word, a European Portuguese form, a second word for the
// same thing), and the glossary covers the concepts every language must fix.
func TestEveryCatalogueFollowsItsGlossary(t *testing.T) {
	gs, err := readGlossaries(embedded)
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"de", "nl", "pt"} {
		if gs[code] == nil {
			t.Errorf("no glossary for %s (catalog/glossary/%s.toml)", code, code)
		}
	}
	for code, g := range gs {
		if _, ok := Known(code); !ok || code == English {
			t.Errorf("glossary/%s.toml: %s is not a translated language of the catalogues", code, code)
			continue
		}
		breaches, err := glossaryBreaches(embedded, code, g)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range breaches {
			t.Error(b)
		}
	}
}

// TestTheGlossaryFindsAForbiddenVariant: a German text that calls the chip "das verdeckte Chip"
// again (in any case), or the commitment a Verpflichtung, is found out, naming its file and
// message; the same word as an option's value, a command's name, in code or in a placeholder is
// not, nor is a name the glossary ignores.
func TestTheGlossaryFindsAForbiddenVariant(t *testing.T) {
	g := &glossary{Language: "de", Ignore: []string{"Map-Chips"}, Term: []glossaryTerm{
		{Concept: "chip", Preferred: "Chip", Forbidden: []string{"das verdeckte Chip", "Token"}},
		{Concept: "commitment", Preferred: "Festlegung", Forbidden: []string{"Verpflichtung"}},
		{Concept: "AI", Preferred: "KI", Forbidden: []string{"AI"}},
	}}
	fsys := fstest.MapFS{
		"catalog/de.toml": {Data: []byte(`ok = "Der Chip, die Festlegung, die KI: Map-Chips Token:x und {{opt ` + "`ai`" + `}}:ai, ` + "`AI`" + `, {{.AI}}."` + "\n" +
			`hint = "Dein Plättchen deckt das Verdeckte Chip auf."` + "\n")},
		"catalog/web/de.toml": {Data: []byte(`web = { one = "Die Verpflichtung", other = "Die Festlegungen" }` + "\n")},
	}
	got, err := glossaryBreaches(fsys, "de", g)
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{"catalog/web/de.toml: web uses \"Verpflichtung\"", "catalog/de.toml: hint uses \"das Verdeckte Chip\"", "no term for city"} {
		if !strings.Contains(joined, want) {
			t.Errorf("the breaches lack %q:\n%s", want, joined)
		}
	}
	for _, wrong := range []string{`ok uses`, `"Token"`} {
		if strings.Contains(joined, wrong) {
			t.Errorf("a typed value, a name or a placeholder counted as a variant (%s):\n%s", wrong, joined)
		}
	}
}
