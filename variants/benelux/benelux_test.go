package benelux

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
)

// TestPlayoutsKeepTheEnginesPromises plays 2,000 complete random games with the test kit's
// invariants checked after every move: the 30 chips and every tile (island stacks included) are
// accounted for, the redacted view hides the face-down chips, the stack order and the island
// tiles not yet turned up, refused actions change nothing and the move log replays.
func TestPlayoutsKeepTheEnginesPromises(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	gametest.Playouts(t, Rules(), games, 1)
}

// BenchmarkPlayoutBenelux plays complete random games with chips and island tiles on the map of
// the Benelux (target >= 3,000 games/s on one core).
func BenchmarkPlayoutBenelux(b *testing.B) {
	b.ReportAllocs()
	rng := game.NewRNG(1)
	for i := 0; b.Loop(); i++ {
		g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"a", "b", "c"}, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		g.PlayOut(&rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
