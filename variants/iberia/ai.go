package iberia

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

// The shares of a treat lying next to the landscape that the AI credits to the player to move
// and, together, to the others: the player to move is first to reach it (AppraiseChips).
const (
	firstShare = 0.5
	laterShare = 0.25
)

// AppraiseChips prices the treats for the AI (game/ai.ChipAppraiser): a treat next to a tile can
// be taken by the next tile placed on its square, for twice its value (I7, I8), and the player
// to move is the first who may; a treat far from the landscape is nobody's yet. So a treat laid
// by the tiles is a gift to the next player, and one lying there is worth taking. Treats are face
// up; nothing hidden is read.
func (Variant) AppraiseChips(g *game.Game, worth []float64) {
	if g.TilesLeft() == 0 {
		return
	}
	for _, c := range g.MapChips {
		if !c.FaceUp || !byTheTiles(g, c.Square) {
			continue
		}
		v := float64(2 * c.Value)
		for p := range worth {
			if p == g.Current {
				worth[p] += firstShare * v
			} else {
				worth[p] += laterShare * v / float64(len(worth)-1)
			}
		}
	}
}

// byTheTiles reports whether a tile, printed or placed, lies next to sq along a row or column.
func byTheTiles(g *game.Game, sq game.Square) bool {
	for d := game.Dir(0); d < 4; d++ {
		if n, ok := sq.Step(d); ok {
			if _, tile := g.Face(n); tile {
				return true
			}
		}
	}
	return false
}
