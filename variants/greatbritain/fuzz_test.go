package greatbritain

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
)

// FuzzChipActions checks the contract of game.Actor: an action the Great Britain rules refuse
// leaves the game exactly as it was, whatever its name and arguments and whenever it comes: before
// or after the placement, at the offer of an extra turn, in an extra turn, or while a set waits to
// be chosen.
func FuzzChipActions(f *testing.F) {
	f.Add(uint8(40), "isle", "")
	f.Add(uint8(90), "set", "purple 1 + blue 1 + orange 1")
	f.Add(uint8(7), "set", "p2+b2+o1")
	f.Add(uint8(12), "isle", "yes")
	f.Add(uint8(3), "treat", "F2")
	f.Fuzz(func(t *testing.T, steps uint8, name, arg string) {
		gametest.RefusalChangesNothing(t, Rules(), 3, steps, game.Action{Name: name, Args: map[string]string{"chips": arg}})
	})
}
