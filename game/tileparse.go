package game

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"
)

//go:embed data/tiles.txt
var tilesFile []byte

// TileSet is the table of tile types read from a tile file.
type TileSet struct {
	Types []*TileType
	byID  map[string]*TileType
	// Sets lists the tile sets in file order, with their expected totals.
	Sets []SetInfo
	// Start is the start tile type (its dark-backed copy starts the game).
	Start *TileType
}

// SetInfo describes one tile set (base game or an expansion).
type SetInfo struct {
	ID    string
	Name  string
	Total int
}

// Tile returns the tile type with the given id (as in data/tiles.txt), ignoring case.
func (ts *TileSet) Tile(id string) (*TileType, bool) {
	t, ok := ts.byID[strings.ToUpper(strings.TrimSpace(id))]
	return t, ok
}

var tiles = mustParseTiles()

func mustParseTiles() *TileSet {
	ts, err := ParseTiles("game/data/tiles.txt", bytes.NewReader(tilesFile))
	if err != nil {
		panic(err)
	}
	return ts
}

// Tiles is the table of the 114 land tiles of data/tiles.txt.
func Tiles() *TileSet { return tiles }

// TileType returns the type with index id.
func (id TileID) Type() *TileType { return tiles.Types[id] }

func (id TileID) String() string {
	if int(id) < len(tiles.Types) {
		return tiles.Types[id].ID
	}
	return "?"
}

// MarshalText writes the tile id (as in data/tiles.txt).
func (id TileID) MarshalText() ([]byte, error) { return []byte(id.String()), nil }

// UnmarshalText reads a tile id.
func (id *TileID) UnmarshalText(b []byte) error {
	t, ok := tiles.Tile(string(b))
	if !ok {
		return fmt.Errorf("%q is not a tile id (A..X, IC-A..IC-Q, TB-A..TB-X)", Echo(string(b)))
	}
	*id = t.Index
	return nil
}

