package storage

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// tamper edits the file behind the store's back, as a bug or a bad disk would.
func tamper(t *testing.T, s *Store, fn func(tx *bolt.Tx) error) {
	t.Helper()
	if err := s.db.Update(fn); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyRebuildsDisagreeingSnapshots(t *testing.T) {
	s, _ := openTest(t)
	live, badBytes, archived := newGame(t, s, "live"), newGame(t, s, "bytes"), newGame(t, s, "archived")
	for i := range 5 {
		for _, g := range []*testGame{live, badBytes, archived} {
			g.mustApply(t, s, int64(i), g.id+string(rune('0'+i)))
		}
	}
	if err := s.Finish("archived", StatusFinished, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Compact(time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	good := map[string]Snapshot{}
	for _, id := range []string{"live", "bytes", "archived"} {
		good[id], _ = s.Snapshot(id)
	}

	wrong := syntheticState(1, 2, 3)
	tamper(t, s, func(tx *bolt.Tx) error {
		for id, hash := range map[string]string{"live": hashOf(wrong), "bytes": ""} {
			g := tx.Bucket(bucketGames).Bucket([]byte(id))
			st, err := getState(g)
			if err != nil {
				return err
			}
			st.snapshot = wrong
			if hash != "" { // for "bytes", only the bytes are wrong; the hash is still right
				st.hash = hash
			}
			if err := putState(g, st); err != nil {
				return err
			}
		}
		d, err := readGame(tx, "archived", true, true)
		if err != nil {
			return err
		}
		d.Snapshot, d.Record.Hash = wrong, hashOf(wrong)
		blob, err := encodeArchive(d)
		if err != nil {
			return err
		}
		return tx.Bucket(bucketArchive).Put([]byte("archived"), blob)
	})

	rep, err := s.Verify(counter{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 3 || len(rep.Failed) != 0 || len(rep.Problems) != 0 || len(rep.Rebuilt) != 3 {
		t.Fatalf("report %+v", rep)
	}
	for _, m := range rep.Rebuilt {
		if m.ReplayedHash != good[m.GameID].Hash || m.Seq != 5 {
			t.Errorf("mismatch %+v, want replayed hash %s", m, good[m.GameID].Hash)
		}
		if m.GameID != "bytes" && m.StoredHash != hashOf(wrong) {
			t.Errorf("mismatch %+v, want stored hash %s", m, hashOf(wrong))
		}
	}
	for id, want := range good {
		if got, _ := s.Snapshot(id); got.Hash != want.Hash || !bytes.Equal(got.State, want.State) {
			t.Errorf("%s was not rebuilt", id)
		}
	}
	mustVerify(t, s)
}

func TestVerifyReportsWhatItCannotRepair(t *testing.T) {
	s, _ := openTest(t)
	broken, ok := newGame(t, s, "broken"), newGame(t, s, "ok")
	broken.mustApply(t, s, 1, "b1")
	ok.mustApply(t, s, 1, "o1")
	before, _ := s.Snapshot("broken")

	tamper(t, s, func(tx *bolt.Tx) error {
		// A log entry the engine refuses.
		log := tx.Bucket(bucketGames).Bucket([]byte("broken")).Bucket(bucketLog)
		bad, err := encodeEntry(Move{Actor: "alice", Data: []byte(`{"add":"one"}`), InteractionID: "b1", Time: t0})
		if err != nil {
			return err
		}
		if err := log.Put(seqKey(1), bad); err != nil {
			return err
		}
		// A channel that lost its index entry and a timer of no game.
		if err := tx.Bucket(bucketChannels).Delete([]byte("chan-ok")); err != nil {
			return err
		}
		stray := Timer{GameID: "ghost", Kind: "deadline", At: t0}
		return putJSON(tx.Bucket(bucketTimers), stray.key(), stray)
	})

	rep, err := s.Verify(counter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Failed) != 1 || rep.Failed[0].GameID != "broken" || !strings.Contains(rep.Failed[0].Error, "does not replay") {
		t.Errorf("failed = %+v", rep.Failed)
	}
	if after, _ := s.Snapshot("broken"); after.Hash != before.Hash {
		t.Error("Verify changed a game it could not replay")
	}
	wantProblems := []string{"game ok: is not the game of its channel chan-ok", "timer timer:ghost:deadline::"}
	for _, want := range wantProblems {
		if !slices.ContainsFunc(rep.Problems, func(p string) bool { return strings.HasPrefix(p, want) }) {
			t.Errorf("problems %q lack %q", rep.Problems, want)
		}
	}
	if len(rep.Rebuilt) != 0 || rep.OK() {
		t.Errorf("report %+v", rep)
	}
}
