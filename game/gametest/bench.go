package gametest

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// BenchPlayouts plays complete random 3-player games of r, a new seed each, and reports games per
// second: the playout benchmark every map has (the bench report's target is 3,000 on one core).
func BenchPlayouts(b *testing.B, r game.MapRules) {
	b.ReportAllocs()
	rng := game.NewRNG(1)
	for i := 0; b.Loop(); i++ {
		g, err := game.NewGame(r.Map, r.Variant, game.Setup{Players: []string{"a", "b", "c"}, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		g.PlayOut(&rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
