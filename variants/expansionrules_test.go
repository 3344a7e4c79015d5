package variants_test

import (
	"flag"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// expansionGames is how many random games each map plays with the expansions' rules on. The
// default keeps go test ./... quick on a small machine; -expansion-games=2000 is the full count.
var expansionGames = flag.Int("expansion-games", 300, "random games per map with the expansions' rules on")

// TestPlayoutsWithTheExpansionsRulesKeepEveryPromise plays random games on every map with the
// full rules of both expansions (rules:all): every meeple, big meeple, builder and pig accounted
// for after every move, goods conserved (held = the goods of the completed cities), every score
// log summing to the score, snapshots, clones and replays exact (gametest).
func TestPlayoutsWithTheExpansionsRulesKeepEveryPromise(t *testing.T) {
	for _, e := range variants.All(false) {
		t.Run(e.ID, func(t *testing.T) {
			t.Parallel()
			gametest.PlayoutsWithExpansionRules(t, e, *expansionGames, 7)
		})
	}
}
