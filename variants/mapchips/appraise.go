package mapchips

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

// What the maps' appraisals of their chips for the AI (game/ai.ChipAppraiser, each map's ai.go)
// share. They read only what every player sees.

// Chance squashes a ratio of supply to demand into a probability, as the AI's evaluation does:
// 1 to 1 is an even chance, and plenty is nearly sure.
func Chance(x float64) float64 {
	if x <= 0 {
		return 0
	}
	return x / (1 + x)
}

// TurnsLeft is how many turns each player may still expect to play: the stack shared out among
// the players.
func TurnsLeft(g *game.Game) float64 {
	return float64(g.TilesLeft()) / float64(len(g.Players))
}

// MeepleWorth is what the AI counts a meeple in supply worth: 4 points with the whole stack to
// come, falling to nothing with the tiles left (game/ai's meepleFresh).
func MeepleWorth(g *game.Game) float64 {
	return 4 * float64(g.TilesLeft()) / float64(max(1, g.Opts.PoolSize()))
}

// FaceDown counts the chips lying face down on the map: their number is public, their values
// are not.
func FaceDown(g *game.Game) int {
	n := 0
	for _, c := range g.MapChips {
		if !c.FaceUp {
			n++
		}
	}
	return n
}
