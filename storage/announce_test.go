package storage

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// withAnnouncement is a commit that carries its announcement.
func withAnnouncement(c Commit) Commit {
	c.Announce = &Announcement{Channel: "chan", Message: json.RawMessage(`{}`)}
	return c
}

// TestARestartSaysThePreviousRunsAnnouncementsAtOnce: the file is held by one process, so what a
// previous run left unsaid (it died between its move's commit and its announcement) is the new
// run's to say at its start, without waiting for AnnounceGrace; a schema 3 file gains the bucket.
func TestARestartSaysThePreviousRunsAnnouncementsAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	old, err := Open(path, Options{NoSync: true, migrations: migrations[:3]})
	if err != nil {
		t.Fatal(err)
	}
	old.Close()
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatalf("migrating schema 3: %v", err)
	}
	g := newGame(t, s, "g1")
	c := withAnnouncement(g.commit(1, "i1"))
	if applied, err := s.AppendMove(c); err != nil || !applied {
		t.Fatal(applied, err)
	}
	g.applied(c)
	now := c.Move.Time.Add(time.Second)
	if n, err := s.ClaimAnnouncements(now, func(Announcement) error { return nil }); n != 0 || err != nil {
		t.Fatalf("the live run's own announcement was claimed: %d, %v", n, err)
	}
	s.Close()

	s, err = Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var said []uint64
	if n, err := s.ClaimAnnouncements(now, func(a Announcement) error { said = append(said, a.Seq); return nil }); n != 1 || err != nil || len(said) != 1 || said[0] != 1 {
		t.Fatalf("after a restart: %d said (%v), %v; want move 1's", n, said, err)
	}
	if list, _ := s.Announcements(); len(list) != 0 {
		t.Fatalf("left after saying: %+v", list)
	}
}

// rows reads the announcement rows as they are in the file, without flushing the clears pending.
func rows(t *testing.T, s *Store) []uint64 {
	t.Helper()
	var seqs []uint64
	err := s.view(func(tx *bolt.Tx) error {
		return tx.Bucket(bucketAnnounce).ForEach(func(k, v []byte) error {
			var a Announcement
			if err := json.Unmarshal(v, &a); err != nil {
				return err
			}
			seqs = append(seqs, a.Seq)
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return seqs
}

// TestASaidAnnouncementIsClearedWithTheNextMoveOrAtClose: clearing an announcement said is no
// write of its own: the next move's transaction deletes it, and Close deletes what is left, so a
// clean stop leaves nothing to say again.
func TestASaidAnnouncementIsClearedWithTheNextMoveOrAtClose(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := Open(path, Options{NoSync: true, clearEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, s, "g1")
	for i := int64(1); i <= 2; i++ {
		c := withAnnouncement(g.commit(i, "i"+strconv.FormatInt(i, 10)))
		if applied, err := s.AppendMove(c); err != nil || !applied {
			t.Fatal(applied, err)
		}
		g.applied(c)
		if err := s.Announced("g1", uint64(i)); err != nil {
			t.Fatal(err)
		}
	}
	if got := rows(t, s); len(got) != 1 || got[0] != 2 {
		t.Fatalf("rows after the second move %v; want move 2's alone (move 1's cleared with it)", got)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if s, err = Open(path, Options{NoSync: true}); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := rows(t, s); len(got) != 0 {
		t.Fatalf("rows after Close %v; want none", got)
	}
}

// TestASaidAnnouncementNotYetClearedWhenItsProcessDiesIsSaidAgainAsTheSameMove: a process that
// dies after saying a move but before its clear reached the file leaves the row; the next run
// says it again as the same move (game and seq, from which the bot derives the message nonce that
// makes Discord return the first post instead of a second).
func TestASaidAnnouncementNotYetClearedWhenItsProcessDiesIsSaidAgainAsTheSameMove(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := Open(path, Options{NoSync: true, clearEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, s, "g1")
	c := withAnnouncement(g.commit(1, "i1"))
	if applied, err := s.AppendMove(c); err != nil || !applied {
		t.Fatal(applied, err)
	}
	if err := s.Announced("g1", 1); err != nil {
		t.Fatal(err)
	}
	s.clears.Take() // the process dies: what it held in memory is gone
	s.Close()

	if s, err = Open(path, Options{NoSync: true}); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var said []Announcement
	if n, err := s.ClaimAnnouncements(c.Move.Time.Add(time.Second), func(a Announcement) error { said = append(said, a); return nil }); n != 1 || err != nil {
		t.Fatalf("claimed %d, %v", n, err)
	}
	if said[0].GameID != "g1" || said[0].Seq != 1 {
		t.Fatalf("said %+v; want move 1 of g1 again", said[0])
	}
}
