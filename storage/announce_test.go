package storage

import (
	"encoding/json"
	"path/filepath"
	"testing"
	"time"
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
