package storage

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
)

func TestCreateAndLoadGame(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	s = reopen(t, s)

	rec, err := s.Game("g1")
	if err != nil {
		t.Fatal(err)
	}
	if rec.ID != "g1" || rec.Status != StatusPlaying || rec.Seq != 0 || rec.Created.IsZero() || string(rec.Setup) != `{"seed":9}` {
		t.Errorf("Game = %+v", rec)
	}
	snap, err := s.Snapshot("g1")
	if err != nil {
		t.Fatal(err)
	}
	if want := syntheticState(g.seed, 0, 0); !bytes.Equal(snap.State, want) || snap.Hash != hashOf(want) || snap.Seq != 0 {
		t.Errorf("Snapshot = seq %d hash %s", snap.Seq, snap.Hash)
	}
	if id, ok, err := s.ActiveGame("chan-g1"); id != "g1" || !ok || err != nil {
		t.Errorf("ActiveGame = %q, %v, %v", id, ok, err)
	}
	if _, ok, err := s.ActiveGame("elsewhere"); ok || err != nil {
		t.Errorf("ActiveGame(elsewhere) = %v, %v", ok, err)
	}
	active, err := s.ActiveGames()
	if err != nil || len(active) != 1 || active[0].ID != "g1" {
		t.Errorf("ActiveGames = %+v, %v", active, err)
	}
	if _, err := s.Game("nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Game(nope) = %v, want ErrNotFound", err)
	}
}

