package variants_test

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// TestPlayoutsWithTheExpansionsRulesKeepEveryPromise plays 2,000 random games (a tenth unless
// soaking: gametest.Games) on every map with the full rules of both expansions (rules:all): every
// meeple, big meeple, builder and pig accounted for after every move, goods conserved (held = the goods of the completed cities), every score
// log summing to the score, snapshots, clones and replays exact (gametest).
func TestPlayoutsWithTheExpansionsRulesKeepEveryPromise(t *testing.T) {
	for _, e := range variants.All(false) {
		t.Run(e.ID, func(t *testing.T) {
			t.Parallel()
			gametest.PlayoutsWithExpansionRules(t, e, 2000, 7)
		})
	}
}
