package benelux

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// FuzzIsland checks the Variant contract: an island action the Benelux rules refuse leaves the
// game exactly as it was, whatever its arguments and whenever it comes: at the start of a turn
// with or without chips, after drawing, after placing.
func FuzzIsland(f *testing.F) {
	f.Add(uint8(40), "island", "purple", "1")
	f.Add(uint8(90), "island", "orange", "3")
	f.Add(uint8(7), "island", "Texel", "")
	f.Add(uint8(120), "island", "blue", "2")
	f.Add(uint8(3), "treat", "green", "x")
	f.Fuzz(func(t *testing.T, steps uint8, name, colour, stack string) {
		g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"a", "b"}, Seed: uint64(steps)})
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(uint64(steps) + 1)
		for range int(steps) {
			if g.Phase == game.PhaseOver {
				return
			}
			m, _ := g.RandomMove(&rng, nil)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		a := game.Action{Name: name, Args: map[string]string{"island": colour, "stack": stack}}
		before := g.Hash()
		if err := g.Play(game.Move{Kind: game.MoveAction, Player: g.Current, Action: &a}); err != nil && g.Hash() != before {
			t.Fatalf("refused action %v changed the game: %v", a, err)
		}
	})
}
