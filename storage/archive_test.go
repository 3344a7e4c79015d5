package storage

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

func TestCompactArchivesOldFinishedGames(t *testing.T) {
	s, _ := openTest(t)
	old, recent, active := newGame(t, s, "old"), newGame(t, s, "recent"), newGame(t, s, "active")
	for i := range 8 {
		old.mustApply(t, s, int64(i), fmt.Sprintf("o%d", i))
		recent.mustApply(t, s, int64(i), fmt.Sprintf("r%d", i))
		active.mustApply(t, s, int64(i), fmt.Sprintf("a%d", i))
	}
	last := old.commit(1, "o-last") // ends at its move time, in 2025
	last.Status, last.Standings = StatusFinished, []Standing{{"alice", 9, 1}}
	if _, err := s.AppendMove(last); err != nil {
		t.Fatal(err)
	}
	old.applied(last)
	if err := s.Finish("recent", StatusFinished, nil); err != nil { // ends now
		t.Fatal(err)
	}
	wantMoves, _ := s.Moves("old")
	wantSnap, _ := s.Snapshot("old")
	wantRec, _ := s.Game("old")
	wantExport, _ := s.Export("old", true, counter{})

	n, err := s.Compact(time.Now().Add(-24 * time.Hour))
	if n != 1 || err != nil {
		t.Fatalf("Compact = %d, %v; want 1", n, err)
	}
	if n, err := s.Compact(time.Now().Add(-24 * time.Hour)); n != 0 || err != nil {
		t.Errorf("second Compact = %d, %v; want 0", n, err)
	}
	s = reopen(t, s)
	if err := s.view(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketGames).Bucket([]byte("old")) != nil || tx.Bucket(bucketArchive).Get([]byte("old")) == nil {
			return errors.New("old is not archived")
		}
		if tx.Bucket(bucketGames).Bucket([]byte("recent")) == nil {
			return errors.New("recent was archived before the cutoff")
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}

	// The archived game reads as before.
	if got, _ := s.Moves("old"); fmt.Sprint(got) != fmt.Sprint(wantMoves) {
		t.Errorf("moves changed:\n%v\n%v", got, wantMoves)
	}
	if got, _ := s.Snapshot("old"); got.Hash != wantSnap.Hash || string(got.State) != string(wantSnap.State) {
		t.Error("snapshot changed")
	}
	if got, _ := s.Game("old"); fmt.Sprint(got) != fmt.Sprint(wantRec) {
		t.Errorf("record changed:\n%+v\n%+v", got, wantRec)
	}
	if got, _ := s.Export("old", true, counter{}); string(got) != string(wantExport) {
		t.Error("export changed")
	}
	if _, err := s.AppendMove(old.commit(1, "late")); !errors.Is(err, ErrFinished) {
		t.Errorf("move on an archived game: %v, want ErrFinished", err)
	}
	if err := s.Finish("old", StatusAbandoned, nil); !errors.Is(err, ErrFinished) {
		t.Errorf("Finish on an archived game: %v, want ErrFinished", err)
	}
	if _, err := s.Compact(time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	mustVerify(t, s)
}

// TestBytesPerFinishedGame measures what a finished 150-move game costs in the file (target:
// at most 32 KiB), before and after Compact, as the pages a compacted copy of the file needs
// (bbolt.Compact leaves out free pages) beyond those of an empty store.
func TestBytesPerFinishedGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 3,600 moves")
	}
	const games, moves = 24, 150
	s, _ := openTest(t)
	empty := liveBytes(t, s)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := w; i < games; i += 8 {
				g, err := startGame(s, fmt.Sprintf("game-%03d", i))
				for j := 0; j < moves-1 && err == nil; j++ {
					_, err = g.apply(s, int64(j%7), fmt.Sprintf("1234567890123456%03d-%d", i, j))
				}
				if err != nil {
					t.Error(err)
					return
				}
				last := g.commit(3, fmt.Sprintf("1234567890123456%03d-last", i))
				last.Status, last.Standings = StatusFinished, []Standing{{"alice", 80, 1}, {"bob", 70, 2}}
				if _, err := s.AppendMove(last); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	before := (liveBytes(t, s) - empty) / games
	if _, err := s.Compact(time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	after := (liveBytes(t, s) - empty) / games
	snap, _ := s.Snapshot("game-000")
	t.Logf("bytes per finished game of %d moves (final snapshot %d B): %d before Compact, %d after",
		moves, len(snap.State), before, after)
	if after > 32<<10 {
		t.Errorf("%d bytes per finished game after Compact, target 32 KiB", after)
	}
	mustVerify(t, s)
}

// liveBytes is the size of the data in a compacted copy of the store's file: the pages it needs
// (the copy's high-water mark; the file itself grows in larger steps).
func liveBytes(t *testing.T, s *Store) int64 {
	t.Helper()
	dst, err := bolt.Open(filepath.Join(t.TempDir(), "compacted.db"), 0o600, &bolt.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	if err := bolt.Compact(dst, s.db, 0); err != nil {
		t.Fatal(err)
	}
	var size int64
	if err := dst.View(func(tx *bolt.Tx) error { size = tx.Size(); return nil }); err != nil {
		t.Fatal(err)
	}
	return size
}
