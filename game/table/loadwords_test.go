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
		played, snap, loaded := playedAndLoaded(t, id)
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

// TestALoadedGameTellsItsFeaturesApartAsThePlayedOne: two features over the same squares are told
// apart by their parts (game.ScoreEntry.Part, "farm C4-H9 (EL)"), which the snapshot leaves out so
// that its bytes and hash stay those of every earlier release; a loaded game has them again, as
// the played game had them.
func TestALoadedGameTellsItsFeaturesApartAsThePlayedOne(t *testing.T) {
	parts := 0
	for _, id := range []string{"classic", "france", "benelux", "greatbritain"} {
		played, snap, loaded := playedAndLoaded(t, id)
		if bytes.Contains(snap, []byte(`"part"`)) {
			t.Errorf("%s: the snapshot holds the features' parts", id)
		}
		for i, e := range loaded.Game.Log {
			if want := played.Game.Log[i]; e.Part != want.Part {
				t.Errorf("%s: score entry %d %q has the part %q, the played game's %q", id, i, e.Reason(), e.Part, want.Part)
			}
			if e.Part != "" {
				parts++
			}
		}
	}
	if parts == 0 {
		t.Error("no two features over the same squares scored in these games: the check saw nothing")
	}
}

// playedAndLoaded plays a game of three AI players on map id, and loads it again from its snapshot.
func playedAndLoaded(t *testing.T, id string) (played *table.Table, snap []byte, loaded *table.Table) {
	t.Helper()
	played, err := commands.AutoGame(id, 3, 11, nil)
	if err != nil {
		t.Fatal(err)
	}
	if snap, err = played.Snapshot(); err != nil {
		t.Fatal(err)
	}
	if loaded, err = table.Load(snap); err != nil {
		t.Fatal(err)
	}
	return played, snap, loaded
}
