package game

import (
	"fmt"
	"sort"
	"strings"
)

// Terrain is what lies on a tile edge.
type Terrain uint8

// Terrains; None only appears in constraints, never on a tile.
const (
	None Terrain = iota
	Field
	Road
	City
)

var terrainNames = [4]string{"nothing", "field", "road", "city"}

func (t Terrain) String() string { return terrainNames[t&3] }

// FeatureKind is the kind of a feature (a road, city, field or cloister).
type FeatureKind uint8

// Feature kinds.
const (
	CityFeature FeatureKind = iota
	RoadFeature
	FieldFeature
	CloisterFeature
)

var kindNames = [4]string{"city", "road", "field", "cloister"}

func (k FeatureKind) String() string { return kindNames[k&3] }

// TileFeature is one feature drawn on a tile, in some orientation.
type TileFeature struct {
	Kind FeatureKind
	// Edges holds a bit per Dir for cities and roads, a bit per Half for fields.
	Edges    uint8
	Pennants int
	// Borders lists, for a field, the indexes (in Features) of the cities it borders.
	Borders []int
	// Terminus says where a road that ends on the tile ends: crossing, cloister, gate, deadend.
	Terminus string
	// Gate is the index of the city a road ends in, or -1.
	Gate      int
	Inn       bool
	Cathedral bool
	Goods     string
	// Name is the feature's label in the tile file (C1, R2, F1, cloister).
	Name string
}

// Has reports whether the feature touches edge d (cities and roads).
func (f *TileFeature) Has(d Dir) bool { return f.Edges&(1<<d) != 0 }

// HasHalf reports whether the field touches half-edge h.
func (f *TileFeature) HasHalf(h Half) bool { return f.Edges&(1<<h) != 0 }

// Enclosed reports whether a field touches no edge at all.
func (f *TileFeature) Enclosed() bool { return f.Kind == FieldFeature && f.Edges == 0 }

// Face is a tile type in one rotation, with every feature in map directions.
type Face struct {
	Tile     *TileType
	Rotation Rotation
	Edges    [4]Terrain
	// Pattern packs Edges two bits per side, for one-comparison matching against a Constraint.
	Pattern  uint8
	Features []TileFeature
	// EdgeFeature is the index of the city or road on each side, or -1 for a field edge.
	EdgeFeature [4]int8
	// HalfField is the index of the field on each half-edge, or -1 (city edges).
	HalfField [8]int8
	// Spots are the meeple spots, one per feature, in Features order.
	Spots []string
}

// TileType is one kind of land tile of data/tiles.txt.
type TileType struct {
	ID       string
	Index    TileID
	Set      string
	Count    int
	Garden   int
	Cloister bool
	Faces    [4]Face
	// Distinct lists the rotations that give different tiles (X has one, H two, most four).
	Distinct []Rotation
	// Canonical maps every rotation to the first rotation in Distinct that looks the same.
	Canonical [4]Rotation
	// fits maps a constraint (its Want byte) to the distinct rotations that satisfy it, one bit
	// per rotation: enumerating placements is then one lookup per empty square.
	fits [256]uint8
	// fitCount is the number of rotations in fits.
	fitCount [256]uint8
}

// TileID is the index of a tile type in the tile table.
type TileID uint8

// Face returns the tile in rotation r.
func (t *TileType) Face(r Rotation) *Face { return &t.Faces[r&3] }

// SpotFeature finds the feature a spot names. Any edge of the feature names it: on a corner city
// over N and W, city:N and city:W are the same spot.
func (f *Face) SpotFeature(spot string) (int, bool) {
	for i, s := range f.Spots {
		if s == spot {
			return i, true
		}
	}
	kind, where, _ := strings.Cut(strings.ToLower(strings.TrimSpace(spot)), ":")
	for i := range f.Features {
		ft := &f.Features[i]
		switch {
		case kind == "cloister" && where == "" && ft.Kind == CloisterFeature:
			return i, true
		case kind == "city" && ft.Kind == CityFeature, kind == "road" && ft.Kind == RoadFeature:
			if d, ok := dirNamed(where); ok && ft.Has(d) {
				return i, true
			}
		case kind == "field" && ft.Kind == FieldFeature:
			if where == "inner" && ft.Enclosed() {
				return i, true
			}
			if h, ok := halfNamed(where); ok && ft.HasHalf(h) {
				return i, true
			}
		}
	}
	return -1, false
}

