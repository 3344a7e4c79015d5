package france

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

// The AI's pricing of wine (AppraiseChips).
const (
	// sellEvery is about how many turns pass between two turns whose tile can sell (a border
	// road or city, a town of the wine's grapes): most tiles go inland.
	sellEvery = 4
	// halfWine is a lone 1, half a wine waiting for a chip of its colour, in points of a sale.
	halfWine = 0.25
)

// AppraiseChips prices each player's wines for the AI (game/ai.ChipAppraiser). A wine sells for
// at least 5 (abroad; 9 to a town of its grapes), at most one a turn and only on a turn whose tile
// meets a border or a town (F6-F8), and unsold wine is worth nothing (F12): so the k-th wine of a
// hand is worth a sale abroad times the chance that k turns able to sell still come, and a lone 1
// a part of a wine that needs its pair first. It reads only the chips in the supplies, which
// are face up.
func (Variant) AppraiseChips(g *game.Game, worth []float64) {
	turns := mapchips.TurnsLeft(g)
	if turns <= 0 {
		return
	}
	for p := range worth {
		wines, halves := 0, 0
		for _, color := range game.ChipColors() {
			ones, twos := count(g.Players[p].Chips, color)
			wines += twos + ones/2
			halves += ones % 2
		}
		for k := 1; k <= wines; k++ {
			worth[p] += AbroadPoints * mapchips.Chance(turns/float64(sellEvery*k))
		}
		worth[p] += float64(halves) * halfWine * AbroadPoints * mapchips.Chance(turns/float64(sellEvery*(wines+2)))
	}
}
