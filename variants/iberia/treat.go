package iberia

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
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
	to, ok := defaultSquare(g, c.Color)
	if !ok {
		g.ChipsOut = append(g.ChipsOut, c)
		if g.Tells() {
			g.Note(from, game.Say(idIberiaTreatLost, "Player", msg.Player(g.Players[g.Current].Name), "Chip", game.ChipValue(c), "From", first(c.Color), "To", last(c.Color)))
		}
		return
	}
	st(g).Treat = &c
	choice := game.Choice{Action: TreatAction, Default: tracks[c.Color].actions[to].Action}
	if g.Tells() {
		chip := game.ChipValue(c)
		g.Note(from, game.Say(idIberiaTreatBack, "Player", msg.Player(g.Players[g.Current].Name), "Chip", chip, "From", first(c.Color), "To", last(c.Color)))
		choice.Words = game.Say(idIberiaChooseTreat, "Chip", chip, "Color", msg.Colour(c.Color), "From", first(c.Color), "To", last(c.Color), "Square", to)
	}
	g.Require(choice)
}

// defaultSquare is where a treat of color goes when its player cannot be asked (a missed
// deadline, the autopilot): the free square of its rows farthest from every tile on the map,
// printed or placed, counted in steps along rows and columns, so that a missed turn hands nobody
// an easy treat; on a tie the first in reading order (row by row from the north, each from the
// west). ok is false when no square of those rows is free.
//
// The squares within k steps of a tile grow one step at a time from the tiles themselves; the
// free squares still outside them when the next step would cover them all are the farthest.
func defaultSquare(g *game.Game, color string) (game.Square, bool) {
	near := tileRows(g)
	chips := chipRows(g)
	all := &tracks[color].all
	var left rows
	for r := range left {
		left[r] = all[r] &^ near[r] &^ chips[r]
	}
	for range g.Map.Cols + g.Map.Rows {
		near = grow(&near)
		var next rows
		any := uint32(0)
		for r := range next {
			next[r] = left[r] &^ near[r]
			any |= next[r]
		}
		if any == 0 {
			break
		}
		left = next
	}
	return left.first()
}

// grow adds to a set every square one step along a row or a column from it.
func grow(r *rows) rows {
	var out rows
	for i, cols := range r {
		out[i] = cols | cols<<1 | cols>>1
		if i > 0 {
			out[i] |= r[i-1]
		}
		if i < len(r)-1 {
			out[i] |= r[i+1]
		}
	}
	return out
}

// Actions lists the squares where the treat waiting to be laid may go, in reading order.
func (Variant) Actions(g *game.Game) []game.LegalAction {
	t := st(g).Treat
	if t == nil {
		return nil
	}
	set := tracks[t.Color]
	chips := chipRows(g)
	// The free squares are found first, on the stack, so that the list is allocated at its size:
	// random playouts ask for it at every treat, and a list sized for every square of the rows
	// was most of the bytes they allocated.
	var scratch [64]game.Square
	open := scratch[:0]
	for _, s := range set.squares {
		if free(g, &chips, s) {
			open = append(open, s)
		}
	}
	out := make([]game.LegalAction, len(open))
	for i, s := range open {
		out[i] = set.actions[s]
	}
	return out
}

// CanAct reports whether a treat waits to be laid.
func (Variant) CanAct(g *game.Game) bool { return st(g).Treat != nil }

// Act lays the treat waiting to be laid on the square the player chose.
func (Variant) Act(g *game.Game, a game.Action) error {
	if a.Name != TreatAction {
		return game.RefuseAction(nil, game.Say(idIberiaNoSuchAction, "Value", game.Echo(a.Name)))
	}
	s := st(g)
	if s.Treat == nil {
		return game.RefuseAction(nil, game.Say(idIberiaNoTreat))
	}
	c := *s.Treat
	sq, err := game.ParseSquare(a.Args["square"])
	if err != nil {
		return game.RefuseAction(squareNames(freeSquares(g, c.Color)), game.Say(idIberiaWhichSquare, "Chip", game.ChipValue(c), "Value", game.Echo(a.Args["square"])))
	}
	if why := treatSquare(g, c, sq); !why.IsZero() {
		return game.RefuseAction(squareNames(freeSquares(g, c.Color)),
			game.Say(idIberiaTreatSquare, "Why", why, "Chip", game.ChipValue(c), "Color", msg.Colour(c.Color), "From", first(c.Color), "To", last(c.Color)))
	}
	if err := g.PutChip(game.MapChip{Square: sq, Chip: c, FaceUp: true}); err != nil {
		return game.RefuseAction(nil, game.Say(idIberiaSquareTaken, "Square", sq))
	}
	s.Treat = nil
	if !g.Tells() {
		return nil
	}
	g.Note(sq, game.Say(idIberiaTreatLaid, "Player", msg.Player(g.Players[g.Current].Name), "Chip", game.ChipValue(c), "Square", sq))
	return nil
}

// treatSquare says why a treat c may not go on sq, or is zero (I5, I6).
func treatSquare(g *game.Game, c game.Chip, sq game.Square) game.Words {
	info := g.Map.Info(sq)
	switch color := trackColor(g.Map, sq); {
	case info.Kind != game.Playable:
		return g.Map.DescribeWords(sq)
	case info.Island >= 0:
		return game.Say(idIberiaWhyIsland, "Square", sq, "Island", msg.Place(g.Map.Islands[info.Island].Name))
	case color != c.Color:
		return game.Say(idIberiaWhyRow, "Square", sq, "Row", msg.Count(sq.Row()+1), "Color", msg.Colour(color))
	}
	if _, tile := g.TileOn(sq); tile {
		return game.Say(idIberiaWhyTile, "Square", sq)
	}
	if i, chip := g.ChipOn(sq); chip {
		if g.MapChips[i].FaceUp {
			return game.Say(idIberiaWhyTreat, "Square", sq)
		}
		return game.Say(idIberiaWhyChip, "Square", sq)
	}
	return game.Words{}
}

func squareNames(squares []game.Square) []string {
	out := make([]string, len(squares))
	for i, s := range squares {
		out[i] = s.String()
	}
	return out
}

// first and last are the rows of the treats of color, counted from 1.
func first(color string) msg.Value { return msg.Count(tracks[color].rows[0] + 1) }

func last(color string) msg.Value { r := tracks[color].rows; return msg.Count(r[len(r)-1] + 1) }
