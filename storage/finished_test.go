package storage

import (
	"testing"
	"time"
)

// TestLastFinishedFindsTheLatestGameOfAPlace: the game that ended last in a channel is found, also
// once it is archived; a channel where no game ended has none, and a running game is not one.
func TestLastFinishedFindsTheLatestGameOfAPlace(t *testing.T) {
	s, _ := openTest(t)
	for i, id := range []string{"first", "second"} {
		g := &testGame{id: id, seed: int64(i) + 1}
		snap := state(g.seed, 0, 0)
		if err := s.CreateGame(g.record("tavern"), snap, hashOf(snap)); err != nil {
			t.Fatal(err)
		}
		if err := s.Finish(id, StatusFinished, nil); err != nil {
			t.Fatal(err)
		}
	}
	newGame(t, s, "running")
	if rec, snap, ok, err := s.LastFinished("tavern"); err != nil || !ok || rec.ID != "second" || len(snap) == 0 {
		t.Fatalf("last game of the tavern: %v %v %q", err, ok, rec.ID)
	}
	if _, _, ok, err := s.LastFinished("chan-running"); err != nil || ok {
		t.Fatalf("a channel with a running game only: %v %v", err, ok)
	}
	if _, err := s.Compact(time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if rec, snap, ok, err := s.LastFinished("tavern"); err != nil || !ok || rec.ID != "second" || len(snap) == 0 {
		t.Fatalf("last game of the tavern once archived: %v %v %q", err, ok, rec.ID)
	}
}
