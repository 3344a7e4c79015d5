package iberia

import (
	"fmt"
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TreatAction is the chip action that lays a treat: treat square:F2.
const TreatAction = "treat"

func treatAt(s game.Square) game.Action {
	return game.Action{Name: TreatAction, Args: map[string]string{"square": s.String()}}
}

// putBack makes the player who turned over chip c on square from put it back on the map face up,
// as a treat, on a free square of the rows of its colour (I4, I5): a choice forced on them before
// the meeple step. With no free square there the chip leaves the game (I6).
func putBack(g *game.Game, from game.Square, c game.Chip) {
	// Texts are joined with + rather than fmt: random playouts collect a chip every few moves.
	name, rows, chip := g.Players[g.Current].Name, tracks[c.Color].text, chipText(c)
	to, ok := defaultSquare(g, c.Color)
	if !ok {
		g.ChipsOut = append(g.ChipsOut, c)
		g.Note(from, name+"'s "+chip+" leaves the game: no square of "+rows+" is free for a treat")
		return
	}
	st(g).Treat = &c
	g.Note(from, name+" puts the "+chip+" back on the map as a treat, on a free square of "+rows)
	g.Require(game.Choice{Action: TreatAction, Default: treatAt(to),
		Prompt: "choose a free square of " + rows + " (" + c.Color + ") for your " + chip + " treat (if the deadline passes it goes on " +
			to.String() + ", the free square farthest from the tiles)"})
}

// defaultSquare is where a treat of color goes when its player cannot be asked (a missed
// deadline, the autopilot): the free square of its rows farthest from every tile on the map,
// printed or placed, counted in steps along rows and columns, so that a missed turn hands nobody
// an easy treat; on a tie the first in reading order (row by row from the north, each from the
// west). ok is false when no square of those rows is free.
func defaultSquare(g *game.Game, color string) (game.Square, bool) {
	dist := tileDistances(g)
	chips := chipSquares(g)
	best, far := game.NoSquare, 0
	for _, s := range tracks[color].squares {
		// A square at distance 0 holds a tile.
		if i := cell(g.Map, s); int(dist[i]) > far && !chips[i] {
			best, far = s, int(dist[i])
		}
	}
	return best, far > 0
}

// tileDistances gives every square of the grid its distance to the nearest tile, printed or
// placed, in steps along rows and columns: the two passes of a city-block distance transform.
// Distances on an 18 x 12 grid stay far below far, which stands for "no tile yet".
func tileDistances(g *game.Game) [maxCells]uint8 {
	const far = 100
	m := g.Map
	var dist [maxCells]uint8
	for i := range m.Cols * m.Rows {
		d := uint8(far)
		if land[i] {
			if _, tile := g.Face(game.At(i%m.Cols, i/m.Cols)); tile {
				d = 0
			}
		}
		if i >= m.Cols {
			d = min(d, dist[i-m.Cols]+1)
		}
		if i%m.Cols > 0 {
			d = min(d, dist[i-1]+1)
		}
		dist[i] = d
	}
	for i := m.Cols*m.Rows - 1; i >= 0; i-- {
		if i+m.Cols < m.Cols*m.Rows {
			dist[i] = min(dist[i], dist[i+m.Cols]+1)
		}
		if i%m.Cols < m.Cols-1 {
			dist[i] = min(dist[i], dist[i+1]+1)
		}
	}
	return dist
}

// Actions lists the squares where the treat waiting to be laid may go, in reading order.
func (Variant) Actions(g *game.Game) []game.LegalAction {
	t := st(g).Treat
	if t == nil {
		return nil
	}
	set := tracks[t.Color]
	chips := chipSquares(g)
	out := make([]game.LegalAction, 0, len(set.squares))
	for _, s := range set.squares {
		if free(g, &chips, s) {
			out = append(out, set.actions[s])
		}
	}
	return out
}

// CanAct reports whether a treat waits to be laid.
func (Variant) CanAct(g *game.Game) bool { return st(g).Treat != nil }

// Act lays the treat waiting to be laid on the square the player chose.
func (Variant) Act(g *game.Game, a game.Action) error {
	if a.Name != TreatAction {
		return refuse(nil, "The Iberian Peninsula has one chip action: treat square:<a free square>, not %q.", a.Name)
	}
	s := st(g)
	if s.Treat == nil {
		return refuse(nil, "You have no treat to lay: a chip your tile turns over goes back on the map as a treat right after the placement, and only then.")
	}
	c := *s.Treat
	sq, err := game.ParseSquare(a.Args["square"])
	if err != nil {
		return refuse(squareNames(freeSquares(g, c.Color)), "Where does your %s treat go? %v.", c, err)
	}
	if why := treatSquare(g, c, sq); why != "" {
		return refuse(squareNames(freeSquares(g, c.Color)), "%s: your %s treat goes on a free square (no tile, no chip) of %s (%s).",
			why, c, tracks[c.Color].text, c.Color)
	}
	if err := g.PutChip(game.MapChip{Square: sq, Chip: c, FaceUp: true}); err != nil {
		return refuse(nil, "%v.", err)
	}
	s.Treat = nil
	g.Note(sq, g.Players[g.Current].Name+" laid the "+chipText(c)+" treat on "+sq.String())
	return nil
}

// treatSquare says why a treat c may not go on sq, or is "" (I5, I6).
func treatSquare(g *game.Game, c game.Chip, sq game.Square) string {
	info := g.Map.Info(sq)
	switch color := trackColor(g.Map, sq); {
	case info.Kind != game.Playable:
		return g.Map.Describe(sq)
	case info.Island >= 0:
		return fmt.Sprintf("%s is on the island %s, which has no colour bar, so no treat goes there", sq, g.Map.Islands[info.Island].Name)
	case color != c.Color:
		return fmt.Sprintf("%s is in row %d (%s)", sq, sq.Row()+1, color)
	}
	if _, tile := g.TileOn(sq); tile {
		return fmt.Sprintf("%s holds a tile", sq)
	}
	if i, chip := g.ChipOn(sq); chip {
		if g.MapChips[i].FaceUp {
			return fmt.Sprintf("%s already holds a treat", sq)
		}
		return fmt.Sprintf("%s already holds a face-down chip", sq)
	}
	return ""
}

// chipText is c.String() without fmt.
func chipText(c game.Chip) string { return c.Color + " " + strconv.Itoa(c.Value) }

func squareNames(squares []game.Square) []string {
	out := make([]string, len(squares))
	for i, s := range squares {
		out[i] = s.String()
	}
	return out
}
