package greatbritain

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

// The AI's pricing of the Isle of Man (AppraiseChips).
const (
	// chipsPerTurn is about how many chips a player collects a turn while chips lie face down.
	chipsPerTurn = 0.25
	// chipWorth is a chip in hand without meeples on the island: a step towards the set that will
	// bring back the meeples of a later extra turn.
	chipWorth = 0.5
)

// AppraiseChips prices the meeples on the Isle of Man for the AI (game/ai.ChipAppraiser): such a
// meeple is lost unless a set of three chips brings it back (G7, G8), so it is worth a meeple in
// supply times the chance that its player completes a set while the game lasts. That chance
// grows with the chips the player may still collect (its share of those face down, as many as
// its turns allow) against the chips its hand still needs. It reads the supplies and the island,
// which are public, and how many chips lie face down, never their values.
func (Variant) AppraiseChips(g *game.Game, worth []float64) {
	turns := mapchips.TurnsLeft(g)
	if turns <= 0 {
		return
	}
	isle := st(g).Isle
	down := float64(mapchips.FaceDown(g))
	meeple := mapchips.MeepleWorth(g)
	for p := range worth {
		hand := g.Players[p].Chips
		worth[p] += chipWorth * float64(len(hand))
		if p >= len(isle) || isle[p] == 0 {
			continue
		}
		expect := min(down/float64(len(worth)), chipsPerTurn*turns)
		worth[p] += float64(isle[p]) * meeple * mapchips.Chance(expect/float64(chipsToSet(hand)))
	}
}

// chipsToSet is how many more chips a set-free hand needs at least to complete a set of three
// (G7): one if some chip makes a set with two of the hand, else two if it holds a chip (any chip
// and two of the other colours are a set), else three.
func chipsToSet(hand []game.Chip) int {
	for i := range hand {
		for j := i + 1; j < len(hand); j++ {
			for _, color := range game.ChipColors() {
				for v := 1; v <= 2; v++ {
					if isSet(hand[i], hand[j], game.Chip{Color: color, Value: v}) {
						return 1
					}
				}
			}
		}
	}
	return 3 - min(len(hand), 1)
}
