package game_test

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"
)

// TestEveryHookKeepsTheEnginesPromises plays 10,000 complete games of the relay test map through
// every hook of the seam and checks the test kit's invariants after every move.
func TestEveryHookKeepsTheEnginesPromises(t *testing.T) {
	games := 10000
	if testing.Short() {
		games = 1000
	}
	gametest.Playouts(t, testmaps.Relay(), games, 1)
	for name, n := range map[string]int64{"source": testmaps.RelayCalls.Source.Load(), "choice": testmaps.RelayCalls.Choice.Load(), "bank": testmaps.RelayCalls.Bank.Load(),
		"upgrade": testmaps.RelayCalls.Upgrade.Load(), "isle": testmaps.RelayCalls.Isle.Load(), "returned": testmaps.RelayCalls.Returned.Load(),
		"reveal": testmaps.RelayCalls.Reveal.Load(), "final": testmaps.RelayCalls.Final.Load()} {
		if n == 0 {
			t.Errorf("the playouts never reached the %s hook", name)
		}
	}
}
