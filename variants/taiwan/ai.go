package taiwan

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

// The AI's pricing of upgrades (AppraiseChips).
const (
	// upgradeWorth is an upgrade a hand can pay: a meeple that counts 2 in a majority (T9, T11)
	// wins or keeps a shared feature or farm.
	upgradeWorth = 7.0
	// pointWorth is a point of chips that pays no upgrade yet, towards the next.
	pointWorth = 1.0
)

// AppraiseChips prices each player's chips for the AI (game/ai.ChipAppraiser): what matters is
// how many upgrades of exactly 4 the hand can pay (T6, T8: no change given, so a lone 1 is left
// over), each worth an upgrade times the chance that a turn is left to use it; the rest of the
// hand counts towards the next. Chips left at the end are worth nothing (T11). It reads only the
// supplies, which are face up.
func (Variant) AppraiseChips(g *game.Game, worth []float64) {
	turns := mapchips.TurnsLeft(g)
	if turns <= 0 {
		return
	}
	for p := range worth {
		ones, twos := 0, 0
		for _, c := range g.Players[p].Chips {
			if c.Value == 2 {
				twos++
			} else {
				ones++
			}
		}
		// Every payment takes an even number of 1s: 2+2, 2+1+1 or 1+1+1+1.
		upgrades := (2*twos + ones - ones%2) / UpgradeCost
		for k := 1; k <= upgrades; k++ {
			worth[p] += upgradeWorth * mapchips.Chance(turns/float64(3*k))
		}
		rest := 2*twos + ones - UpgradeCost*upgrades
		worth[p] += pointWorth * float64(rest) * mapchips.Chance(turns/float64(3*(upgrades+1)))
	}
}
