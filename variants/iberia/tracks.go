package iberia

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// trackSet is where treats of one colour may go (I5): the rows whose colour bar is that colour
// (the map file's "row N color=C"), and their squares, in reading order. Squares of the Balearic
// Islands lie beside those rows but carry no colour bar (seed, footnote 3), so they are left out.
type trackSet struct {
	rows []int
	// text names the rows for people: "rows 1-4".
	text    string
	squares []game.Square
	all     rows
	// actions are the treat actions of each square, built once: the random playouts list them on
	// every collection.
	actions map[game.Square]game.LegalAction
}

// tracks are the track sets of the map, by colour.
var tracks = buildTracks(Map())

func buildTracks(m *game.Map) map[string]*trackSet {
	out := map[string]*trackSet{}
	for _, c := range game.ChipColors() {
		out[c] = &trackSet{actions: map[game.Square]game.LegalAction{}}
	}
	for r := range m.Rows {
		if t := out[m.RowAttrs[r]["color"]]; t != nil {
			t.rows = append(t.rows, r)
		}
	}
	if m.Cols > 32 || m.Rows > 32 {
		panic(fmt.Sprintf("%s: the treat rules keep grids of up to 32 x 32 squares, not %dx%d", m.File, m.Cols, m.Rows))
	}
	for _, t := range out {
		t.text = rowsText(t.rows)
	}
	m.Squares(func(s game.Square, _ *game.SquareInfo) {
		t := out[trackColor(m, s)]
		if t == nil {
			return
		}
		t.squares = append(t.squares, s)
		t.all.add(s)
		t.actions[s] = game.LegalAction{Action: treatAt(s), Words: game.Say(idIberiaLabelTreat, "Square", s)}
	})
	return out
}

// trackColor is the colour bar of a playable square's row, or "" (an island square, a row
// without a bar).
func trackColor(m *game.Map, s game.Square) string {
	info := m.Info(s)
	if info.Kind != game.Playable || info.Island >= 0 {
		return ""
	}
	c := m.RowAttrs[s.Row()]["color"]
	if !slices.Contains(game.ChipColors(), c) {
		return ""
	}
	return c
}

// rowsText names rows for people: "rows 1-4" (each colour's rows are adjacent: the map test
// checks it).
func rowsText(rows []int) string {
	return fmt.Sprintf("rows %d-%d", rows[0]+1, rows[len(rows)-1]+1)
}

// rows is a set of squares of the grid as one bit mask per row, bit c for column c: the treat
// rules look at whole rows at once. The map's grid is 18 x 12; grids wider or taller than 32 are
// refused when the package loads.
type rows [32]uint32

func (r *rows) add(s game.Square) { r[s.Row()] |= 1 << s.Col() }

func (r *rows) has(s game.Square) bool { return r[s.Row()]&(1<<s.Col()) != 0 }

// first is the first square of the set in reading order (row by row from the north, each from
// the west).
func (r *rows) first() (game.Square, bool) {
	for row, cols := range r {
		if cols != 0 {
			return game.At(bits.TrailingZeros32(cols), row), true
		}
	}
	return game.NoSquare, false
}

// land lists the squares of the map that can hold a tile: playable and printed squares.
var land = func() (out []game.Square) {
	Map().Squares(func(s game.Square, info *game.SquareInfo) {
		if info.Kind == game.Playable || info.Kind == game.Printed {
			out = append(out, s)
		}
	})
	return out
}()

// tileRows is the set of squares holding a tile, printed or placed.
func tileRows(g *game.Game) rows {
	var out rows
	for _, s := range land {
		if _, tile := g.Face(s); tile {
			out.add(s)
		}
	}
	return out
}

// chipRows is the set of squares holding a chip, face down or face up.
func chipRows(g *game.Game) rows {
	var out rows
	for _, c := range g.MapChips {
		out.add(c.Square)
	}
	return out
}

// free reports whether a treat may go on s: no tile, printed or placed, and no chip of any kind
// (I5, seed footnote 2); chips is chipRows.
func free(g *game.Game, chips *rows, s game.Square) bool {
	if _, tile := g.Face(s); tile {
		return false
	}
	return !chips.has(s)
}

// freeSquares lists the squares where a treat of color may go now, in reading order.
func freeSquares(g *game.Game, color string) []game.Square {
	chips := chipRows(g)
	var out []game.Square
	for _, s := range tracks[color].squares {
		if free(g, &chips, s) {
			out = append(out, s)
		}
	}
	return out
}
