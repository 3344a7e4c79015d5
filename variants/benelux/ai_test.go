package benelux

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// The AI prices a chip by the island tile it buys (B9, B10): any value alike, a chip of an island
// whose stacks are empty nothing (BE4), and nothing once the face-down stack is empty (B16).
func TestTheAIPricesChipsByTheIslandTilesTheyBuy(t *testing.T) {
	worth := func(hand []game.Chip, emptyPurple bool, left int) float64 {
		t.Helper()
		g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"ann", "bob"}, Seed: 1, Options: game.DefaultOptions()})
		if err != nil {
			t.Fatal(err)
		}
		g.Deck = g.Deck[:left]
		g.Players[0].Chips = hand
		if emptyPurple {
			st(g).Stacks[0], st(g).Stacks[1] = nil, nil
		}
		w := make([]float64, 2)
		Variant{}.AppraiseChips(g, w)
		return w[0]
	}
	p1, p2 := game.Chip{Color: game.Purple, Value: 1}, game.Chip{Color: game.Purple, Value: 2}
	one := worth([]game.Chip{p1}, false, 60)
	if one <= 0 || one >= islandTile {
		t.Errorf("a purple chip is worth %.2f, want above 0 and below an island tile's %.2f", one, islandTile)
	}
	if w := worth([]game.Chip{p2}, false, 60); w != one {
		t.Errorf("a purple 2 is worth %.2f, a purple 1 %.2f: both buy one tile", w, one)
	}
	if w := worth([]game.Chip{p1, p2}, false, 60); w <= one || w >= 2*one {
		t.Errorf("two purple chips are worth %.2f, want between one (%.2f) and twice one", w, one)
	}
	if w := worth([]game.Chip{p1}, true, 60); w != 0 {
		t.Errorf("a purple chip with the purple island empty is worth %.2f, want 0", w)
	}
	if w := worth([]game.Chip{p1}, false, 0); w != 0 {
		t.Errorf("a chip at the end is worth %.2f, want 0", w)
	}
}
