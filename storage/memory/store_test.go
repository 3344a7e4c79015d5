package memory

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/storetest"
)

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func newStore(t *testing.T) *Store {
	s := New(Options{})
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func create(t *testing.T, s *Store, id, place string, players []string, snapshot []byte) {
	t.Helper()
	rec := storage.GameRecord{ID: id, ChannelID: place, Status: storage.StatusPlaying, Players: players, Setup: json.RawMessage(`{"seed":1}`), Created: t0}
	if err := s.CreateGame(rec, snapshot, "h0"); err != nil {
		t.Fatal(err)
	}
}

// TestValuesAreCopiedInAndOut: what a caller passes in or gets back is its own: changing it
// afterwards changes nothing in the store.
func TestValuesAreCopiedInAndOut(t *testing.T) {
	s := newStore(t)
	players, snapshot := []string{"alice", "bob"}, []byte(`{"n":0}`)
	create(t, s, "g1", "chan1", players, snapshot)
	players[0], snapshot[2] = "mallory", 'X'

	rec, err := s.Game("g1")
	if err != nil || rec.Players[0] != "alice" {
		t.Fatalf("the record after the caller changed its players: %+v, %v", rec, err)
	}
	rec.Players[0] = "mallory"
	snap, _ := s.Snapshot("g1")
	if string(snap.State) != `{"n":0}` {
		t.Fatalf("the snapshot after the caller changed its bytes: %s", snap.State)
	}
	snap.State[2] = 'X'

	move := json.RawMessage(`{"add":1}`)
	timers := []storage.Timer{{Kind: "deadline", UserID: "bob", At: t0.Add(time.Hour)}}
	c := storage.Commit{GameID: "g1", Move: storage.Move{Actor: "alice", Data: move, InteractionID: "i1", Time: t0}, Snapshot: []byte(`{"n":1}`), Hash: "h1", Timers: timers}
	if _, err := s.AppendMove(c); err != nil {
		t.Fatal(err)
	}
	move[2], timers[0].Kind = 'X', "reminder"
	moves, _ := s.Moves("g1")
	moves[0].Data[2] = 'Y'
	ts, _ := s.Timers("g1")
	ts[0].UserID = "mallory"

	settings := storage.Settings{Follows: []storage.Follow{{GameID: "g1", Place: "chan1"}}}
	if err := s.SetPlayerSettings("alice", settings); err != nil {
		t.Fatal(err)
	}
	settings.Follows[0].GameID = "gX"
	got, _ := s.PlayerSettings("alice")
	got.Follows[0].Place = "elsewhere"
	guild := storage.GuildSettings{FollowThreads: map[string]string{"g1 c1": "t1"}}
	if err := s.SetGuildSettings("guild1", guild); err != nil {
		t.Fatal(err)
	}
	guild.FollowThreads["g1 c1"] = "tX"

	rec, _ = s.Game("g1")
	snap, _ = s.Snapshot("g1")
	moves, _ = s.Moves("g1")
	ts, _ = s.Timers("g1")
	got, _ = s.PlayerSettings("alice")
	g, _ := s.GuildSettings("guild1")
	for what, ok := range map[string]bool{
		"the record's players": rec.Players[0] == "alice",
		"the snapshot":         string(snap.State) == `{"n":1}`,
		"the move":             string(moves[0].Data) == `{"add":1}`,
		"the timers":           ts[0].Kind == "deadline" && ts[0].UserID == "bob",
		"the settings":         got.Follows[0] == storage.Follow{GameID: "g1", Place: "chan1"},
		"the server settings":  g.FollowThreads["g1 c1"] == "t1",
	} {
		if !ok {
			t.Errorf("%s changed with the caller's copy", what)
		}
	}
}

// TestManyGoroutines: moves of many games, reads and settings from many goroutines at once (run
// with -race): every move is kept once, in order.
func TestManyGoroutines(t *testing.T) {
	s := newStore(t)
	const games, moves = 8, 50
	for i := range games {
		create(t, s, fmt.Sprintf("g%d", i), fmt.Sprintf("chan%d", i), []string{"alice", "bob"}, []byte(`{}`))
	}
	var wg sync.WaitGroup
	for i := range games {
		id := fmt.Sprintf("g%d", i)
		wg.Add(2)
		go func() {
			defer wg.Done()
			for n := range uint64(moves) {
				c := storage.Commit{GameID: id, ExpectSeq: n, Move: storage.Move{Actor: "alice", Data: json.RawMessage(`{}`),
					InteractionID: fmt.Sprintf("i%d", n), Time: t0}, Snapshot: []byte(`{}`), Hash: "h",
					Timers: []storage.Timer{{Kind: "deadline", At: t0.Add(time.Duration(n) * time.Minute)}}}
				if applied, err := s.AppendMove(c); err != nil || !applied {
					t.Errorf("move %d of %s: %v, %v", n, id, applied, err)
					return
				}
			}
		}()
		go func() {
			defer wg.Done()
			for range moves {
				if _, err := s.Game(id); err != nil {
					t.Error(err)
				}
				if _, err := s.DueTimers(t0.Add(time.Hour)); err != nil {
					t.Error(err)
				}
				if err := s.SetPlayerSettings("alice", storage.Settings{Notify: id}); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	for i := range games {
		list, err := s.Moves(fmt.Sprintf("g%d", i))
		if err != nil || len(list) != moves || list[moves-1].Seq != moves {
			t.Fatalf("game %d: %d moves, %v", i, len(list), err)
		}
	}
}

// TestClosed: a closed store refuses every call with storage.ErrClosed, as the others do.
func TestClosed(t *testing.T) {
	s := New(Options{})
	create(t, s, "g1", "chan1", []string{"alice"}, []byte(`{}`))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Game("g1"); !errors.Is(err, storage.ErrClosed) {
		t.Fatalf("a read after Close: %v", err)
	}
	if err := s.SetHold("g1", "x"); !errors.Is(err, storage.ErrClosed) {
		t.Fatalf("a write after Close: %v", err)
	}
}

// TestBackupNeedsTheEngine: a store opened without the rules engine cannot check the games it
// would back up, and says so instead of writing a file.
func TestBackupNeedsTheEngine(t *testing.T) {
	s := newStore(t)
	if err := s.BackupFile(t.TempDir() + "/b.db"); !errors.Is(err, ErrNoEngine) {
		t.Fatalf("BackupFile without an engine: %v, want ErrNoEngine", err)
	}
}

// TestVerifyRebuildsFromTheLog: a snapshot that disagrees with its log is rebuilt from the log
// and reported once; a log that cannot be replayed is reported and left as it is.
func TestVerifyRebuildsFromTheLog(t *testing.T) {
	s := New(Options{Engine: storetest.Engine})
	t.Cleanup(func() { _ = s.Close() })
	var doc []byte
	for _, id := range []string{"g1", "g2"} {
		rec := storage.GameRecord{ID: id, ChannelID: "chan-" + id, Status: storage.StatusPlaying, Players: []string{"alice"},
			Setup: json.RawMessage(`{"seed":7}`), Created: t0}
		snap, hash, err := storetest.Engine.Replay(rec.Setup, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.CreateGame(rec, snap, hash); err != nil {
			t.Fatal(err)
		}
		doc = snap
	}
	s.games["g1"].snapshot = []byte(`{"tampered":true}`)
	s.games["g2"].moves = append(s.games["g2"].moves, storage.Move{Seq: 1, Data: json.RawMessage(`{"add":1}`)})
	rep, err := s.Verify(storetest.Engine)
	if err != nil || rep.Games != 2 || len(rep.Rebuilt) != 1 || rep.Rebuilt[0].GameID != "g1" || len(rep.Failed) != 1 || rep.Failed[0].GameID != "g2" {
		t.Fatalf("Verify = %+v, %v; want g1 rebuilt, g2 failed", rep, err)
	}
	if snap, _ := s.Snapshot("g1"); string(snap.State) != string(doc) {
		t.Fatalf("g1's snapshot after Verify: %s, want the log's %s", snap.State, doc)
	}
	if rep, _ := s.Verify(storetest.Engine); len(rep.Rebuilt) != 0 {
		t.Fatalf("a second Verify rebuilt %+v", rep.Rebuilt)
	}
}
