package taiwan

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
)

// FuzzUpgrade checks the contract of game.Actor: an upgrade the Taiwan rules refuse (wrong step, no
// meeple there, someone else's or an upgraded meeple, a payment not worth exactly 4, chips not
// held, junk) leaves the game exactly as it was, whatever its arguments and whenever it comes.
func FuzzUpgrade(f *testing.F) {
	f.Add(uint8(40), "upgrade", "L6", "", "blue 2 + orange 2")
	f.Add(uint8(90), "upgrade", "F7", "road:E", "purple 1 + purple 1 + blue 1 + orange 1")
	f.Add(uint8(7), "upgrade", "Z99", "city:N", "orange 2 + orange 2 + orange 2")
	f.Add(uint8(200), "upgrade", "J12", "field:NL", "light blue 2, purple 1, purple 1")
	f.Add(uint8(3), "sell", "A1", "cloister", "2")
	f.Fuzz(func(t *testing.T, steps uint8, name, square, spot, pay string) {
		gametest.RefusalChangesNothing(t, Rules(), 2, steps, game.Action{Name: name, Args: map[string]string{"square": square, "spot": spot, "pay": pay}})
	})
}
