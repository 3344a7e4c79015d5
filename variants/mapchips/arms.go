package mapchips

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// ArmsPoints is what each coat of arms printed on an island square scores when a tile covers it
// (R1.9.1, Taiwan and Iberia).
const ArmsPoints = 2

// ScoreArms gives the current player 2 points per coat of arms printed on sq, at once, whether or
// not a meeple is placed (R1.9.1); the arms have no further effect (OQ-40).
func ScoreArms(g *game.Game, sq game.Square) {
	n := g.Map.Info(sq).Arms
	if n == 0 {
		return
	}
	if !g.Tells() {
		g.AddScore(g.Current, ArmsPoints*n, "arms", game.Words{})
		return
	}
	g.AddScore(g.Current, ArmsPoints*n, "arms", game.Say(idMapchipsScoreArms, "Count", msg.Count(n), "Square", sq, "Each", msg.Count(ArmsPoints), "Points", msg.Count(ArmsPoints*n)))
}
