package commands

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// AI seats play whole games through the command layer, every move as the command a player would
// type, on the maps with chip actions and forced choices, and the same seed replays the game.
func TestAISeatsPlayThroughTheCommands(t *testing.T) {
	for id, levels := range map[string][]ai.Level{"france": {ai.Easy, ai.Normal}, "iberia": {ai.Easy, ai.Random, ai.Easy}, "relay": {ai.Random, ai.Easy, ai.Easy}} {
		a, err := AIGame(id, len(levels), levels, 5, nil)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if a.Status != table.Finished {
			t.Fatalf("%s: the game did not finish", id)
		}
		b, err := AIGame(id, len(levels), levels, 5, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.Game.Hash() != b.Game.Hash() {
			t.Fatalf("%s: the same seed plays another game", id)
		}
	}
}
