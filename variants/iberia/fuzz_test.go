package iberia

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
)

// FuzzTreat checks the contract of game.Actor: an action the Iberian rules refuse leaves the game
// exactly as it was, whatever its arguments and whenever it comes, a treat waiting to be laid or
// not.
func FuzzTreat(f *testing.F) {
	f.Add(uint8(40), "treat", "F2")
	f.Add(uint8(90), "treat", "P7")
	f.Add(uint8(7), "treat", "O4")
	f.Add(uint8(3), "sell", "Z99")
	f.Fuzz(func(t *testing.T, steps uint8, name, square string) {
		gametest.RefusalChangesNothing(t, Rules(), 2, steps, game.Action{Name: name, Args: map[string]string{"square": square}})
	})
}
