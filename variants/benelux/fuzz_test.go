package benelux

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
)

// FuzzIsland checks the contract of game.Actor: an island action the Benelux rules refuse leaves
// the game exactly as it was, whatever its arguments and whenever it comes: at the start of a turn
// with or without chips, after drawing, after placing.
func FuzzIsland(f *testing.F) {
	f.Add(uint8(40), "island", "purple", "1")
	f.Add(uint8(90), "island", "orange", "3")
	f.Add(uint8(7), "island", "Texel", "")
	f.Add(uint8(120), "island", "blue", "2")
	f.Add(uint8(3), "treat", "green", "x")
	f.Fuzz(func(t *testing.T, steps uint8, name, colour, stack string) {
		gametest.RefusalChangesNothing(t, Rules(), 2, steps, game.Action{Name: name, Args: map[string]string{"island": colour, "stack": stack}})
	})
}
