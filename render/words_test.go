package render

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// TestEveryCharacterOfTheCataloguesIsDrawn: every character of every message and place name in
// every language (Traditional Chinese above all) is in an embedded font, so no picture draws an
// empty box or leaves a character out.
func TestEveryCharacterOfTheCataloguesIsDrawn(t *testing.T) {
	for _, code := range lang.Codes() {
		p := lang.For(code)
		missing := map[rune]string{}
		for _, id := range lang.Default.IDs() {
			text := p.T(id, nil)
			if lang.Default.Plural(id) {
				text = p.N(id, 1, nil) + p.N(id, 2, nil) + p.N(id, 1000000, nil)
			}
			for _, r := range text {
				if r != '\n' && r != '\t' && !drawable(r) {
					missing[r] = id
				}
			}
		}
		for r, id := range missing {
			t.Errorf("%s: %q (U+%04X) of %s is in no embedded font", code, r, r, id)
		}
	}
}

// TestEveryMapLegendLineIsTranslated: each legend line of each map file has its message, whose
// English is the map's own words, so a legend line added to a map cannot go untranslated.
func TestEveryMapLegendLineIsTranslated(t *testing.T) {
	files, err := filepath.Glob("../variants/*/*.map")
	if err != nil || len(files) == 0 {
		t.Fatalf("no map files: %v", err)
	}
	en := commands.WordsFor(lang.English)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := game.ParseMap(filepath.Base(f), bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range m.Legend {
			id := legendID(m.ID, e.Key, e.Value)
			if !lang.Default.Has(id) {
				t.Errorf("%s: legend %s=%s has no message %s", f, e.Key, e.Value, id)
			} else if got := en.T(id, nil); got != e.Text {
				t.Errorf("%s: %s is %q in English, the map says %q", f, id, got, e.Text)
			}
		}
	}
}

// TestEveryPlaceDrawnHasItsNameInEveryLanguage: each name a map draws (squares and towns, large
// cities, islands, border connections, areas) has its message (place_NAME), so every language
// says what a place is called there: in Chinese, every place is written in Chinese characters.
func TestEveryPlaceDrawnHasItsNameInEveryLanguage(t *testing.T) {
	files, err := filepath.Glob("../variants/*/*.map")
	if err != nil || len(files) == 0 {
		t.Fatalf("no map files: %v", err)
	}
	zh := commands.WordsFor("zh-TW")
	for _, f := range files {
		if filepath.Base(filepath.Dir(f)) == "testmaps" {
			continue // the maps of the tests name made-up places
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := game.ParseMap(filepath.Base(f), bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		m.Squares(func(_ game.Square, i *game.SquareInfo) { names = append(names, i.Name) })
		for _, c := range m.Cities {
			names = append(names, c.Name)
		}
		for _, i := range m.Islands {
			names = append(names, i.Name)
		}
		for _, c := range m.Borders {
			names = append(names, c.Name)
		}
		for _, a := range m.Areas {
			names = append(names, a.Name)
		}
		for _, name := range names {
			if name == "" {
				continue
			}
			if got := zh.Place(name); !strings.ContainsFunc(got, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Errorf("%s: %q has no place message (it is %q in Chinese)", f, name, got)
			}
		}
	}
}

// TestAPieceLabelGoesByItsPlacesName: a variant's label naming a place ("Texel:", an island's
// stack) is written with the place's name in the language.
func TestAPieceLabelGoesByItsPlacesName(t *testing.T) {
	v := &game.View{Marks: []game.Mark{{Kind: game.MarkLabel, Text: "Texel:"}, {Kind: game.MarkLabel, Text: "3"}, {Kind: game.MarkChip}}}
	got := withLabels(v, words{commands.WordsFor("zh-TW")})
	if got.Marks[0].Text != "特塞爾島:" || got.Marks[1].Text != "3" || v.Marks[0].Text != "Texel:" {
		t.Fatalf("labels in Chinese: %+v (the view's own: %+v)", got.Marks, v.Marks)
	}
}

// TestALabelsMessageIsWrittenInTheLanguage: a variant's label given as a message (Benelux's
// "Texel's stack 1:") is written in the picture's language, its place by its common name and its
// number in the language's digits, never as the engine's English.
func TestALabelsMessageIsWrittenInTheLanguage(t *testing.T) {
	stack := game.Say("benelux_label_stack", "Stack", game.Say("benelux_stack", "Island", msg.Place("Texel"), "N", msg.Count(1)))
	v := &game.View{Marks: []game.Mark{{Kind: game.MarkLabel, Words: stack}}}
	for code, want := range map[string]string{"zh-TW": "特塞爾島的第 1 疊：", "de": "Stapel 1 von Texel:", "en": "Texel's stack 1:"} {
		if got := withLabels(v, words{commands.WordsFor(code)}).Marks[0].Text; got != want {
			t.Errorf("%s: the label is %q, want %q", code, got, want)
		}
	}
}

// TestLinesBreakBetweenWordsAndAroundIdeographs: a line breaks at a space or between Chinese
// characters, never before closing punctuation (set apart by a space, as in French, or not), and
// a text too wide is shortened after its last whole word.
func TestLinesBreakBetweenWordsAndAroundIdeographs(t *testing.T) {
	f := fontFace(false, 20)
	for _, c := range []struct {
		text string
		w    int
	}{
		{"Tour 19 : Ann", f.width("Tour 19") + 4},
		{"抽到的板塊可放在這裡，順序未知。", f.width("抽到的板塊") + 2},
		{"the drawn tile fits here", f.width("the drawn") + 2},
	} {
		lines := wrap(f, c.text, c.w)
		if len(lines) < 2 {
			t.Errorf("%q in %d pixels: %q", c.text, c.w, lines)
		}
		for _, l := range lines {
			if f.width(l) > c.w {
				t.Errorf("%q: line %q is wider than %d", c.text, l, c.w)
			}
			if r, _ := utf8.DecodeRuneInString(l); strings.ContainsRune("：:，。", r) {
				t.Errorf("%q: line %q starts with closing punctuation", c.text, l)
			}
		}
		if got := strings.Join(lines, ""); strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(c.text, " ", "") {
			t.Errorf("%q: wrapped to %q, not all its text", c.text, lines)
		}
	}
	before := watched.midWordCuts.count()
	if got := f.fit("the drawn tile fits here", f.width("the drawn til…")); got != "the drawn…" {
		t.Errorf("shortened to %q, want the drawn…", got)
	}
	if watched.midWordCuts.count() != before {
		t.Error("a text with whole words that fit was cut inside a word")
	}
}
