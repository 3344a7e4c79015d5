// Package mapchipstest is the test kit for the facts of a Map-Chips map: whether a game's face-down
// chips were laid by the standard layout of R4.0.3 (layout.go: CheckLayout, CheckLayouts), what the
// playable land reaches from the start squares (reach.go: CheckReach), and the map counted and its
// named places, to compare with the published map (places.go: CensusOf, PlacesOf). Each map's
// tests check its own map with it.
package mapchipstest

import (
	"fmt"
	"slices"
	"strconv"
	"testing"

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

// CheckLayouts deals the chips of r for 1,000 setups in the map's own reading of R4.0.3's "next to
// a large city" (flag, mapchips.AnyLargeCitySquareFlag, at its default) and for every fourth of
// them in the other reading, and fails t at the first deal that breaks R4.0.3 as l says with the
// flag's reading (CheckLayout). each, unless nil, sees every game dealt. It returns how many
// chips lay beside a closed side of a large city, which only the open-edge reading allows: 0
// there means the flag changes nothing.
func CheckLayouts(t testing.TB, r game.MapRules, flag game.Flag, l mapchips.Layout, each func(g *game.Game)) (besideClosedSide int) {
	t.Helper()
	other := game.DefaultOptions()
	if err := other.Set(flag, strconv.FormatBool(!flag.On(other))); err != nil {
		t.Fatal(err)
	}
	for seed := range 1000 {
		for i, opts := range []game.Options{game.DefaultOptions(), other} {
			if i == 1 && seed%4 != 0 {
				continue
			}
			g, err := game.NewGame(r.Map, r.Variant, game.Setup{Players: []string{"a", "b"}, Seed: uint64(seed), Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			l.AnyLargeCitySquare = flag.On(opts)
			closed, err := CheckLayout(g, l)
			if err != nil {
				t.Fatalf("seed %d, %s=%v: %v", seed, flag.Name, l.AnyLargeCitySquare, err)
			}
			besideClosedSide += closed
			if each != nil {
				each(g)
			}
		}
	}
	return besideClosedSide
}
