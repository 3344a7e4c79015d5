// Package mapchips holds the rules shared by the Map-Chips variants (RULES.md): the standard
// face-down layout of R4.0.3 with the "evenly distributed" placement of R4.0.5 (layout.go),
// collecting a face-down chip (R4.0.6, collect.go), and the coats of arms printed on island squares
// (R1.9.1, arms.go). A rule two maps share goes here, in a file named after it.
package mapchips

import (
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Candidates is K in R4.0.5: how many random valid squares are compared for each chip.
const Candidates = 20

// attempts bounds the restarts of R4.0.5 when a layout runs out of valid squares.
const attempts = 100

// Layout says where chips may lie.
type Layout struct {
	// Count is the number of chips laid (30, or 20 on Benelux).
	Count int
	// NoIslands keeps chips off island squares (Iberia's Balearic Islands).
	NoIslands bool
	// AnyLargeCitySquare forbids chips next to any side of a large-city square, not only next to
	// an open edge (OQ-15, flag chipNoAdjacentToAnyLargeCitySquare).
	AnyLargeCitySquare bool
}

// LayStandard shuffles the 30 chips with the game's generator and lays Count of them face down per
// R4.0.3 and R4.0.5; the chips not laid leave the game unseen. With a layout fixed by the setup
// (table scripts' !chips) it does nothing.
func LayStandard(g *game.Game, l Layout) error {
	if g.ChipsGiven() {
		return nil
	}
	chips := game.StandardChips()
	g.RNG.Shuffle(len(chips), func(i, j int) { chips[i], chips[j] = chips[j], chips[i] })
	if l.Count > len(chips) {
		return fmt.Errorf("lay chips: the box holds %d chips, not %d", len(chips), l.Count)
	}
	base := eligible(g, l)
	for range attempts {
		squares, ok := bestCandidates(&g.RNG, base, l.Count)
		if !ok {
			continue
		}
		for i, s := range squares {
			if err := g.PutChip(game.MapChip{Square: s, Chip: chips[i]}); err != nil {
				return fmt.Errorf("lay chips: %w", err)
			}
		}
		g.ChipsOut = append(g.ChipsOut, chips[l.Count:]...)
		return nil
	}
	return fmt.Errorf("lay chips: the map has no room for %d chips under the setup rules", l.Count)
}

// eligible lists the squares where a chip may lie before any chip is laid (R4.0.3 constraints 2,
// 3, 5 and 6, and R4.0.4).
func eligible(g *game.Game, l Layout) []game.Square {
	var out []game.Square
	g.Map.Squares(func(s game.Square, info *game.SquareInfo) {
		if info.Kind != game.Playable || info.Town >= 0 || (l.NoIslands && info.Island >= 0) {
			return
		}
		if _, taken := g.TileOn(s); taken {
			return
		}
		for d := game.Dir(0); d < 4; d++ {
			n, _ := s.Step(d)
			ni := g.Map.Info(n)
			if ni.Start >= 0 {
				if _, used := g.TileOn(n); used {
					return
				}
			}
			if info.Sides[d] == game.SideCity && (l.AnyLargeCitySquare || info.Need.On(d) == game.City) {
				return
			}
		}
		out = append(out, s)
	})
	return out
}

// bestCandidates places n chips one by one: of Candidates random valid squares it takes the one
// farthest (Chebyshev) from the chips already placed; no two chips may be orthogonal neighbours.
// Each valid square keeps its distance to the nearest chip, updated as chips are placed.
func bestCandidates(rng *game.RNG, base []game.Square, n int) ([]game.Square, bool) {
	var placed []game.Square
	valid := append([]game.Square(nil), base...)
	dist := make([]int, len(valid))
	for i := range dist {
		dist[i] = 1 << 30
	}
	for range n {
		if len(valid) == 0 {
			return nil, false
		}
		best, bestDist := -1, -1
		for range Candidates {
			if i := rng.Intn(len(valid)); dist[i] > bestDist {
				best, bestDist = i, dist[i]
			}
		}
		s := valid[best]
		placed = append(placed, s)
		kept, kd := valid[:0], dist[:0]
		for i, v := range valid {
			if v != s && !orthogonal(v, s) {
				kept = append(kept, v)
				kd = append(kd, min(dist[i], chebyshev(v, s)))
			}
		}
		valid, dist = kept, kd
	}
	return placed, true
}

func chebyshev(a, b game.Square) int { return max(abs(a.Col()-b.Col()), abs(a.Row()-b.Row())) }

func orthogonal(a, b game.Square) bool {
	dc, dr := abs(a.Col()-b.Col()), abs(a.Row()-b.Row())
	return dc+dr == 1
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// AnyLargeCitySquareFlag is the rule option of OQ-15 with the default a map's own seed gives:
// France's forbids setup chips next to any side of a large-city square, Benelux's, Iberia's and
// Taiwan's only next to an open edge. legacy is the value games opened before the default was
// stored used (game.Flag.Legacy), "" when it never changed.
func AnyLargeCitySquareFlag(def bool, legacy string) game.Flag {
	f := game.BoolFlag("chipNoAdjacentToAnyLargeCitySquare", def, "no setup chip next to any side of a large city, not only next to an open edge (OQ-15)")
	f.Legacy = legacy
	return f
}
