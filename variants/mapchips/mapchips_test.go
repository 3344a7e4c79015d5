package mapchips_test

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

// TestCoatsOfArmsScoreTwoEachWhenCovered: the synthetic map's island has D11 (1 coat of arms)
// and E11 (2); covering them scores 2 and 4 at once (R1.9.1), other squares nothing.
func TestCoatsOfArmsScoreTwoEachWhenCovered(t *testing.T) {
	for _, c := range []struct {
		square, reason string
		want           int
	}{{"D11", "1 coat of arms printed on D11 × 2 = 2", 2}, {"E11", "2 coats of arms printed on E11 × 2 = 4", 4}, {"G7", "", 0}} {
		g, err := game.NewGame(testmaps.SyntheticMap(), nil, game.Setup{Players: []string{"a", "b"}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		sq, _ := game.ParseSquare(c.square)
		mapchips.ScoreArms(g, sq)
		if got := g.Players[g.Current].Score; got != c.want {
			t.Errorf("covering %s scores %d, want %d", c.square, got, c.want)
		}
		if c.want > 0 && g.Log[len(g.Log)-1].Reason() != c.reason {
			t.Errorf("covering %s: reason %q, want %q", c.square, g.Log[len(g.Log)-1].Reason(), c.reason)
		}
	}
}
