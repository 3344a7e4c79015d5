package render

import (
	"bytes"
	"image/gif"
	imagepng "image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// gamePictures draws every kind of picture of a whole game on map mapID in the words of w: the
// turn picture and the full map every few turns, then the end, the score chart, the animation's
// last frames, the tiles still to come and a league's standings. each gets every PNG drawn.
func gamePictures(t *testing.T, mapID string, w Words, each func(kind string, png []byte)) {
	t.Helper()
	var last *table.Table
	step := 0
	_, err := commands.AutoGameIn(mapID, 3, 7, commands.Langs{}, func(tb *table.Table, _ commands.Input, r commands.Reply) error {
		last = tb
		if tb == nil || tb.Game == nil || tb.Game.Over() {
			return nil
		}
		if step++; step%12 != 0 {
			return nil
		}
		v := tb.Game.View(false)
		o := Options{Kind: Turn, Markers: true, Words: w}
		if tb.Game.Phase == game.PhasePlace && v.Drawn != nil {
			o.Legal = tb.Game.LegalPlacements(*v.Drawn)
		}
		for _, k := range []Kind{Turn, Full} {
			o.Kind = k
			png, err := PNG(v, o)
			if err != nil {
				return err
			}
			each(map[Kind]string{Turn: "turn", Full: "board"}[k], png)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("%s: %v", mapID, err)
	}
	v := last.Game.View(false)
	png, err := PNG(v, Options{Kind: End, Words: w})
	if err != nil {
		t.Fatal(err)
	}
	each("end", png)
	if png, err = ScoreChart(v, w); err != nil {
		t.Fatal(err)
	}
	each("chart", png)
	a := Animation{Words: w}
	if err := a.Add(v); err != nil {
		t.Fatal(err)
	}
	gif, err := a.GIF()
	if err != nil {
		t.Fatal(err)
	}
	each("gif", gif)
	s := TileStock{Title: w.T("pic_stock_title", map[string]any{"Map": w.T("map_"+mapID, nil), "Turn": 50}), Stack: 30, FaceDown: 4, HiddenExpansion: 5, Words: w,
		ToCome: []TileCount{{Tile: 0, Count: 2}}, FaceUp: []TileCount{{Tile: 1, Count: 1}}, Out: []TileCount{{Tile: 2, Count: 1}}}
	if png, err = TilesPNG(s); err != nil {
		t.Fatal(err)
	}
	each("tiles", png)
	st := Standings{Title: w.T("map_"+mapID, nil), Words: w}
	for i := range MaxStandingsRows + 3 {
		st.Rows = append(st.Rows, StandingsRow{Rank: i + 1, Player: "Ann", Points: "12", Diff: 3, H2H: "1", Wins: 2, Games: 4})
	}
	if png, err = StandingsPNG(st); err != nil {
		t.Fatal(err)
	}
	each("standings", png)
}

// TestPseudoLocaleTextFitsEveryPicture: in the pseudo-locale (every word longer and accented, as
// in the longest languages) a whole game's pictures on every map cut no word in the middle and
// draw no text wider than the box it is drawn in (measured as drawn: canvas.text and face.fit
// count both).
func TestPseudoLocaleTextFitsEveryPicture(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games")
	}
	// Places keep their own names: a language does not make them longer, and where labels go
	// on a map is tested with them (labels_test.go).
	w := ownPlaces{commands.WordsFor(lang.Pseudo)}
	for _, e := range variants.All(false) {
		cuts, over := watched.midWordCuts.count(), watched.overflows.count()
		n := 0
		gamePictures(t, e.ID, w, func(string, []byte) { n++ })
		if got := catalogueTexts(watched.midWordCuts.since(cuts)); len(got) > 0 {
			t.Errorf("%s: %d texts cut inside a word: %q", e.ID, len(got), got)
		}
		if got := catalogueTexts(watched.overflows.since(over)); len(got) > 0 {
			t.Errorf("%s: %d texts wider than their box: %q", e.ID, len(got), got)
		}
		if n < 8 {
			t.Errorf("%s: only %d pictures drawn", e.ID, n)
		}
	}
}

// TestPicturesOfTheNote writes the pictures of a Taiwan game in Traditional Chinese and a France
// game in French to $PICTURES_DIR (when set), for people to look at.
func TestPicturesOfTheNote(t *testing.T) {
	dir := os.Getenv("PICTURES_DIR")
	if dir == "" {
		t.Skip("PICTURES_DIR not set")
	}
	for _, c := range []struct{ mapID, code string }{{"taiwan", "zh-TW"}, {"france", "fr"}} {
		seen := map[string]int{}
		gamePictures(t, c.mapID, commands.WordsFor(c.code), func(kind string, png []byte) {
			seen[kind]++
			if kind == "turn" || kind == "board" {
				if seen[kind] != 3 {
					return
				}
			}
			if kind == "gif" {
				// The animation's frame, as a PNG to look at.
				g, err := gif.DecodeAll(bytes.NewReader(png))
				if err != nil {
					t.Fatal(err)
				}
				var b bytes.Buffer
				if err := imagepng.Encode(&b, g.Image[len(g.Image)-1]); err != nil {
					t.Fatal(err)
				}
				png = b.Bytes()
			}
			if err := os.WriteFile(filepath.Join(dir, c.mapID+"-"+c.code+"-"+kind+".png"), png, 0o644); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// ownPlaces are words that keep each place's own name.
type ownPlaces struct{ Words }

func (ownPlaces) Place(name string) string { return name }

// catalogueTexts are the texts that hold words of the catalogues, which the pseudo-locale writes
// with tripled accented vowels; the maps' own names are placed, and shortened as a last resort,
// by labels.go (labels_test.go).
func catalogueTexts(texts []string) []string {
	var out []string
	for _, s := range texts {
		for _, v := range []string{"ááà", "ééè", "ííì", "ööò", "üüù", "ÅÅÀ", "ÉÉÈ", "ÎÎÌ", "ÖÖÒ", "ÜÜÙ"} {
			if strings.Contains(s, v) {
				out = append(out, s)
				break
			}
		}
	}
	return out
}
