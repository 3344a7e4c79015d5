package greatbritain

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// FuzzChipActions checks the Variant contract: an action the Great Britain rules refuse leaves
// the game exactly as it was, whatever its name and arguments and whenever it comes: before or
// after the placement, at the offer of an extra turn, in an extra turn, or while a set waits to be
// chosen.
func FuzzChipActions(f *testing.F) {
	f.Add(uint8(40), "isle", "")
	f.Add(uint8(90), "set", "purple 1 + blue 1 + orange 1")
	f.Add(uint8(7), "set", "p2+b2+o1")
	f.Add(uint8(12), "isle", "yes")
	f.Add(uint8(3), "treat", "F2")
	f.Fuzz(func(t *testing.T, steps uint8, name, arg string) {
		g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"a", "b", "c"}, Seed: uint64(steps)})
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
		a := game.Action{Name: name, Args: map[string]string{"chips": arg}}
		before := g.Hash()
		if err := g.Play(game.Move{Kind: game.MoveAction, Player: g.Current, Action: &a}); err != nil && g.Hash() != before {
			t.Fatalf("refused action %v changed the game: %v", a, err)
		}
	})
}
