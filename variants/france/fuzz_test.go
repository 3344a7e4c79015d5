package france

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
)

// FuzzSell checks the contract of game.Actor: an action France refuses leaves the game exactly as
// it was, whatever its arguments and whenever it comes.
func FuzzSell(f *testing.F) {
	f.Add(uint8(40), "sell", "orange", "abroad", "")
	f.Add(uint8(90), "sell", "purple", "town", "1+1")
	f.Add(uint8(3), "upgrade", "blue", "x", "3")
	f.Fuzz(func(t *testing.T, steps uint8, name, wine, to, pay string) {
		gametest.RefusalChangesNothing(t, Rules(), 2, steps, game.Action{Name: name, Args: map[string]string{"wine": wine, "to": to, "pay": pay}})
	})
}
