package storage

import (
	"errors"
	"testing"
	"time"
)

// TestAHoldLastsAcrossMovesAndRestarts: a game on hold says so in its record after moves and a
// restart, until the hold is lifted; a finished game takes no hold; Verify is not disturbed.
func TestAHoldLastsAcrossMovesAndRestarts(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	if err := s.SetHold("g1", "the AI's turn failed"); err != nil {
		t.Fatal(err)
	}
	g.mustApply(t, s, 2, "m1")
	s = reopen(t, s)
	recs, err := s.ActiveGames()
	if err != nil || len(recs) != 1 || recs[0].Hold != "the AI's turn failed" || recs[0].Seq != 1 {
		t.Fatalf("after a move and a restart: %+v %v", recs, err)
	}
	mustVerify(t, s)
	if err := s.SetHold("g1", ""); err != nil {
		t.Fatal(err)
	}
	if rec, _ := s.Game("g1"); rec.Hold != "" {
		t.Fatalf("the hold was not lifted: %q", rec.Hold)
	}
	if err := s.Finish("g1", StatusAbandoned, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.SetHold("g1", "late"); !errors.Is(err, ErrFinished) {
		t.Fatalf("a hold on a finished game: %v", err)
	}
	if err := s.SetHold("nope", "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a hold on no game: %v", err)
	}
}

// TestTimersOfAGame: a live game's timer set is read back as stored, and a game over has none.
func TestTimersOfAGame(t *testing.T) {
	s, _ := openTest(t)
	newGame(t, s, "g1")
	want := []Timer{{Kind: "deadline", UserID: "bob", At: t0.Add(time.Hour)}}
	if err := s.SetTimers("g1", want); err != nil {
		t.Fatal(err)
	}
	s = reopen(t, s)
	got, err := s.Timers("g1")
	if err != nil || len(got) != 1 || got[0].Kind != "deadline" || !got[0].At.Equal(want[0].At) || got[0].GameID != "g1" {
		t.Fatalf("Timers = %+v, %v", got, err)
	}
	if err := s.Finish("g1", StatusAbandoned, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Timers("g1"); err != nil || len(got) != 0 {
		t.Fatalf("the timers of a game over: %+v, %v", got, err)
	}
}
