package game

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestEveryTileInEveryRotation lays each of the 65 tile types in all four rotations as the only tile
// on the open table, then checks the engine's legal placements of every tile type against a
// brute-force oracle that compares edges (R2.3.1-R2.3.2), and that the tile's spots name its
// features in map directions.
func TestEveryTileInEveryRotation(t *testing.T) {
	m := ClassicMap()
	centre := m.Centre()
	for _, tt := range Tiles().Types {
		for r := Rotation(0); r < 4; r++ {
			name := fmt.Sprintf("%s@%s", tt.ID, r)
			g, err := NewGame(m, nil, Setup{Players: []string{"a", "b"},
				Options: Options{Pool: PoolAll}, Starts: []StartTile{{centre.String(), tt.Index, r}}})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			face := tt.Face(r)
			for d := Dir(0); d < 4; d++ {
				if face.Edges[d.Rotate(0)] != tt.Faces[0].Edges[(d+4-Dir(r))&3] {
					t.Fatalf("%s: %s edge is %s, the reference tile's edge %s turned %d° is %s", name, d, face.Edges[d],
						Dir((d+4-Dir(r))&3), r.Degrees(), tt.Faces[0].Edges[(d+4-Dir(r))&3])
				}
			}
			for _, u := range Tiles().Types {
				got := g.LegalPlacements(u.Index)
				var want []Placement
				for d := Dir(0); d < 4; d++ {
					sq, _ := centre.Step(d)
					for _, ur := range u.Distinct {
						if u.Face(ur).Edges[d.Opposite()] == face.Edges[d] {
							want = append(want, Placement{sq, ur})
						}
					}
				}
				sortPlacements(got)
				sortPlacements(want)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: legal placements of %s = %v, want %v", name, u.ID, got, want)
				}
			}
			for i, spot := range face.Spots {
				j, ok := face.SpotFeature(spot)
				if !ok || j != i {
					t.Fatalf("%s: spot %s does not name feature %d", name, spot, i)
				}
			}
		}
	}
}

func sortPlacements(p []Placement) {
	slices.SortFunc(p, func(a, b Placement) int {
		if a.Square != b.Square {
			return int(a.Square) - int(b.Square)
		}
		return int(a.Rotation) - int(b.Rotation)
	})
}

func TestSquareNames(t *testing.T) {
	for _, c := range []struct {
		name     string
		col, row int
	}{{"A1", 0, 0}, {"f7", 5, 6}, {"Z10", 25, 9}, {"AA3", 26, 2}, {"DK115", 114, 114}} {
		s, err := ParseSquare(c.name)
		if err != nil || s.Col() != c.col || s.Row() != c.row {
			t.Errorf("ParseSquare(%q) = %v (%d,%d), %v", c.name, s, s.Col(), s.Row(), err)
		}
		if s.String() != strings.ToUpper(c.name) {
			t.Errorf("%q prints as %s", c.name, s)
		}
	}
	for _, bad := range []string{"", "7", "F", "F0", "F-1", "F+7", "F 7", "F07", "1F", "F7x", "ZZZZ1"} {
		if _, err := ParseSquare(bad); err == nil {
			t.Errorf("ParseSquare(%q) accepted", bad)
		}
	}
}

// TestRotationsAreExactlyTheDocumentedOnes: the help says 0, 90, 180 or 270 degrees; everything
// else is refused with the same message.
func TestRotationsAreExactlyTheDocumentedOnes(t *testing.T) {
	for want, text := range []string{"0", "90", "180", "270"} {
		if r, err := ParseRotation(" " + text + " "); err != nil || int(r) != want {
			t.Errorf("ParseRotation(%q) = %v, %v", text, r, err)
		}
	}
	for _, bad := range []string{"", "360", "450", "-0", "-90", "+90", "90.0", "90deg", "270°", "090", "ninety"} {
		_, err := ParseRotation(bad)
		if err == nil || !strings.Contains(err.Error(), "use 0, 90, 180 or 270") {
			t.Errorf("ParseRotation(%q) = %v, want the documented refusal", bad, err)
		}
	}
}
