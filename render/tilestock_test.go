package render

import (
	"bytes"
	"image"
	"image/png"
	"slices"
	"strconv"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// fullStock is the largest picture of the tiles: every kind of the three sets still to come, face-up
// tiles and tiles out of the game.
func fullStock() TileStock {
	s := TileStock{Title: "Benelux, turn 0", Stack: 84, FaceDown: 24}
	for _, tt := range game.Tiles().Types {
		s.ToCome = append(s.ToCome, TileCount{tt.Index, tt.Count})
	}
	s.FaceUp = []TileCount{{3, 2}, {5, 1}, {9, 1}, {30, 1}, {40, 1}, {41, 1}, {42, 1}, {50, 1}, {60, 1}, {61, 1}}
	s.Out = []TileCount{{20, 2}, {21, 1}}
	return s
}

// TestTilesPictureShowsEveryKindWithItsCount: the picture of /carc tiles draws each kind still to
// come as its tile with "N× ID" under it, grouped by set in the tile table's order, then the face-up
// and out-of-the-game tiles, and the hidden expansion tiles as backs with their number. Nothing
// overlaps, every tile is the tile's own picture, the largest case stays under 2,000 pixels (so it
// is never halved) and no text is under phoneFont at 1,100 pixels wide.
func TestTilesPictureShowsEveryKindWithItsCount(t *testing.T) {
	hidden := TileStock{Title: "France, turn 12", Stack: 60, ToCome: fullStock().ToCome[:24], HiddenExpansion: 17}
	for name, s := range map[string]TileStock{"every kind": fullStock(), "hidden expansions": hidden,
		"the last tile": {Title: "France, turn 99", Stack: 1, ToCome: []TileCount{{7, 1}}}, "none": {Title: "France, turn 100"}} {
		t.Run(name, func(t *testing.T) {
			l := newStockLayout(s)
			c := drawTileStock(s, l)
			if c.Rect.Dx() != phoneWidth || c.Rect.Dy() > maxSide {
				t.Fatalf("the picture is %v", c.Rect.Size())
			}
			if *c.smallest < phoneFont {
				t.Errorf("the smallest text is %d pixels", *c.smallest)
			}
			var got, want []TileCount
			backs := 0
			var boxes []image.Rectangle
			lf := fontFace(true, phoneFont+3)
			for _, sec := range l.sections {
				for _, cell := range sec.cells {
					lx := cell.tile.Min.X + stockTile/2 - lf.width(cell.label)/2
					label := image.Rect(lx, cell.tile.Max.Y+6, lx+lf.width(cell.label), cell.tile.Max.Y+6+lf.height())
					boxes = append(boxes, cell.tile, label)
					if inkIn(c, label) == 0 {
						t.Errorf("the label %q is not written", cell.label)
					}
					if cell.backs {
						backs += cell.Count
						if cell.label != strconv.Itoa(cell.Count)+"×" {
							t.Errorf("the backs are labelled %q for %d tiles", cell.label, cell.Count)
						}
						continue
					}
					got = append(got, cell.TileCount)
					if w := strconv.Itoa(cell.Count) + "× " + cell.Tile.String(); cell.label != w {
						t.Errorf("%s is labelled %q, want %q", cell.Tile, cell.label, w)
					}
					sp := tileSprite(cell.Tile, 0, stockTile)
					for y := range sp.h {
						for x := range sp.w {
							if c.ColorIndexAt(cell.tile.Min.X+x, cell.tile.Min.Y+y) != sp.pix[y*sp.w+x] {
								t.Fatalf("the cell of %s does not show the tile %s", cell.label, cell.Tile)
							}
						}
					}
				}
			}
			want = append(append(append(want, s.ToCome...), s.FaceUp...), s.Out...)
			if !slices.Equal(got, want) {
				t.Errorf("the picture shows %v, want %v", got, want)
			}
			if backs != s.HiddenExpansion {
				t.Errorf("the picture shows %d hidden expansion tiles, want %d", backs, s.HiddenExpansion)
			}
			for i, a := range boxes {
				if !a.In(c.Rect) {
					t.Errorf("box %v lies outside the picture", a)
				}
				for _, b := range boxes[i+1:] {
					if a.Overlaps(b) {
						t.Errorf("boxes %v and %v overlap", a, b)
					}
				}
			}
			data, err := TilesPNG(s)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil || img.Bounds().Size() != c.Rect.Size() {
				t.Fatalf("the PNG decodes to %v (%v), want %v", img.Bounds().Size(), err, c.Rect.Size())
			}
		})
	}
}