// ParseTiles reads a tile file (the grammar is in the package documentation) and validates it.
// Errors name the file and line.
func ParseTiles(name string, r io.Reader) (*TileSet, error) {
	ts := &TileSet{byID: map[string]*TileType{}}
	sc := bufio.NewScanner(r)
	line := 0
	var set *SetInfo
	counts := map[string]int{}
	startLine := 0
	startID := ""
	for sc.Scan() {
		line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		fail := func(format string, a ...any) error {
			return fmt.Errorf("%s:%d: %s", name, line, fmt.Sprintf(format, a...))
		}
		switch fields[0] {
		case "set":
			if len(fields) < 3 {
				return nil, fail("set needs an id, a tile total and a name: set base 72 \"Base game\"")
			}
			total, err := strconv.Atoi(fields[2])
			if err != nil || total <= 0 {
				return nil, fail("set %s: tile total %q is not a positive number", fields[1], fields[2])
			}
			ts.Sets = append(ts.Sets, SetInfo{ID: fields[1], Total: total,
				Name: strings.Trim(strings.Join(fields[3:], " "), `"`)})
			set = &ts.Sets[len(ts.Sets)-1]
			continue
		case "start":
			if len(fields) != 2 || startID != "" {
				return nil, fail("one start line with one tile id is allowed")
			}
			startID, startLine = fields[1], line
			continue
		}
		if set == nil {
			return nil, fail("tile %s comes before any set line", fields[0])
		}
		t, err := parseTileLine(fields)
		if err != nil {
			return nil, fail("tile %s: %v", fields[0], err)
		}
		if _, dup := ts.byID[t.ID]; dup {
			return nil, fail("tile %s is defined twice", t.ID)
		}
		t.Set = set.ID
		t.Index = TileID(len(ts.Types))
		if len(ts.Types) >= 255 {
			return nil, fail("too many tile types")
		}
		ts.Types = append(ts.Types, t)
		ts.byID[t.ID] = t
		counts[set.ID] += t.Count
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	for _, s := range ts.Sets {
		if counts[s.ID] != s.Total {
			return nil, fmt.Errorf("%s: set %s has %d tiles, the set line says %d", name, s.ID, counts[s.ID], s.Total)
		}
	}
	if startID == "" {
		return nil, fmt.Errorf("%s: no start line names the start tile", name)
	}
	start, ok := ts.byID[startID]
	if !ok {
		return nil, fmt.Errorf("%s:%d: start tile %s is not defined", name, startLine, startID)
	}
	ts.Start = start
	return ts, nil
}

// parseTileLine reads one tile line: ID xCOUNT EDGES [garden:k] [cloister] features...
func parseTileLine(fields []string) (*TileType, error) {
	if len(fields) < 3 {
		return nil, fmt.Errorf("a tile line needs an id, a count (x4) and the edges (CRFR)")
	}
	t := &TileType{ID: fields[0]}
	n, err := strconv.Atoi(strings.TrimPrefix(fields[1], "x"))
	if !strings.HasPrefix(fields[1], "x") || err != nil || n < 1 {
		return nil, fmt.Errorf("count %q: write x and a positive number, like x4", fields[1])
	}
	t.Count = n
	face := &t.Faces[0]
	if len(fields[2]) != 4 {
		return nil, fmt.Errorf("edges %q: give four letters (C, R or F) for N, E, S and W", fields[2])
	}
	for d := range 4 {
		switch fields[2][d] {
		case 'C':
			face.Edges[d] = City
		case 'R':
			face.Edges[d] = Road
		case 'F':
			face.Edges[d] = Field
		default:
			return nil, fmt.Errorf("edges %q: %q is not C, R or F", fields[2], fields[2][d])
		}
	}
	names := map[string]int{}
	type fieldRef struct {
		feature int
		cities  []string
	}
	var refs []fieldRef
	type gateRef struct {
		feature int
		city    string
	}
	var gates []gateRef
	for _, tok := range fields[3:] {
		switch {
		case tok == "cloister":
			t.Cloister = true
			continue
		case strings.HasPrefix(tok, "garden:"):
			g, err := strconv.Atoi(strings.TrimPrefix(tok, "garden:"))
			if err != nil || g < 0 || g > t.Count {
				return nil, fmt.Errorf("%q: garden count must be between 0 and the tile count", tok)
			}
			t.Garden = g
			continue
		}
		label, def, ok := strings.Cut(tok, "=")
		if !ok || len(label) < 2 {
			return nil, fmt.Errorf("%q is not a feature (C1=..., R1=..., F1=...)", tok)
		}
		if _, dup := names[label]; dup {
			return nil, fmt.Errorf("feature %s is defined twice", label)
		}
		ft := TileFeature{Name: label, Gate: -1}
		switch label[0] {
		case 'C':
			ft.Kind = CityFeature
			parts := strings.Split(def, "+")
			for _, p := range parts {
				switch p {
				case "N", "E", "S", "W":
					d, _ := ParseDir(p)
					ft.Edges |= 1 << d
				case "pennant":
					ft.Pennants++
				case "cathedral":
					ft.Cathedral = true
				case "wine", "grain", "cloth":
					ft.Goods = p
				default:
					return nil, fmt.Errorf("city %s: %q is not an edge or an attribute", label, p)
				}
			}
		case 'R':
			ft.Kind = RoadFeature
			body, inn := strings.CutSuffix(def, "+inn")
			ft.Inn = inn
			if a, end, ok := strings.Cut(body, ">"); ok {
				d, err := ParseDir(a)
				if err != nil {
					return nil, fmt.Errorf("road %s: %w", label, err)
				}
				ft.Edges = 1 << d
				switch {
				case end == "crossing", end == "cloister":
					ft.Terminus = end
				case strings.HasPrefix(end, "gate:"):
					ft.Terminus = "gate"
					gates = append(gates, gateRef{len(face.Features), strings.TrimPrefix(end, "gate:")})
				case strings.HasPrefix(end, "deadend"):
					ft.Terminus = "deadend"
				default:
					return nil, fmt.Errorf("road %s: %q is not a road end (crossing, cloister, gate:Cn, deadend)", label, end)
				}
			} else if a, b, through := strings.Cut(body, "-"); through {
				da, err1 := ParseDir(a)
				db, err2 := ParseDir(b)
				if err1 != nil || err2 != nil || da == db {
					return nil, fmt.Errorf("road %s: %q is not two different edges like E-W", label, body)
				}
				ft.Edges = 1<<da | 1<<db
			} else {
				return nil, fmt.Errorf("road %s: %q is neither A-B nor A>END", label, body)
			}
		case 'F':
			ft.Kind = FieldFeature
			halves, cities, ok := strings.Cut(def, ">")
			if !ok {
				return nil, fmt.Errorf("field %s: write the half-edges, then > and the cities (or -)", label)
			}
			if halves != "(enclosed)" {
				for _, h := range strings.Split(halves, ",") {
					hh, err := ParseHalf(h)
					if err != nil {
						return nil, fmt.Errorf("field %s: %w", label, err)
					}
					ft.Edges |= 1 << hh
				}
			}
			var cs []string
			if cities != "-" {
				cs = strings.Split(cities, ",")
			}
			refs = append(refs, fieldRef{len(face.Features), cs})
		default:
			return nil, fmt.Errorf("%q: features start with C, R or F", tok)
		}
		names[label] = len(face.Features)
		face.Features = append(face.Features, ft)
	}
	if t.Cloister {
		names["cloister"] = len(face.Features)
		face.Features = append(face.Features, TileFeature{Kind: CloisterFeature, Name: "cloister", Gate: -1})
	}
	for _, ref := range refs {
		for _, c := range ref.cities {
			i, ok := names[c]
			if !ok || face.Features[i].Kind != CityFeature {
				return nil, fmt.Errorf("field %s borders %s, which is not a city of this tile", face.Features[ref.feature].Name, c)
			}
			face.Features[ref.feature].Borders = append(face.Features[ref.feature].Borders, i)
		}
	}
	for _, g := range gates {
		i, ok := names[g.city]
		if !ok || face.Features[i].Kind != CityFeature {
			return nil, fmt.Errorf("road %s ends at the gate of %s, which is not a city of this tile", face.Features[g.feature].Name, g.city)
		}
		face.Features[g.feature].Gate = i
	}
	if err := validateFace(face, t.Cloister); err != nil {
		return nil, err
	}
	t.buildFaces()
	return t, nil
}

// validateFace checks that the features agree with the edges: each city or road edge belongs to
// exactly one city or road, each half of a field or road edge to exactly one field, nothing else.
func validateFace(f *Face, cloister bool) error {
	for d := Dir(0); d < 4; d++ {
		var cities, roads int
		for _, ft := range f.Features {
			if ft.Kind == CityFeature && ft.Has(d) {
				cities++
			}
			if ft.Kind == RoadFeature && ft.Has(d) {
				roads++
			}
		}
		want := f.Edges[d]
		switch {
		case want == City && (cities != 1 || roads != 0):
			return fmt.Errorf("the %s edge is a city edge but %d cities and %d roads touch it", d.Word(), cities, roads)
		case want == Road && (roads != 1 || cities != 0):
			return fmt.Errorf("the %s edge is a road edge but %d roads and %d cities touch it", d.Word(), roads, cities)
		case want == Field && (roads != 0 || cities != 0):
			return fmt.Errorf("the %s edge is a field edge but a road or city touches it", d.Word())
		}
		for side := Half(0); side < 2; side++ {
			h := Half(d)*2 + side
			var fields int
			for _, ft := range f.Features {
				if ft.Kind == FieldFeature && ft.HasHalf(h) {
					fields++
				}
			}
			if want == City && fields != 0 {
				return fmt.Errorf("half-edge %s is on a city edge but a field touches it", h)
			}
			if want != City && fields != 1 {
				return fmt.Errorf("half-edge %s is in %d fields, want exactly 1", h, fields)
			}
		}
	}
	for _, ft := range f.Features {
		if ft.Kind == FieldFeature && ft.Enclosed() && len(ft.Borders) == 0 {
			return fmt.Errorf("field %s touches no edge and borders no city", ft.Name)
		}
		if ft.Kind == RoadFeature && ft.Terminus == "cloister" && !cloister {
			return fmt.Errorf("road %s ends at a cloister but the tile has none", ft.Name)
		}
		if ft.Kind == RoadFeature && ft.Terminus == "" && popcount(ft.Edges) != 2 {
			return fmt.Errorf("road %s passes through but does not touch two edges", ft.Name)
		}
	}
	return nil
}

func popcount(b uint8) int { return bits.OnesCount8(b) }
