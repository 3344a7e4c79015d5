package storetest

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// announced is a commit of the suite's game that carries its announcement.
func announced(g *game, add int64, interaction string) storage.Commit {
	c := g.commit(add, interaction)
	c.Announce = &storage.Announcement{Channel: g.channel, Message: json.RawMessage(`{"text":"turn"}`),
		AppID: "app", Token: "token-" + interaction, TokenTime: c.Move.Time}
	return c
}

// claimAll claims every announcement due at now and returns what say was given.
func claimAll(t *testing.T, s storage.Database, now time.Time) []storage.Announcement {
	t.Helper()
	var got []storage.Announcement
	n, err := s.ClaimAnnouncements(now, func(a storage.Announcement) error { got = append(got, a); return nil })
	if err != nil || n != len(got) {
		t.Fatalf("ClaimAnnouncements = %d, %v (said %d)", n, err, len(got))
	}
	return got
}

// announcementKept: a move's announcement is written in the move's transaction, stays with the
// live process that wrote it until its grace ends, and is said once, then gone.
func announcementKept(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	c := announced(g, 5, "i1")
	g.play(t, s, c)
	if applied, err := s.AppendMove(c); applied || err != nil {
		t.Fatalf("the retried interaction: %v, %v", applied, err)
	}
	list, err := s.Announcements()
	if err != nil || len(list) != 1 {
		t.Fatalf("Announcements = %+v, %v; want the move's one (a retry adds none)", list, err)
	}
	a := list[0]
	if a.GameID != "g1" || a.Seq != 1 || a.Channel != "chan1" || string(a.Message) != `{"text":"turn"}` || a.AppID != "app" ||
		a.Token != "token-i1" || !a.TokenTime.Equal(c.Move.Time) || !a.Created.Equal(c.Move.Time) || a.Owner == "" {
		t.Fatalf("stored announcement %+v", a)
	}
	if got := claimAll(t, s, c.Move.Time.Add(time.Second)); len(got) != 0 {
		t.Fatalf("the writer is alive and within its grace, yet %d announcements were claimed", len(got))
	}
	late := c.Move.Time.Add(storage.AnnounceGrace + time.Second)
	if _, err := s.ClaimAnnouncements(late, func(storage.Announcement) error { return errors.New("discord is down") }); err != nil {
		t.Fatal(err)
	}
	if list, _ := s.Announcements(); len(list) != 1 {
		t.Fatalf("an announcement whose saying failed is gone: %+v", list)
	}
	if got := claimAll(t, s, late); len(got) != 1 || got[0].Seq != 1 {
		t.Fatalf("past its grace: claimed %+v", got)
	}
	if got := claimAll(t, s, late); len(got) != 0 {
		t.Fatalf("said twice: %+v", got)
	}
}

// announcementCleared: the process that said its move clears it, and nobody says it again; a move
// without an announcement leaves none.
func announcementCleared(t *testing.T, open Open) {
	s := open1(t, open)
	g := newTestGame("g1", "chan1")
	g.create(t, s)
	g.play(t, s, announced(g, 1, "i1"))
	g.play(t, s, g.commit(2, "i2"))
	g.play(t, s, announced(g, 3, "i3"))
	if err := s.Announced("g1", 1); err != nil {
		t.Fatal(err)
	}
	if err := s.Announced("g1", 1); err != nil {
		t.Fatalf("clearing twice: %v", err)
	}
	list, err := s.Announcements()
	if err != nil || len(list) != 1 || list[0].Seq != 3 {
		t.Fatalf("Announcements = %+v, %v; want move 3's alone", list, err)
	}
	if got := claimAll(t, s, time.Now().Add(storage.AnnounceGrace+time.Hour)); len(got) != 1 || got[0].Seq != 3 {
		t.Fatalf("claimed %+v", got)
	}
}
