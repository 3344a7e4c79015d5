package greatbritain

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
)

// TestPlayoutsKeepTheEnginesPromises plays 2,000 complete random games with the test kit's
// invariants checked after every move.
func TestPlayoutsKeepTheEnginesPromises(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	gametest.Playouts(t, Rules(), games, 1)
}

// BenchmarkPlayoutGreatBritain plays complete random games with chips on the map of Great
// Britain (target >= 3,000 games/s on one core).
func BenchmarkPlayoutGreatBritain(b *testing.B) { gametest.BenchPlayouts(b, Rules()) }
