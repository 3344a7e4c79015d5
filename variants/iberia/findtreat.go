package iberia

import (
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// findTreat gives the current player the treat on sq, if any: it scores twice the value shown
// (three times with the old German rules, flag iberiaTreatMultiplier) and leaves the game (I7).
// Whoever laid it, its finder may be anyone (I8); it is face up, so nothing is revealed.
func findTreat(g *game.Game, sq game.Square) {
	i, ok := g.ChipOn(sq)
	if !ok || !g.MapChips[i].FaceUp {
		return
	}
	c := g.TakeChip(i).Chip
	g.ChipsOut = append(g.ChipsOut, c)
	k, _ := strconv.Atoi(g.Opts.Value(FlagTreatMultiplier))
	if !g.Tells() {
		g.AddScore(g.Current, k*c.Value, "treat", game.Words{})
		return
	}
	chip := game.ChipValue(c)
	g.AddScore(g.Current, k*c.Value, "treat", game.Say(idIberiaScoreTreat, "Square", sq, "Times", msg.Count(k), "Chip", chip, "Points", msg.Count(k*c.Value)))
	g.Note(sq, game.Say(idIberiaTreatFound, "Player", msg.Player(g.Players[g.Current].Name), "Chip", chip, "Square", sq))
}
