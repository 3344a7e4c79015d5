package commands

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

var tileCountRE = regexp.MustCompile(`(\d+)× ([A-Z][A-Z-]*)`)

// countsIn reads the "N× ID" counts of the sentence of text that starts with prefix.
func countsIn(text, prefix string) []TileCount {
	_, rest, ok := strings.Cut(text, prefix)
	if !ok {
		return nil
	}
	sentence, _, _ := strings.Cut(rest, ".")
	var out []TileCount
	for _, m := range tileCountRE.FindAllStringSubmatch(sentence, -1) {
		n, _ := strconv.Atoi(m[1])
		tt, _ := game.Tiles().Tile(m[2])
		out = append(out, TileCount{tt.Index, n})
	}
	return out
}

// TestTilesLeftAreWhatEveryoneCanCount plays a game on every map and checks /carc tiles after each
// input: the tiles still to come are the pool less the tiles everyone has seen, so they number
// exactly the tiles of the stack and those face down in piles on the map (with a random choice of
// expansion tiles, the unseen ones of that choice are counted apart); the tiles face up on the
// map are the face-up tiles the board shows; and the text lists the same counts as the picture's
// data, in the reply that asks for the picture.
func TestTilesLeftAreWhatEveryoneCanCount(t *testing.T) {
	piles, faceUp := 0, 0
	for _, e := range variants.All(false) {
		t.Run(e.ID, func(t *testing.T) {
			checked := 0
			_, err := AutoGame(e.ID, 3, 4, func(tb *table.Table, _ Input, _ Reply) error {
				if tb.Game == nil || tb.Status != table.Playing {
					return nil
				}
				checked++
				tl := CountTilesLeft(tb)
				piles, faceUp = piles+tl.FaceDown, faceUp+len(tl.FaceUp)
				sum := tl.HiddenExpansion
				for _, c := range tl.ToCome {
					sum += c.Count
				}
				if want := tl.Stack + tl.FaceDown; sum != want {
					return fmt.Errorf("turn %d: %d tiles still to come, but %d in the stack and %d face down on the map",
						tb.Game.Turn, sum, tl.Stack, tl.FaceDown)
				}
				var shown []TileCount
				up := map[game.TileID]int{}
				for _, mk := range tb.Game.View(false).Marks {
					if mk.Kind == game.MarkTile && tb.Game.Map.In(mk.Square) {
						up[mk.Tile]++
					}
				}
				for _, tt := range game.Tiles().Types {
					if up[tt.Index] > 0 {
						shown = append(shown, TileCount{tt.Index, up[tt.Index]})
					}
				}
				if fmt.Sprint(shown) != fmt.Sprint(tl.FaceUp) {
					return fmt.Errorf("turn %d: face up on the map %v, the board shows %v", tb.Game.Turn, tl.FaceUp, shown)
				}
				r := Handle(tb, Input{User: tb.Seats[0], Command: "carc", Sub: "tiles"})
				if r.Image != TilesImage {
					return fmt.Errorf("/carc tiles comes without its picture")
				}
				if got := countsIn(r.Text, "Still to come: "); fmt.Sprint(got) != fmt.Sprint(tl.ToCome) {
					return fmt.Errorf("turn %d: the text lists %v still to come, the picture %v:\n%s", tb.Game.Turn, got, tl.ToCome, r.Text)
				}
				if got := countsIn(r.Text, "Face up on the map, not placed yet: "); fmt.Sprint(got) != fmt.Sprint(tl.FaceUp) {
					return fmt.Errorf("turn %d: the text lists %v face up, the picture %v:\n%s", tb.Game.Turn, got, tl.FaceUp, r.Text)
				}
				if tl.HiddenExpansion > 0 && !strings.Contains(r.Text, Plural(tl.HiddenExpansion, "expansion tile", "expansion tiles")) {
					return fmt.Errorf("turn %d: the text does not tell the %d hidden expansion tiles:\n%s", tb.Game.Turn, tl.HiddenExpansion, r.Text)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if checked < 50 {
				t.Fatalf("only %d positions checked", checked)
			}
		})
	}
	if piles == 0 || faceUp == 0 {
		t.Fatal("no map had tiles face down or face up in piles: the test checks nothing of them")
	}
}
