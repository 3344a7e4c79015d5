package variants_test

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// TestEveryMapsHooksAreCalled: every hook a map's rules define is one the engine calls (a method
// named as a hook's with another signature would silently play the plain game).
func TestEveryMapsHooksAreCalled(t *testing.T) {
	for _, e := range variants.All(true) {
		if err := game.CheckHooks(e.Variant); err != nil {
			t.Errorf("%s: %v", e.ID, err)
		}
	}
}
