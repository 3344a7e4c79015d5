package render

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TestEveryCharacterOfTheCataloguesIsDrawn: every character of every message and place name in
// every language (Traditional Chinese above all) is in an embedded font, so no picture draws an
// empty box or leaves a character out.
func TestEveryCharacterOfTheCataloguesIsDrawn(t *testing.T) {
	for _, code := range lang.Codes {
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