func (t *TileType) buildFaces() {
	ref := t.Faces[0]
	base := &ref
	for r := Rotation(0); r < 4; r++ {
		f := &t.Faces[r]
		f.Tile, f.Rotation = t, r
		f.Features = make([]TileFeature, len(base.Features))
		for i, ft := range base.Features {
			nf := ft
			nf.Edges = 0
			for b := 0; b < 8; b++ {
				if ft.Edges&(1<<b) == 0 {
					continue
				}
				if ft.Kind == FieldFeature {
					nf.Edges |= 1 << Half(b).Rotate(r)
				} else {
					nf.Edges |= 1 << Dir(b).Rotate(r)
				}
			}
			f.Features[i] = nf
		}
		for d := Dir(0); d < 4; d++ {
			f.Edges[d.Rotate(r)] = base.Edges[d]
		}
		f.index()
	}
	seen := map[string]Rotation{}
	for r := Rotation(0); r < 4; r++ {
		sig := t.Faces[r].signature()
		if first, ok := seen[sig]; ok {
			t.Canonical[r] = first
			continue
		}
		seen[sig] = r
		t.Canonical[r] = r
		t.Distinct = append(t.Distinct, r)
	}
	for want := range t.fits {
		c := Constraint{Want: uint8(want)}
		for d := Dir(0); d < 4; d++ {
			if want>>(2*d)&3 != 0 {
				c.Mask |= 3 << (2 * d)
			}
		}
		for _, r := range t.Distinct {
			if c.Allows(&t.Faces[r]) {
				t.fits[want] |= 1 << r
				t.fitCount[want]++
			}
		}
	}
}

// index fills the per-edge lookups, the pattern and the spot names from Edges and Features.
func (f *Face) index() {
	f.Pattern = 0
	for d := Dir(0); d < 4; d++ {
		f.Pattern |= uint8(f.Edges[d]) << (2 * d)
		f.EdgeFeature[d] = -1
	}
	for h := range f.HalfField {
		f.HalfField[h] = -1
	}
	f.Spots = make([]string, len(f.Features))
	for i := range f.Features {
		ft := &f.Features[i]
		switch ft.Kind {
		case CityFeature, RoadFeature:
			for d := Dir(0); d < 4; d++ {
				if ft.Has(d) {
					f.EdgeFeature[d] = int8(i)
				}
			}
			f.Spots[i] = ft.Kind.String() + ":" + firstDir(ft.Edges).String()
		case FieldFeature:
			for h := Half(0); h < 8; h++ {
				if ft.HasHalf(h) {
					f.HalfField[h] = int8(i)
				}
			}
			if ft.Enclosed() {
				f.Spots[i] = "field:inner"
			} else {
				f.Spots[i] = "field:" + firstHalf(ft.Edges).String()
			}
		case CloisterFeature:
			f.Spots[i] = "cloister"
		}
	}
}

func firstDir(bits uint8) Dir {
	for d := Dir(0); d < 4; d++ {
		if bits&(1<<d) != 0 {
			return d
		}
	}
	return North
}

func firstHalf(bits uint8) Half {
	for h := Half(0); h < 8; h++ {
		if bits&(1<<h) != 0 {
			return h
		}
	}
	return 0
}

// signature describes the face independently of feature order, to find rotations that look alike.
func (f *Face) signature() string {
	parts := make([]string, 0, len(f.Features))
	for _, ft := range f.Features {
		var borders []string
		for _, b := range ft.Borders {
			borders = append(borders, fmt.Sprint(f.Features[b].Edges))
		}
		sort.Strings(borders)
		parts = append(parts, fmt.Sprintf("%d/%d/%d/%v/%v/%s/%s/%v", ft.Kind, ft.Edges, ft.Pennants,
			ft.Inn, ft.Cathedral, ft.Goods, ft.Terminus, borders))
	}
	sort.Strings(parts)
	return strings.Join(parts, ";")
}
