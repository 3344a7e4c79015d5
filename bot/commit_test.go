package bot

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestEveryStoreProblemHasItsWords: whatever kind of failure of the store players are told of,
// the catalogues have its words.
func TestEveryStoreProblemHasItsWords(t *testing.T) {
	for _, p := range storage.Problems() {
		if id := "store_" + string(p); !lang.Default.Has(id) {
			t.Errorf("the store's problem %q has no message %s", p, id)
		}
	}
}
