package postgres

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// TestAGoneProcessesAnnouncementsAreSaidOnceByAnother: an announcement stays with the process
// that wrote it while that process's session lives; once it is gone, the others see it at once,
// and of several claiming together exactly one says each. A schema 2 database gains the table.
func TestAGoneProcessesAnnouncementsAreSaidOnceByAnother(t *testing.T) {
	url := pgtest.URL(t)
	old, err := Open(url, Options{migrations: migrations[:2]})
	if err != nil {
		t.Fatal(err)
	}
	old.Close()
	writer, err := Open(url, Options{})
	if err != nil {
		t.Fatalf("migrating schema 2: %v", err)
	}
	defer writer.Close()
	const games = 6
	for n := range games {
		id := string(rune('a'+n)) + "-game"
		snap := []byte(`{"sum":0}`)
		if err := writer.CreateGame(storage.GameRecord{ID: id, ChannelID: "chan-" + id, Status: storage.StatusPlaying,
			Setup: json.RawMessage(`{}`)}, snap, hash(snap)); err != nil {
			t.Fatal(err)
		}
		next := []byte(`{"sum":1}`)
		if applied, err := writer.AppendMove(storage.Commit{GameID: id, Snapshot: next, Hash: hash(next),
			Move:     storage.Move{Actor: "alice", Data: json.RawMessage(`{}`), InteractionID: "i-" + id},
			Announce: &storage.Announcement{Channel: "chan-" + id, Message: json.RawMessage(`{}`)}}); err != nil || !applied {
			t.Fatal(applied, err)
		}
	}
	others := make([]*Store, 3)
	for i := range others {
		if others[i], err = Open(url, Options{}); err != nil {
			t.Fatal(err)
		}
		defer others[i].Close()
	}
	if n, err := others[0].ClaimAnnouncements(time.Now(), func(storage.Announcement) error { return nil }); n != 0 || err != nil {
		t.Fatalf("claimed %d of a live process's announcements (%v)", n, err)
	}
	writer.Close() // its session ends, as when its process is killed

	var mu sync.Mutex
	said := map[string]int{}
	var wg sync.WaitGroup
	for _, s := range others {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.ClaimAnnouncements(time.Now(), func(a storage.Announcement) error {
				mu.Lock()
				said[a.GameID]++
				mu.Unlock()
				time.Sleep(10 * time.Millisecond) // a Discord call: the others meet the claimed rows
				return nil
			}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if len(said) != games {
		t.Errorf("said the announcements of %d games, want %d: %v", len(said), games, said)
	}
	for g, n := range said {
		if n != 1 {
			t.Errorf("game %s announced %d times", g, n)
		}
	}
	if list, _ := others[0].Announcements(); len(list) != 0 {
		t.Errorf("left after saying: %+v", list)
	}
}

func hash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// announcedMove creates a game on s and commits one move that carries its announcement.
func announcedMove(t *testing.T, s *Store, id string) {
	t.Helper()
	snap, next := []byte(`{"sum":0}`), []byte(`{"sum":1}`)
	if err := s.CreateGame(storage.GameRecord{ID: id, ChannelID: "chan-" + id, Status: storage.StatusPlaying,
		Setup: json.RawMessage(`{}`)}, snap, hash(snap)); err != nil {
		t.Fatal(err)
	}
	if applied, err := s.AppendMove(storage.Commit{GameID: id, Snapshot: next, Hash: hash(next),
		Move:     storage.Move{Actor: "alice", Data: json.RawMessage(`{}`), InteractionID: "i-" + id},
		Announce: &storage.Announcement{Channel: "chan-" + id, Message: json.RawMessage(`{}`)}}); err != nil || !applied {
		t.Fatal(applied, err)
	}
}

// TestASaidAnnouncementIsClearedAtCloseOrSaidAgainIfItsProcessDies: clears are batched, so a
// process that stops cleanly deletes at Close the rows of the moves it said, and nobody says them
// again; one killed before its batch reached the server leaves the row, which another process
// says again at once (the session is gone) as the same move: same game and seq, from which the
// bot derives the message nonce that makes Discord return the first post instead of a second.
// (Its row says it was alive a moment ago, so the others wait OwnerGrace for it to come back.)
func TestASaidAnnouncementIsClearedAtCloseOrSaidAgainIfItsProcessDies(t *testing.T) {
	url := pgtest.URL(t)
	stopped, err := Open(url, Options{clearEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	announcedMove(t, stopped, "stopped")
	if err := stopped.Announced("stopped", 1); err != nil {
		t.Fatal(err)
	}
	stopped.Close()

	killed, err := Open(url, Options{clearEvery: -1})
	if err != nil {
		t.Fatal(err)
	}
	announcedMove(t, killed, "killed")
	if err := killed.Announced("killed", 1); err != nil {
		t.Fatal(err)
	}
	killed.keeper.close(false) // SIGKILL: the server ends the session, and the pending clear dies with the process
	killed.pool.Close()

	other, err := Open(url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	var said []storage.Announcement
	if _, err := other.ClaimAnnouncements(time.Now(), func(a storage.Announcement) error { said = append(said, a); return nil }); err != nil || len(said) != 0 {
		t.Fatalf("said at once %+v (%v); the killed process was seen alive a moment ago", said, err)
	}
	if _, err := other.ClaimAnnouncements(time.Now().Add(OwnerGrace+time.Second), func(a storage.Announcement) error { said = append(said, a); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(said) != 1 || said[0].GameID != "killed" || said[0].Seq != 1 {
		t.Fatalf("said again %+v; want move 1 of the killed process's game alone", said)
	}
}
