package benelux

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TestTilesUnderTheStackTopsAreDealtAgain: a search's copy of the game (Determinize) knows the
// island stacks' face-up tops, never the tiles under them: two games that differ only there give
// the same copy.
func TestTilesUnderTheStackTopsAreDealtAgain(t *testing.T) {
	r := Rules()
	g, err := game.NewGame(r.Map, r.Variant, game.Setup{Players: []string{"ann", "bob"}, Seed: 5, Options: game.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	twin := g.Clone()
	s := st(twin)
	under := 0
	for _, stack := range s.Stacks {
		if n := len(stack); n > 2 {
			stack[0], stack[n-2] = stack[n-2], stack[0]
			under += n - 1
		}
	}
	if under == 0 || slices.EqualFunc(st(g).Stacks, s.Stacks, slices.Equal) {
		t.Fatal("the twin does not differ under the tops")
	}
	if got := len(Variant{}.Concealed(g)); got != under {
		t.Fatalf("%d tiles concealed, %d lie under the tops", got, under)
	}
	a, b := game.NewRNG(9), game.NewRNG(9)
	if g.Determinize(&a).Hash() != twin.Determinize(&b).Hash() {
		t.Fatal("a copy for the search tells the tiles under the island stacks' tops")
	}
}
