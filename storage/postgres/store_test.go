package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

func TestOpenCreatesTheSchemaOnceAndRefusesANewerOne(t *testing.T) {
	url := pgtest.URL(t)
	for range 2 { // the second Open finds the schema made and changes nothing
		s, err := Open(url, Options{})
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
	}
	conn := pgtest.Admin(t, url)
	if _, err := conn.Exec(context.Background(), `UPDATE carc_schema SET version = 99`); err != nil {
		t.Fatal(err)
	}
	_, err := Open(url, Options{})
	if !errors.Is(err, storage.ErrSchema) || !strings.Contains(err.Error(), "version 99") {
		t.Fatalf("a database from a newer bot: %v, want ErrSchema naming its version", err)
	}
}

func TestOpenMigratesAnOlderSchema(t *testing.T) {
	url := pgtest.URL(t)
	s, err := Open(url, Options{migrations: migrations[:1]})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	next := append(append([]string{}, migrations...), `ALTER TABLE games ADD COLUMN note text`)
	s, err = Open(url, Options{migrations: next})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var version int
	if err := s.pool.QueryRow(context.Background(), `SELECT version FROM carc_schema`).Scan(&version); err != nil || version != len(next) {
		t.Fatalf("version %d, %v; want %d", version, err, len(next))
	}
}

func TestABadURLOrAnUnreachableServerSaysSo(t *testing.T) {
	if _, err := Open("postgres://bot:secret@127.0.0.1:notaport/carc", Options{}); !errors.Is(err, storage.ErrInvalid) || strings.Contains(err.Error(), "secret") {
		t.Fatalf("a URL that does not parse: %v; want ErrInvalid without the password", err)
	}
	port := freePort(t)
	_, err := Open(fmt.Sprintf("postgres://bot:secret@127.0.0.1:%d/carc?connect_timeout=2", port), Options{Timeout: 5 * time.Second})
	if !errors.Is(err, storage.ErrUnavailable) || !strings.Contains(err.Error(), "cannot reach") || strings.Contains(err.Error(), "secret") {
		t.Fatalf("a server that does not answer: %v; want ErrUnavailable saying so, without the password", err)
	}
}

func TestAReadOnlyDatabaseRefusesMovesAndLosesNothing(t *testing.T) {
	url := pgtest.URL(t)
	s, err := Open(url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := game(t, s, "g1")
	conn := pgtest.Admin(t, url)
	name := url[strings.LastIndex(url, "/")+1 : strings.Index(url, "?")]
	if _, err := conn.Exec(context.Background(), `ALTER DATABASE `+name+` SET default_transaction_read_only = on`); err != nil {
		t.Fatal(err)
	}
	ro, err := Open(url, Options{})
	if err != nil {
		// Open migrates in a transaction: on a read-only database it already says so.
		if !errors.Is(err, storage.ErrReadOnly) {
			t.Fatalf("open a read-only database: %v, want ErrReadOnly", err)
		}
		s.pool.Reset() // new connections of s see the setting
		_, err = s.AppendMove(g.commit(1, "i2"))
		if !errors.Is(err, storage.ErrReadOnly) || !strings.Contains(err.Error(), "cannot be written") {
			t.Fatalf("a move on a read-only database: %v, want ErrReadOnly", err)
		}
		if m, _ := s.Moves("g1"); len(m) != 1 {
			t.Fatalf("the log lost or gained moves: %v", m)
		}
		return
	}
	ro.Close()
	t.Fatal("a read-only database opened for writing")
}

func TestTimersGoToOneProcessAndComeBackWhenItDies(t *testing.T) {
	url := pgtest.URL(t)
	var stores []*Store
	for range 3 {
		s, err := Open(url, Options{TimerLease: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		stores = append(stores, s)
	}
	const games = 30
	for i := range games {
		g := game(t, stores[0], fmt.Sprintf("g%02d", i))
		if err := stores[0].SetTimers(g.id, []storage.Timer{{Kind: "deadline", UserID: "bob", At: t0}}); err != nil {
			t.Fatal(err)
		}
	}
	now := t0.Add(time.Second)
	got := make([][]storage.Timer, len(stores))
	var wg sync.WaitGroup
	for i, s := range stores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			if got[i], err = s.DueTimers(now); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	seen := map[string]int{}
	for _, ts := range got {
		for _, tm := range ts {
			seen[tm.GameID]++
		}
	}
	for i := range games {
		if id := fmt.Sprintf("g%02d", i); seen[id] != 1 {
			t.Errorf("timer of %s handed out %d times, want once", id, seen[id])
		}
	}
	// Nobody completes them (their processes died): within the lease nobody gets them again,
	// after it the next process to ask gets them all.
	if again, _ := stores[1].DueTimers(now.Add(30 * time.Second)); len(again) != 0 {
		t.Fatalf("%d leased timers handed out again within the lease", len(again))
	}
	if later, _ := stores[2].DueTimers(now.Add(2 * time.Minute)); len(later) != games {
		t.Fatalf("after the lease %d timers came back, want %d", len(later), games)
	}
}

func TestRacingMovesFromTwoProcessesApplyExactlyOne(t *testing.T) {
	url := pgtest.URL(t)
	a, err := Open(url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := Open(url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	g := game(t, a, "g1")
	for round := range 20 {
		ca, cb := g.commit(1, fmt.Sprintf("a%d", round)), g.commit(2, fmt.Sprintf("b%d", round))
		var wg sync.WaitGroup
		var okA, okB bool
		var errA, errB error
		wg.Add(2)
		go func() { defer wg.Done(); okA, errA = a.AppendMove(ca) }()
		go func() { defer wg.Done(); okB, errB = b.AppendMove(cb) }()
		wg.Wait()
		if okA == okB || (!okA && !errors.Is(errA, storage.ErrConflict)) || (!okB && !errors.Is(errB, storage.ErrConflict)) {
			t.Fatalf("round %d: a %v %v, b %v %v; want one applied and one conflict", round, okA, errA, okB, errB)
		}
		if okA {
			g.applied(ca)
		} else {
			g.applied(cb)
		}
	}
	if moves, _ := b.Moves("g1"); len(moves) != 21 {
		t.Fatalf("log of %d moves, want 21", len(moves))
	}
}

var t0 = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

type testGame struct {
	id  string
	seq uint64
}

func game(t *testing.T, s *Store, id string) *testGame {
	t.Helper()
	g := &testGame{id: id}
	if err := s.CreateGame(storage.GameRecord{ID: id, ChannelID: "chan-" + id, Players: []string{"alice", "bob"}, Setup: json.RawMessage(`{}`), Status: storage.StatusPlaying},
		json.RawMessage(`{"n":0}`), "h0"); err != nil {
		t.Fatal(err)
	}
	c := g.commit(0, "first")
	if ok, err := s.AppendMove(c); !ok || err != nil {
		t.Fatalf("first move: %v %v", ok, err)
	}
	g.applied(c)
	return g
}

func (g *testGame) commit(add int, iid string) storage.Commit {
	return storage.Commit{GameID: g.id, ExpectSeq: g.seq, Snapshot: json.RawMessage(fmt.Sprintf(`{"n":%d}`, g.seq+1)), Hash: fmt.Sprintf("h%d", g.seq+1),
		Move: storage.Move{Actor: "alice", Data: json.RawMessage(fmt.Sprintf(`{"add":%d}`, add)), InteractionID: iid}}
}

func (g *testGame) applied(storage.Commit) { g.seq++ }

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
