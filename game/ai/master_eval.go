package ai

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

// masterEval is master's judgement of a playout's end.
func masterEval(g *game.Game, seat int, buf []game.Holding) (float64, []game.Holding) {
	return evaluate(g, seat, buf)
}