func TestCreateGameRefusals(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	snap := syntheticState(1, 0, 0)

	dup := g.record("other-channel")
	if err := s.CreateGame(dup, snap, "h"); !errors.Is(err, ErrExists) {
		t.Errorf("same id: %v, want ErrExists", err)
	}
	busy := (&testGame{id: "g2"}).record("chan-g1")
	if err := s.CreateGame(busy, snap, "h"); !errors.Is(err, ErrChannelBusy) {
		t.Errorf("same channel: %v, want ErrChannelBusy", err)
	}
	thread := busy
	thread.ThreadID = "thread-1" // a thread of the same channel is a place of its own
	if err := s.CreateGame(thread, snap, "h"); err != nil {
		t.Errorf("game in a thread: %v", err)
	}
	if id, _, _ := s.ActiveGame("thread-1"); id != "g2" {
		t.Errorf("ActiveGame(thread-1) = %q", id)
	}
	for name, mutate := range map[string]func(*GameRecord, *[]byte, *string){
		"empty id":     func(r *GameRecord, _ *[]byte, _ *string) { r.ID = "" },
		"no channel":   func(r *GameRecord, _ *[]byte, _ *string) { r.ChannelID = "" },
		"bad setup":    func(r *GameRecord, _ *[]byte, _ *string) { r.Setup = []byte("{") },
		"bad snapshot": func(_ *GameRecord, s *[]byte, _ *string) { *s = []byte("nope") },
		"no hash":      func(_ *GameRecord, _ *[]byte, h *string) { *h = "" },
		"bad status":   func(r *GameRecord, _ *[]byte, _ *string) { r.Status = "paused" },
		"NUL in id":    func(r *GameRecord, _ *[]byte, _ *string) { r.ID = "a\x00b" },
	} {
		rec, sn, h := (&testGame{id: "g3"}).record("chan-g3"), snap, "h"
		mutate(&rec, &sn, &h)
		if err := s.CreateGame(rec, sn, h); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
}

func TestAppendMove(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	var want []Commit
	for i := range 20 {
		want = append(want, g.mustApply(t, s, int64(i), fmt.Sprintf("i%d", i)))
	}
	s = reopen(t, s)

	moves, err := s.Moves("g1")
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != len(want) {
		t.Fatalf("%d moves, want %d", len(moves), len(want))
	}
	for i, m := range moves {
		w := want[i].Move
		if m.Seq != uint64(i+1) || m.InteractionID != w.InteractionID || !bytes.Equal(m.Data, w.Data) ||
			!m.Time.Equal(w.Time) || m.Actor != w.Actor {
			t.Errorf("move %d = %+v, want %+v", i+1, m, w)
		}
	}
	snap, _ := s.Snapshot("g1")
	last := want[len(want)-1]
	if snap.Seq != 20 || snap.Hash != last.Hash || !bytes.Equal(snap.State, last.Snapshot) {
		t.Errorf("snapshot at %d, hash %s; want 20, %s", snap.Seq, snap.Hash, last.Hash)
	}
	if rec, _ := s.Game("g1"); rec.Seq != 20 || !rec.Updated.Equal(last.Move.Time) {
		t.Errorf("record seq %d updated %v", rec.Seq, rec.Updated)
	}
	mustVerify(t, s)
}

func TestAppendMoveIsIdempotent(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	first := g.mustApply(t, s, 5, "retried")
	g.mustApply(t, s, 1, "next")

	// The same interaction again, with its original (now stale) position: applied once only.
	applied, err := s.AppendMove(first)
	if applied || err != nil {
		t.Fatalf("retry = %v, %v; want false, nil", applied, err)
	}
	// Even rebuilt on the latest state it is the same interaction.
	applied, err = s.AppendMove(g.commit(5, "retried"))
	if applied || err != nil {
		t.Fatalf("retry at head = %v, %v; want false, nil", applied, err)
	}
	if moves, _ := s.Moves("g1"); len(moves) != 2 {
		t.Errorf("%d moves, want 2", len(moves))
	}
	mustVerify(t, s)
}

func TestAppendMoveConflict(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	stale := g.commit(1, "a")
	g.mustApply(t, s, 2, "b")

	stale.Move.InteractionID = "c"
	applied, err := s.AppendMove(stale)
	var ce *ConflictError
	if applied || !errors.Is(err, ErrConflict) || !errors.As(err, &ce) || ce.Expected != 0 || ce.Actual != 1 {
		t.Fatalf("stale move = %v, %v; want a ConflictError 0 vs 1", applied, err)
	}
	if moves, _ := s.Moves("g1"); len(moves) != 1 {
		t.Errorf("%d moves, want 1", len(moves))
	}
	if _, err := s.AppendMove((&testGame{id: "nope"}).commit(1, "x")); !errors.Is(err, ErrNotFound) {
		t.Errorf("move on a missing game: %v, want ErrNotFound", err)
	}
}

// Goroutines race to extend one game: every move is either applied or refused as a conflict, and
// the log stays a clean sequence that replays to its snapshot.
func TestConcurrentMovesOnOneGame(t *testing.T) {
	s, _ := openTest(t)
	newGame(t, s, "g1")
	var mu sync.Mutex // guards the shared view of the game, as the bot's cache would
	g := &testGame{id: "g1", seed: 9}
	var wg sync.WaitGroup
	var applied, conflicts int
	for w := range 8 {
		wg.Go(func() {
			for i := range 25 {
				mu.Lock()
				c := g.commit(int64(w), fmt.Sprintf("w%d-%d", w, i))
				mu.Unlock()
				ok, err := s.AppendMove(c)
				mu.Lock()
				switch {
				case ok && err == nil && c.ExpectSeq == g.seq:
					g.applied(c)
					applied++
				case errors.Is(err, ErrConflict):
					conflicts++
				default:
					t.Errorf("AppendMove = %v, %v", ok, err)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if moves, _ := s.Moves("g1"); len(moves) != applied || applied+conflicts != 200 {
		t.Errorf("%d moves in the log, %d applied, %d conflicts", len(moves), applied, conflicts)
	}
	mustVerify(t, s)
}

// Moves of many games committed together: the failing ones (stale, finished, missing) fail alone
// and every successful one is in the file.
func TestGroupCommitIsolatesFailures(t *testing.T) {
	s, _ := openTest(t)
	games := make([]*testGame, 16)
	for i := range games {
		games[i] = newGame(t, s, fmt.Sprintf("g%02d", i))
	}
	var wg sync.WaitGroup
	results := make([][]bool, len(games))
	for i, g := range games {
		wg.Go(func() {
			for j := range 30 {
				c := g.commit(1, fmt.Sprintf("%s-%d", g.id, j))
				if j%3 == 2 {
					c.ExpectSeq += 5 // stale: must fail without harming the others
				}
				ok, err := s.AppendMove(c)
				if (j%3 == 2) != errors.Is(err, ErrConflict) || (err == nil) != ok {
					t.Errorf("%s move %d: %v, %v", g.id, j, ok, err)
				}
				if ok {
					g.applied(c)
				}
				results[i] = append(results[i], ok)
			}
		})
	}
	wg.Wait()
	for i, g := range games {
		moves, err := s.Moves(g.id)
		if err != nil || len(moves) != 20 || uint64(len(moves)) != g.seq {
			t.Errorf("%s: %d moves, %v", g.id, len(moves), err)
		}
		if n := len(slices.DeleteFunc(results[i], func(ok bool) bool { return !ok })); n != 20 {
			t.Errorf("%s: %d applied", g.id, n)
		}
	}
	mustVerify(t, s)
}

func TestLobbyPlayersAndStatus(t *testing.T) {
	s, _ := openTest(t)
	g := &testGame{id: "g1", seed: 3}
	rec := g.record("c1")
	rec.Status, rec.Players = "", []string{"alice"}
	snap := syntheticState(g.seed, 0, 0)
	if err := s.CreateGame(rec, snap, hashOf(snap)); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Game("g1"); got.Status != StatusLobby {
		t.Errorf("status %q, want lobby by default", got.Status)
	}
	c := g.commit(0, "join")
	c.Players = []string{"alice", "bob"}
	if _, err := s.AppendMove(c); err != nil {
		t.Fatal(err)
	}
	g.applied(c)
	c = g.commit(0, "start")
	c.Status = StatusPlaying
	if _, err := s.AppendMove(c); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Game("g1")
	if got.Status != StatusPlaying || !slices.Equal(got.Players, []string{"alice", "bob"}) {
		t.Errorf("record = %+v", got)
	}
}

func TestFinishWithLastMove(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	g.mustApply(t, s, 10, "m1")
	last := g.commit(3, "last")
	last.Status = StatusFinished
	last.Standings = []Standing{{"alice", 40, 1}, {"bob", 35, 2}}
	last.Timers = []Timer{{Kind: "deadline", At: last.Move.Time}} // ignored: the game is over
	if ok, err := s.AppendMove(last); !ok || err != nil {
		t.Fatalf("last move: %v, %v", ok, err)
	}
	g.applied(last)
	s = reopen(t, s)

	rec, _ := s.Game("g1")
	if rec.Status != StatusFinished || !rec.Finished.Equal(last.Move.Time) || len(rec.Standings) != 2 {
		t.Errorf("record = %+v", rec)
	}
	if _, ok, _ := s.ActiveGame("chan-g1"); ok {
		t.Error("the channel still points at the finished game")
	}
	if active, _ := s.ActiveGames(); len(active) != 0 {
		t.Errorf("ActiveGames = %v", active)
	}
	if due, _ := s.DueTimers(last.Move.Time.AddDate(1, 0, 0)); len(due) != 0 {
		t.Errorf("timers left: %v", due)
	}
	if st, _ := s.PlayerStats("alice"); st != (Stats{Played: 1, Won: 1, Points: 40, Best: 40}) {
		t.Errorf("alice %+v", st)
	}
	if st, _ := s.PlayerStats("bob"); st != (Stats{Played: 1, Points: 35, Best: 35}) {
		t.Errorf("bob %+v", st)
	}
	// A retry of the last interaction is recognised; a new move is refused.
	if ok, err := s.AppendMove(last); ok || err != nil {
		t.Errorf("retry of the last move = %v, %v", ok, err)
	}
	if _, err := s.AppendMove(g.commit(1, "late")); !errors.Is(err, ErrFinished) {
		t.Errorf("move after the end: %v, want ErrFinished", err)
	}
	// The channel is free for the next game.
	newGame(t, s, "g2")
	next := (&testGame{id: "g3", seed: 1}).record("chan-g1")
	snap := syntheticState(1, 0, 0)
	if err := s.CreateGame(next, snap, hashOf(snap)); err != nil {
		t.Errorf("new game in the freed channel: %v", err)
	}
	mustVerify(t, s)
}

func TestFinishAbandon(t *testing.T) {
	s, _ := openTest(t)
	newGame(t, s, "g1")
	if err := s.Finish("g1", StatusPlaying, nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("Finish(playing) = %v, want ErrInvalid", err)
	}
	if err := s.Finish("g1", StatusAbandoned, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish("g1", StatusAbandoned, nil); !errors.Is(err, ErrFinished) {
		t.Errorf("second Finish = %v, want ErrFinished", err)
	}
	if err := s.Finish("nope", StatusAbandoned, nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("Finish(nope) = %v, want ErrNotFound", err)
	}
	if st, _ := s.PlayerStats("bob"); st != (Stats{Abandoned: 1}) {
		t.Errorf("bob %+v", st)
	}
	if _, ok, _ := s.ActiveGame("chan-g1"); ok {
		t.Error("the channel still points at the abandoned game")
	}
	mustVerify(t, s)
}

func TestClosedStore(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close = %v", err)
	}
	if _, err := s.AppendMove(g.commit(1, "x")); !errors.Is(err, ErrClosed) {
		t.Errorf("AppendMove after Close = %v", err)
	}
	if _, err := s.Game("g1"); !errors.Is(err, ErrClosed) {
		t.Errorf("Game after Close = %v", err)
	}
}
