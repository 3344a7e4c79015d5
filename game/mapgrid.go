package game

import (
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// SquareKind says what a grid position is.
type SquareKind uint8

// Square kinds.
const (
	// Void is no square: sea, abroad, or beyond the printed map.
	Void SquareKind = iota
	// Playable is a square a land tile may be placed on (islands only once reached by ferry).
	Playable
	// Printed is a square of a printed large city: a pre-placed tile that can never be covered.
	Printed
	// Marked is an unplayable marked square (waves, island stacks): never takes a tile.
	Marked
)

// Side is what lies across one edge of a playable square.
type Side uint8

// Sides.
const (
	// SideLand is another playable square of the same land mass.
	SideLand Side = iota
	// SideBorder is the end of the playable area (coast, border, sea, a marked square, another island).
	SideBorder
	// SideCity is a printed large-city square.
	SideCity
	// SideFerry is the water edge of a ferry route.
	SideFerry
)

// BorderKind is a printed border connection on an outer edge.
type BorderKind uint8

// Border connection kinds; an outer edge without a connection is neutral.
const (
	Neutral BorderKind = iota
	BorderRoad
	BorderCity
)

// SquareInfo is the static description of one grid position.
type SquareInfo struct {
	Kind SquareKind
	// Sides tells what lies across each edge (meaningful for playable squares).
	Sides [4]Side
	// Border is the printed connection on each outer edge.
	Border [4]BorderKind
	// BorderArms marks border cities that bear a coat of arms.
	BorderArms [4]bool
	// Need is the static edge constraint (border connections, large-city edges, ferries).
	Need Constraint
	// City is the index of the large city on a Printed square, or -1.
	City int
	// Island is the index of the island of the square, or -1 on the mainland.
	Island int
	// Town is the index of the town on the square, or -1.
	Town int
	// Start is the index of the start square, or -1.
	Start int
	// Arms is the number of coats of arms printed on a playable square.
	Arms int
	// Name is the name printed on the square, if any.
	Name string
	// Mark is the kind of a Marked square (wave, stack, ...).
	Mark string
	// Attrs are a variant's attributes of the square; the engine gives them no meaning.
	Attrs map[string]string
}

// Constraint is what the four edges of a square demand of a tile: Mask has 0b11 on every constrained
// side, Want the terrain required there, both packed like Face.Pattern. A side is constrained
// exactly when its wanted terrain is not None, so Want alone identifies the constraint.
type Constraint struct{ Mask, Want uint8 }

// Allows reports whether a tile face fits the constraint.
func (c Constraint) Allows(f *Face) bool { return f.Pattern&c.Mask == c.Want }

// Set demands terrain t on side d.
func (c *Constraint) Set(d Dir, t Terrain) {
	c.Mask |= 3 << (2 * d)
	c.Want = c.Want&^(3<<(2*d)) | uint8(t)<<(2*d)
}

// On is the terrain demanded on side d, or None.
func (c Constraint) On(d Dir) Terrain { return Terrain(c.Want >> (2 * d) & 3) }

// Map is a bounded grid loaded from a map file.
type Map struct {
	ID, Title    string
	File         string
	Cols, Rows   int
	DefaultTiles int
	StartsUsed   int
	Meeples      int
	Starts       []StartSquare
	Towns        []Town
	Cities       []LargeCity
	Borders      []BorderConnection
	Islands      []Island
	Ferries      []Ferry
	Areas        []Area
	// Legend says what the map's marks mean, for the picture's legend.
	Legend []LegendEntry
	// RowAttrs are a variant's attributes of grid rows (row index from 0).
	RowAttrs map[int]map[string]string
	squares  []SquareInfo
	void     SquareInfo
	// Open is true for a map drawn as an open grid (the classic table).
	Open bool
}

// StartSquare is a start square with its name.
type StartSquare struct {
	Square Square
	Name   string
}

// Town is a printed town, with an optional colour (France: the grape colour).
type Town struct {
	Square Square
	Name   string
	Color  string
}

// LargeCity is a printed large city.
type LargeCity struct {
	Name    string
	Arms    int
	Squares []CitySquare
}

// CitySquare is one square of a large city with the printed terrain of its edges.
type CitySquare struct {
	Square Square
	Edges  [4]Terrain
	face   *Face
}

// BorderConnection is a printed road or city beyond an outer edge.
type BorderConnection struct {
	Square Square
	Dir    Dir
	Kind   BorderKind
	Arms   bool
	Name   string
}

// Island is a group of playable squares reached only by ferry.
type Island struct {
	Name    string
	Squares []Square
	Ferries []int
}

// Ferry joins a mainland harbour edge to an island landing edge.
type Ferry struct {
	Harbour    Square
	HarbourDir Dir
	Landing    Square
	LandingDir Dir
	Island     int
}

// Area is a named place off the grid (the Isle of Man).
type Area struct {
	ID, Name string
	Near     Square
}

// In reports whether s lies on the grid.
func (m *Map) In(s Square) bool { return s != NoSquare && s.Col() < m.Cols && s.Row() < m.Rows }

// Info describes square s; positions off the grid are Void.
func (m *Map) Info(s Square) *SquareInfo {
	if !m.In(s) {
		return &m.void
	}
	return &m.squares[s.Row()*m.Cols+s.Col()]
}

// Squares calls fn for every grid position that is not Void, row by row.
func (m *Map) Squares(fn func(Square, *SquareInfo)) {
	for r := 0; r < m.Rows; r++ {
		for c := 0; c < m.Cols; c++ {
			if info := &m.squares[r*m.Cols+c]; info.Kind != Void {
				fn(At(c, r), info)
			}
		}
	}
}

// PlayableCount is the number of playable squares, islands included.
func (m *Map) PlayableCount() int {
	n := 0
	m.Squares(func(_ Square, i *SquareInfo) {
		if i.Kind == Playable {
			n++
		}
	})
	return n
}

// Centre is the middle square of the grid (where the classic table puts the start tile).
func (m *Map) Centre() Square { return At(m.Cols/2, m.Rows/2) }

// StartByName finds a start square by its name (case-insensitive) or by its square name.
func (m *Map) StartByName(name string) (int, bool) {
	for i, s := range m.Starts {
		if equalFold(s.Name, name) || equalFold(s.Square.String(), name) {
			return i, true
		}
	}
	return -1, false
}

// Describe names what a square is, for error messages, in English.
func (m *Map) Describe(s Square) string { return m.describe(s).English() }

// describe is Describe's message.
func (m *Map) describe(s Square) Words {
	info := m.Info(s)
	switch info.Kind {
	case Void:
		if !m.In(s) {
			first, last := ColumnName(0)+"1", fmt.Sprintf("%s%d", ColumnName(m.Cols-1), m.Rows)
			return Say(idEngineWhyOffMap, "Square", s, "First", first, "Last", last)
		}
		return Say(idEngineWhyVoid, "Square", s)
	case Printed:
		name := m.Cities[info.City].Name
		return Say(idEngineWhyPrinted, "Square", s, "City", msg.Place(name))
	case Marked:
		return Say(idEngineWhyMarked, "Square", s, "Mark", info.Mark)
	}
	return Say(idEngineWhyPlayable, "Square", s)
}

// DescribeWords is Describe's message for the catalogues.
func (m *Map) DescribeWords(s Square) Words { return m.describe(s) }
