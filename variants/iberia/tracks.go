package iberia

import (
	"fmt"
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
	// actions are the treat actions of each square, built once: the random playouts list them on
	// every collection.
	actions map[game.Square]game.LegalAction
}

// tracks are the track sets of the map, by colour.
var tracks = buildTracks(Map())

func buildTracks(m *game.Map) map[string]*trackSet {
	out := map[string]*trackSet{}
	for _, c := range game.ChipColors {
		out[c] = &trackSet{actions: map[game.Square]game.LegalAction{}}
	}
	for r := range m.Rows {
		if t := out[m.RowAttrs[r]["color"]]; t != nil {
			t.rows = append(t.rows, r)
		}
	}
	if m.Cols*m.Rows > maxCells {
		panic(fmt.Sprintf("%s: a %dx%d grid is larger than the %d squares the treat rules keep", m.File, m.Cols, m.Rows, maxCells))
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
		t.actions[s] = game.LegalAction{Action: treatAt(s), Label: "treat on " + s.String()}
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
	if !slices.Contains(game.ChipColors, c) {
		return ""
	}
	return c
}

// rowsText names rows for people: "rows 1-4" (each colour's rows are adjacent: the map test
// checks it).
func rowsText(rows []int) string {
	return fmt.Sprintf("rows %d-%d", rows[0]+1, rows[len(rows)-1]+1)
}

// maxCells bounds the grid of the map, so that the scratch grids of the rules below stay on the
// stack; the map has 18 x 12 squares.
const maxCells = 256

// land marks the squares of the grid that can hold a tile: playable and printed squares.
var land = func() (out [maxCells]bool) {
	m := Map()
	m.Squares(func(s game.Square, info *game.SquareInfo) {
		out[cell(m, s)] = info.Kind == game.Playable || info.Kind == game.Printed
	})
	return out
}()

func cell(m *game.Map, s game.Square) int { return s.Row()*m.Cols + s.Col() }

// chipSquares marks the squares holding a chip, face down or face up.
func chipSquares(g *game.Game) [maxCells]bool {
	var out [maxCells]bool
	for _, c := range g.MapChips {
		out[cell(g.Map, c.Square)] = true
	}
	return out
}

// free reports whether a treat may go on s: no tile, printed or placed, and no chip of any kind
// (I5, seed footnote 2); chips are the squares chipSquares marked.
func free(g *game.Game, chips *[maxCells]bool, s game.Square) bool {
	if _, tile := g.Face(s); tile {
		return false
	}
	return !chips[cell(g.Map, s)]
}

// freeSquares lists the squares where a treat of color may go now, in reading order.
func freeSquares(g *game.Game, color string) []game.Square {
	chips := chipSquares(g)
	var out []game.Square
	for _, s := range tracks[color].squares {
		if free(g, &chips, s) {
			out = append(out, s)
		}
	}
	return out
}
