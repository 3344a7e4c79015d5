package mapchips

import (
	"fmt"

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
		g.AddScore(g.Current, ArmsPoints*n, "arms", game.Words{}, "")
		return
	}
	what := "1 coat of arms"
	if n > 1 {
		what = fmt.Sprintf("%d coats of arms", n)
	}
	g.AddScore(g.Current, ArmsPoints*n, "arms", game.Say(idMapchipsScoreArms, "Count", n, "Square", sq, "Each", ArmsPoints, "Points", ArmsPoints*n), fmt.Sprintf("%s printed on %s × %d = %d", what, sq, ArmsPoints, ArmsPoints*n))
}
