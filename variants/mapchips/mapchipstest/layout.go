// Package mapchipstest is the test kit for the facts of a Map-Chips map: whether a game's face-down
// chips were laid by the standard layout of rules.md R4.0.3 (layout.go), and what the playable
// land reaches from the start squares (reach.go). Each map's tests check its own map with it.
package mapchipstest

import (
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

// CheckLayout checks the chips g was dealt against R4.0.3 read as l says: l.Count chips from the
// box, face down, one per square, on playable squares that are no town (start squares included),
// not on an island with l.NoIslands, no two orthogonally adjacent, none orthogonally next to a used
// start square or to an open edge of a large city, or to any side of one with
// l.AnyLargeCitySquare. It returns how many chips lie next to a closed side of a large city, which
// only the open-edge reading allows, or the first broken constraint.
func CheckLayout(g *game.Game, l mapchips.Layout) (besideClosedSide int, err error) {
	m := g.Map
	if len(g.MapChips) != l.Count {
		return 0, fmt.Errorf("%d chips laid, want %d", len(g.MapChips), l.Count)
	}
	var laid []game.Chip
	for _, c := range g.MapChips {
		laid = append(laid, c.Chip)
		info := m.Info(c.Square)
		switch {
		case c.FaceUp:
			return 0, fmt.Errorf("the chip on %s is face up", c.Square)
		case info.Kind != game.Playable:
			return 0, fmt.Errorf("chip on %s: %s", c.Square, m.Describe(c.Square))
		case info.Town >= 0:
			return 0, fmt.Errorf("chip on %s, the town %s", c.Square, m.Towns[info.Town].Name)
		case l.NoIslands && info.Island >= 0:
			return 0, fmt.Errorf("chip on %s, on the island %s", c.Square, m.Islands[info.Island].Name)
		}
		for d := game.Dir(0); d < 4; d++ {
			n, _ := c.Square.Step(d)
			if _, ok := g.ChipOn(n); ok {
				return 0, fmt.Errorf("chips on %s and %s are orthogonal neighbours", c.Square, n)
			}
			if _, used := g.TileOn(n); used && m.Info(n).Start >= 0 {
				return 0, fmt.Errorf("chip on %s next to the used start square %s", c.Square, n)
			}
			if info.Sides[d] != game.SideCity {
				continue
			}
			city := m.Cities[m.Info(n).City].Name
			switch {
			case info.Need.On(d) == game.City:
				return 0, fmt.Errorf("chip on %s next to an open edge of %s", c.Square, city)
			case l.AnyLargeCitySquare:
				return 0, fmt.Errorf("chip on %s next to a side of %s", c.Square, city)
			}
			besideClosedSide++
		}
	}
	box := game.StandardChips()
	for _, c := range laid {
		i := slices.Index(box, c)
		if i < 0 {
			return 0, fmt.Errorf("the chips laid are not from the box: %s", game.ChipList(laid))
		}
		box = slices.Delete(box, i, i+1)
	}
	return besideClosedSide, nil
}
