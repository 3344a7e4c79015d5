package postgres

import (
	"context"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// claimed claims every announcement due at now, trying again while the server is coming back,
// and returns the games whose announcement was said.
func claimed(t *testing.T, s *Store, now time.Time) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for {
		var games []string
		_, err := s.ClaimAnnouncements(now, func(a storage.Announcement) error { games = append(games, a.GameID); return nil })
		if err == nil {
			return games
		}
		select {
		case <-ctx.Done():
			t.Fatalf("claim the announcements: %v", err)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// took is how many times the keeper of s took its lock.
func took(s *Store) int {
	s.keeper.mu.Lock()
	defer s.keeper.mu.Unlock()
	return s.keeper.took
}

// heldAgain waits until the keeper of s holds its lock, taken again since it had taken it before
// times.
func heldAgain(t *testing.T, s *Store, before int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for {
		s.keeper.mu.Lock()
		ok := s.keeper.held && s.keeper.took > before
		s.keeper.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatal("the process never took its lock again after the server's restart")
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// TestALivingProcessKeepsItsAnnouncementsThroughAServerRestart: the server restarts and every
// session lock vanishes with it. A process that lives on takes its lock again, and nobody takes
// its announcements meanwhile or after; a process that died while the server was down is known
// dead once it had OwnerGrace to come back and did not, and its announcement is said by another.
func TestALivingProcessKeepsItsAnnouncementsThroughAServerRestart(t *testing.T) {
	srv := pgtest.Own(t)
	url := srv.URL(t)
	open := func() *Store {
		s, err := Open(url, Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	living, dying, other := open(), open(), open()
	announcedMove(t, living, "living")
	announcedMove(t, dying, "dying")

	for _, mode := range []string{"fast", "immediate"} {
		tookLiving, tookDying := took(living), took(dying)
		srv.Stop(t, mode)
		if mode == "immediate" {
			dying.keeper.close(false) // killed while the server is down: its session never comes back
			dying.pool.Close()
		}
		srv.Start(t)
		// At once, before anyone took a lock again: both were alive when the server went down.
		if got := claimed(t, other, time.Now()); len(got) != 0 {
			t.Fatalf("after the %s restart, %v were taken from processes that may be alive", mode, got)
		}
		heldAgain(t, living, tookLiving)
		if mode == "fast" {
			heldAgain(t, dying, tookDying)
		}
	}
	later := time.Now().Add(OwnerGrace + time.Second)
	if got := claimed(t, other, later); len(got) != 1 || got[0] != "dying" {
		t.Fatalf("once the dead process had its grace, claimed %v; want the dead process's game alone", got)
	}
	if got := claimed(t, other, later.Add(OwnerGrace)); len(got) != 0 {
		t.Fatalf("the living process, its lock taken again, lost %v", got)
	}
}
