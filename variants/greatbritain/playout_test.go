package greatbritain

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
)

// TestPlayoutsKeepTheEnginesPromises plays 2,000 complete random games with the test kit's
// invariants checked after every move.
func TestPlayoutsKeepTheEnginesPromises(t *testing.T) {
	gametest.Playouts(t, Rules(), 2000, 1)
}

// BenchmarkPlayoutGreatBritain plays complete random games with chips on the map of Great
// Britain (target >= 3,000 games/s on one core).
func BenchmarkPlayoutGreatBritain(b *testing.B) { gametest.BenchPlayouts(b, Rules()) }
