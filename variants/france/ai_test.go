package france

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

func chipsWorth(t *testing.T, hand []game.Chip, left int) float64 {
	t.Helper()
	g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"ann", "bob"}, Seed: 1, Options: game.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	g.Deck = g.Deck[:left]
	g.Players[0].Chips = hand
	worth := make([]float64, 2)
	Variant{}.AppraiseChips(g, worth)
	if worth[1] != 0 {
		t.Fatalf("bob holds no chip but is credited %v", worth[1])
	}
	return worth[0]
}

// The AI prices a hand by the wines it makes (F5, F6, F12): a wine below a sale abroad, so that
// a sale is always worth making; two wines less than twice one, since one sells a turn; a lone
// 1 or a 1 and a 2 of one colour (FE2) well below a wine; nothing once the stack is empty.
func TestTheAIPricesWinesBySales(t *testing.T) {
	p1, p2, o1 := game.Chip{Color: game.Purple, Value: 1}, game.Chip{Color: game.Purple, Value: 2}, game.Chip{Color: game.Orange, Value: 1}
	wine := chipsWorth(t, []game.Chip{p2}, 60)
	if wine <= 3 || wine >= AbroadPoints {
		t.Errorf("a wine early on is worth %.2f, want between its chips' 3 and a sale's %d", wine, AbroadPoints)
	}
	if pair := chipsWorth(t, []game.Chip{p1, p1}, 60); pair != wine {
		t.Errorf("two purple 1s are worth %.2f, a purple 2 %.2f: both are one wine", pair, wine)
	}
	if two := chipsWorth(t, []game.Chip{p2, p1, p1}, 60); two <= wine || two >= 2*wine {
		t.Errorf("two wines are worth %.2f, want between one (%.2f) and twice one", two, wine)
	}
	if mixed := chipsWorth(t, []game.Chip{p1, o1}, 60); mixed >= wine/2 {
		t.Errorf("purple 1 and orange 1 (no wine, FE4) are worth %.2f, want well below a wine's %.2f", mixed, wine)
	}
	if late := chipsWorth(t, []game.Chip{p2}, 4); late >= wine/2 {
		t.Errorf("a wine with two turns left is worth %.2f, want well below its %.2f early on", late, wine)
	}
	if end := chipsWorth(t, []game.Chip{p2, p1}, 0); end != 0 {
		t.Errorf("wine at the end is worth %.2f, want 0 (F12)", end)
	}
}
