package france

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// FuzzSell checks the Variant contract: an action France refuses leaves the game exactly as it
// was, whatever its arguments and whenever it comes.
func FuzzSell(f *testing.F) {
	f.Add(uint8(40), "sell", "orange", "abroad", "")
	f.Add(uint8(90), "sell", "purple", "town", "1+1")
	f.Add(uint8(3), "upgrade", "blue", "x", "3")
	f.Fuzz(func(t *testing.T, steps uint8, name, wine, to, pay string) {
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
		a := game.Action{Name: name, Args: map[string]string{"wine": wine, "to": to, "pay": pay}}
		before := g.Hash()
		if err := g.Play(game.Move{Kind: game.MoveAction, Player: g.Current, Action: &a}); err != nil && g.Hash() != before {
			t.Fatalf("refused action %v changed the game: %v", a, err)
		}
	})
}
