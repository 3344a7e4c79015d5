package table_test

import (
	"bytes"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestALoadedGameHasItsMapsWordsAndTheSameSnapshot: a game loaded from its snapshot has the Words
// of its maps' score reasons (which the snapshot leaves out) as the game that was played had
// them, and its snapshot, and so its hash, are the bytes it was loaded from.
func TestALoadedGameHasItsMapsWordsAndTheSameSnapshot(t *testing.T) {
	for _, id := range []string{"france", "iberia", "taiwan"} {
		played, err := commands.AutoGame(id, 3, 11, nil)
		if err != nil {
			t.Fatal(err)
		}
		snap, err := played.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		loaded, err := table.Load(snap)
		if err != nil {
			t.Fatal(err)
		}
		again, err := loaded.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(snap, again) {
			t.Errorf("%s: the loaded game's snapshot differs from the one it was loaded from", id)
		}
		words := 0
		for i, e := range loaded.Game.Log {
			if e.Text == "" {
				continue
			}
			if w := played.Game.Log[i].Words; e.Words.ID != w.ID || e.Words.ID == "" {
				t.Errorf("%s: score reason %d %q has the words %+v, the played game %+v", id, i, e.Text, e.Words, w)
			}
			words++
		}
		if words == 0 {
			t.Errorf("%s: no map score reason in the game: the check saw nothing", id)
		}
	}
}
