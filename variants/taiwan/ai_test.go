package taiwan

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

func chipsWorth(t *testing.T, values []int, left int) float64 {
	t.Helper()
	g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"ann", "bob"}, Seed: 1, Options: game.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	g.Deck = g.Deck[:left]
	for i, v := range values {
		g.Players[0].Chips = append(g.Players[0].Chips, game.Chip{Color: game.ChipColors()[i%3], Value: v})
	}
	worth := make([]float64, 2)
	Variant{}.AppraiseChips(g, worth)
	return worth[0]
}

// The AI prices a hand by the upgrades it pays, exactly 4 each (T6, T8): 2+2, 2+1+1 and 1+1+1+1
// each pay one; 1+1+2+2 pays one and no more (TE2); a hand short of 4 is worth its points towards
// the next; three 1s are worth less than a 2 and two 1s, which pay; nothing at the end (T11).
func TestTheAIPricesChipsByTheUpgradesTheyPay(t *testing.T) {
	one := chipsWorth(t, []int{2, 2}, 60)
	for _, hand := range [][]int{{2, 1, 1}, {1, 1, 1, 1}} {
		if w := chipsWorth(t, hand, 60); w != one {
			t.Errorf("%v is worth %.2f, want one upgrade's %.2f", hand, w, one)
		}
	}
	if w := chipsWorth(t, []int{1, 1, 2, 2}, 60); w <= one || w >= 2*one {
		t.Errorf("1+1+2+2 is worth %.2f, want one upgrade (%.2f) and change", w, one)
	}
	if w := chipsWorth(t, []int{1, 1, 1}, 60); w >= one/2 {
		t.Errorf("three 1s are worth %.2f, want well below an upgrade's %.2f", w, one)
	}
	if w := chipsWorth(t, []int{2, 2}, 0); w != 0 {
		t.Errorf("chips at the end are worth %.2f, want 0", w)
	}
}
