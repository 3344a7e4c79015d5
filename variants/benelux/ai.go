package benelux

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

// islandTile is what taking an island tile is worth in points over a face-down draw: the player
// sees the tile before choosing it, from two stacks (B9).
const islandTile = 3.0

// AppraiseChips prices the chips in each supply for the AI (game/ai.ChipAppraiser): a chip buys
// one tile of its colour's island (B9, B10), so it is worth an island tile while its island has
// tiles (each chip of a colour beyond the island's tiles left buys nothing, BE4), times the
// chance that a turn is left to use it, one chip a turn. Its value does not matter. It reads the
// supplies and how many tiles each island still holds, which everyone sees, never which tiles lie
// under the tops.
func (Variant) AppraiseChips(g *game.Game, worth []float64) {
	turns := mapchips.TurnsLeft(g)
	if turns <= 0 {
		return
	}
	s := st(g)
	for p := range worth {
		usable := 0
		for i, isl := range islands {
			held := 0
			for _, c := range g.Players[p].Chips {
				if c.Color == isl.Color {
					held++
				}
			}
			if 2*i+1 < len(s.Stacks) {
				usable += min(held, len(s.Stacks[2*i])+len(s.Stacks[2*i+1]))
			}
		}
		for k := 1; k <= usable; k++ {
			worth[p] += islandTile * mapchips.Chance(turns/float64(2*k))
		}
	}
}
