package greatbritain

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// How many chips a set-free hand still needs for a set of three (G7): GE3's orange 1 and orange 2
// need two more (no third chip makes a set with them), GE4's two orange 1s one.
func TestChipsToSet(t *testing.T) {
	o1, o2, p1 := game.Chip{Color: game.Orange, Value: 1}, game.Chip{Color: game.Orange, Value: 2}, game.Chip{Color: game.Purple, Value: 1}
	for _, c := range []struct {
		hand []game.Chip
		want int
	}{
		{nil, 3},
		{[]game.Chip{o1}, 2},
		{[]game.Chip{o1, o2}, 2},
		{[]game.Chip{o1, o1}, 1},
		{[]game.Chip{o1, p1}, 1},
	} {
		if got := chipsToSet(c.hand); got != c.want {
			t.Errorf("%s needs %d chips, not %d", game.ChipList(c.hand), c.want, got)
		}
	}
}

// The AI prices a meeple on the Isle of Man by the chance that a set brings it back (G7, G8):
// less than a meeple in supply, more with a hand one chip short of a set than with none, and
// nothing without meeples there or once the stack is empty.
func TestTheAIPricesTheIsleOfManByTheSetsToCome(t *testing.T) {
	worth := func(hand []game.Chip, isle, left int) float64 {
		t.Helper()
		g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"ann", "bob"}, Seed: 1, Options: game.DefaultOptions()})
		if err != nil {
			t.Fatal(err)
		}
		g.Deck = g.Deck[:left]
		g.Players[0].Chips = hand
		st(g).Isle[0] = isle
		w := make([]float64, 2)
		Variant{}.AppraiseChips(g, w)
		return w[0]
	}
	o1 := game.Chip{Color: game.Orange, Value: 1}
	hand := []game.Chip{o1, o1}
	near, far := worth(hand, 1, 60)-worth(hand, 0, 60), worth(nil, 1, 60)
	g, _ := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"ann", "bob"}, Seed: 1, Options: game.DefaultOptions()})
	g.Deck = g.Deck[:60]
	switch meeple := 4 * 60 / float64(g.Opts.PoolSize()); {
	case near <= far || far <= 0:
		t.Errorf("a meeple on the island is worth %.2f with a hand one chip short of a set, %.2f with none: want more with the hand, both above 0", near, far)
	case near >= meeple:
		t.Errorf("a meeple on the island is worth %.2f, want less than one in supply (%.2f)", near, meeple)
	}
	if w := worth(nil, 0, 60); w != 0 {
		t.Errorf("no meeple on the island and no chip are worth %.2f, want 0", w)
	}
	if w := worth(hand, 2, 0); w != 0 {
		t.Errorf("meeples on the island at the end are worth %.2f, want 0 (G12)", w)
	}
}
