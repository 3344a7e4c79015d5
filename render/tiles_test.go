package render

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

const testScale = 96

// at samples sprite s at tile point q.
func at(s *sprite, q pt) uint8 {
	x := min(s.w-1, max(0, int(q.x*float64(s.w))))
	y := min(s.h-1, max(0, int(q.y*float64(s.h))))
	return s.pix[y*s.w+x]
}

// components labels the 4-connected areas of field colour in s.
func components(s *sprite) []int {
	comp := make([]int, len(s.pix))
	next := 0
	for i := range s.pix {
		if s.pix[i] != cField || comp[i] != 0 {
			continue
		}
		next++
		comp[i] = next
		stack := []int{i}
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := c%s.w, c/s.w
			for _, n := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
				if n[0] < 0 || n[1] < 0 || n[0] >= s.w || n[1] >= s.h {
					continue
				}
				if j := n[1]*s.w + n[0]; s.pix[j] == cField && comp[j] == 0 {
					comp[j] = next
					stack = append(stack, j)
				}
			}
		}
	}
	return comp
}

func compAt(s *sprite, comp []int, q pt) int {
	x := min(s.w-1, max(0, int(q.x*float64(s.w))))
	y := min(s.h-1, max(0, int(q.y*float64(s.h))))
	return comp[y*s.w+x]
}

// TestTileFaces checks every tile type in every rotation against its definition: the terrain at
// each edge middle and half-edge, that fields are separated exactly as defined (including the
// enclosed ones), and that each feature's meeple anchor lies on that feature.
func TestTileFaces(t *testing.T) {
	in := 3.0 / testScale
	for _, tt := range game.Tiles().Types {
		for r := range game.Rotation(4) {
			f := tt.Face(r)
			s := tileSprite(tt.Index, r, testScale)
			name := tt.ID + "@" + r.String()
			want := map[game.Terrain]uint8{game.City: cCity, game.Road: cRoad, game.Field: cField}
			for d := range game.Dir(4) {
				if got := at(s, mid(d).add(inwards[d].mul(in))); got != want[f.Edges[d]] {
					t.Errorf("%s: middle of edge %s has colour %d, want %s (%d)", name, d, got, f.Edges[d], want[f.Edges[d]])
				}
			}
			comp := components(s)
			reached := map[int]int{} // component -> field
			for h := range game.Half(8) {
				q := halfPoint(h, in)
				fi := f.HalfField[h]
				if fi < 0 {
					if got := at(s, q); got != cCity {
						t.Errorf("%s: half %s of a city edge has colour %d, want city", name, h, got)
					}
					continue
				}
				c := compAt(s, comp, q)
				if c == 0 {
					t.Errorf("%s: half %s of field %s is not field coloured", name, h, f.Features[fi].Name)
					continue
				}
				if other, ok := reached[c]; ok && other != int(fi) {
					t.Errorf("%s: fields %s and %s are drawn connected (at %s)", name, f.Features[other].Name, f.Features[fi].Name, h)
				}
				reached[c] = int(fi)
			}
			fieldComp := map[int]int{}
			for c, fi := range reached {
				if prev, ok := fieldComp[fi]; ok && prev != c {
					t.Errorf("%s: field %s is drawn in separate pieces", name, f.Features[fi].Name)
				}
				fieldComp[fi] = c
			}
			for i, ft := range f.Features {
				a, ok := spotAnchor(f, f.Spots[i])
				if !ok {
					t.Fatalf("%s: spot %s does not resolve", name, f.Spots[i])
				}
				switch ft.Kind {
				case game.CityFeature:
					if got := at(s, a); got != cCity {
						t.Errorf("%s: anchor of %s is on colour %d, not city", name, f.Spots[i], got)
					}
				case game.RoadFeature:
					if got := at(s, a); got != cRoad {
						t.Errorf("%s: anchor of %s is on colour %d, not road", name, f.Spots[i], got)
					}
				case game.FieldFeature:
					c := compAt(s, comp, a)
					if ft.Enclosed() {
						if _, touches := reached[c]; c == 0 || touches {
							t.Errorf("%s: anchor of the enclosed field is not in a separate field", name)
						}
					} else if c == 0 || c != fieldComp[i] {
						t.Errorf("%s: anchor of %s is not in its field", name, f.Spots[i])
					}
				}
			}
		}
	}
}

// TestTileSheet draws the contact sheet of every tile in every rotation. Set RENDER_SHEET to a
// file name to keep it.
func TestTileSheet(t *testing.T) {
	img := TileSheet(64)
	b := img.Bounds()
	if b.Dx() > 4000 || b.Dy() > 4000 {
		t.Errorf("contact sheet is %v", b.Size())
	}
	path := filepath.Join(t.TempDir(), "tiles.png")
	if p := os.Getenv("RENDER_SHEET"); p != "" {
		path = p
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
