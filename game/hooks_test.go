package game_test

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/relay"
)

// TestEveryHookKeepsTheEnginesPromises plays 10,000 complete games of the relay test map through
// every hook of the seam and checks the test kit's invariants after every move.
func TestEveryHookKeepsTheEnginesPromises(t *testing.T) {
	games := 10000
	if testing.Short() {
		games = 1000
	}
	gametest.Playouts(t, relay.Rules(), games, 1)
	for name, n := range map[string]int64{"source": relay.Calls.Source.Load(), "choice": relay.Calls.Choice.Load(), "bank": relay.Calls.Bank.Load(),
		"upgrade": relay.Calls.Upgrade.Load(), "isle": relay.Calls.Isle.Load(), "returned": relay.Calls.Returned.Load(),
		"reveal": relay.Calls.Reveal.Load(), "final": relay.Calls.Final.Load()} {
		if n == 0 {
			t.Errorf("the playouts never reached the %s hook", name)
		}
	}
}
