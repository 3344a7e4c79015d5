package mapchips

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

// Collect takes the face-down chip on sq, if any, for the current player: it is revealed and scores
// its value at once (R4.0.6). It returns the chip; keep says whether it goes to the player's supply
// (Iberia puts it back on the map instead).
func Collect(g *game.Game, sq game.Square, keep bool) (game.Chip, bool) {
	i, ok := g.ChipOn(sq)
	if !ok || g.MapChips[i].FaceUp {
		return game.Chip{}, false
	}
	c := g.TakeChip(i).Chip
	p := g.Current
	if keep {
		g.GiveChip(p, c)
	}
	g.ScoreChip(p, sq, c)
	return c, true
}
