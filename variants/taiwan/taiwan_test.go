package taiwan

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
)

// TestPlayoutsKeepTheEnginesPromises plays 2,000 complete random games with the test kit's
// invariants checked after every move: the 30 chips conserved (on the map, in supplies, under
// meeples, out of the game), no hidden value in the redacted view, scores never falling, every
// meeple accounted for, the move log replaying to the same state.
func TestPlayoutsKeepTheEnginesPromises(t *testing.T) {
	gametest.Playouts(t, Rules(), 2000, 1)
}

// BenchmarkPlayoutTaiwan plays complete random games with chips on the map of Taiwan (target
// >= 3,000 games/s on one core).
func BenchmarkPlayoutTaiwan(b *testing.B) { gametest.BenchPlayouts(b, Rules()) }
