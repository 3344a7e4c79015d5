package taiwan

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// FuzzUpgrade checks the Variant contract: an upgrade the Taiwan rules refuse (wrong step, no
// meeple there, someone else's or an upgraded meeple, a payment not worth exactly 4, chips not
// held, junk) leaves the game exactly as it was, whatever its arguments and whenever it comes.
func FuzzUpgrade(f *testing.F) {
	f.Add(uint8(40), "upgrade", "L6", "", "blue 2 + orange 2")
	f.Add(uint8(90), "upgrade", "F7", "road:E", "purple 1 + purple 1 + blue 1 + orange 1")
	f.Add(uint8(7), "upgrade", "Z99", "city:N", "orange 2 + orange 2 + orange 2")
	f.Add(uint8(200), "upgrade", "J12", "field:NL", "light blue 2, purple 1, purple 1")
	f.Add(uint8(3), "sell", "A1", "cloister", "2")
	f.Fuzz(func(t *testing.T, steps uint8, name, square, spot, pay string) {
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
		a := game.Action{Name: name, Args: map[string]string{"square": square, "spot": spot, "pay": pay}}
		before := g.Hash()
		if err := g.Play(game.Move{Kind: game.MoveAction, Player: g.Current, Action: &a}); err != nil && g.Hash() != before {
			t.Fatalf("refused action %v changed the game: %v", a, err)
		}
	})
}
