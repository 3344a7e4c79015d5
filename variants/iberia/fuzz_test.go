package iberia

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// FuzzTreat checks the Variant contract: an action the Iberian rules refuse leaves the game
// exactly as it was, whatever its arguments and whenever it comes, a treat waiting to be laid or
// not.
func FuzzTreat(f *testing.F) {
	f.Add(uint8(40), "treat", "F2")
	f.Add(uint8(90), "treat", "P7")
	f.Add(uint8(7), "treat", "O4")
	f.Add(uint8(3), "sell", "Z99")
	f.Fuzz(func(t *testing.T, steps uint8, name, square string) {
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
		a := game.Action{Name: name, Args: map[string]string{"square": square}}
		before := g.Hash()
		if err := g.Play(game.Move{Kind: game.MoveAction, Player: g.Current, Action: &a}); err != nil && g.Hash() != before {
			t.Fatalf("refused action %v changed the game: %v", a, err)
		}
	})
}
