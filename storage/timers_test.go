package storage

import (
	"errors"
	"testing"
	"time"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

func TestTimersFollowMoves(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	newGame(t, s, "g2")

	c := g.commit(1, "m1")
	c.Timers = []Timer{
		{Kind: "reminder", UserID: "bob", At: t0.Add(time.Hour)},
		{Kind: "deadline", UserID: "bob", At: t0.Add(2 * time.Hour)},
	}
	if _, err := s.AppendMove(c); err != nil {
		t.Fatal(err)
	}
	g.applied(c)
	if err := s.SetTimers("g2", []Timer{{Kind: "deadline", UserID: "carol", At: t0.Add(90 * time.Minute)}}); err != nil {
		t.Fatal(err)
	}
	s = reopen(t, s) // timers survive a restart
	if got, err := s.Timers("g1"); err != nil || len(got) != 2 || got[0].Kind != "reminder" || got[1].Kind != "deadline" || got[1].GameID != "g1" {
		t.Fatalf("the timers of g1 after a restart: %+v, %v", got, err)
	}

	if due, _ := s.DueTimers(t0); len(due) != 0 {
		t.Errorf("due before time: %v", due)
	}
	due, err := s.DueTimers(t0.Add(3 * time.Hour))
	if err != nil || len(due) != 3 {
		t.Fatalf("DueTimers = %v, %v", due, err)
	}
	if due[0].Kind != "reminder" || due[1].GameID != "g2" || due[2].Kind != "deadline" || due[0].Seq != 1 || due[0].GameID != "g1" {
		t.Errorf("due timers out of order or incomplete: %+v", due)
	}

	// The reminder is sent, then completed: it does not fire again.
	if err := s.CompleteTimer(due[0]); err != nil {
		t.Fatal(err)
	}
	if err := s.CompleteTimer(due[0]); err != nil {
		t.Errorf("completing twice: %v", err)
	}
	if left, _ := s.DueTimers(t0.Add(3 * time.Hour)); len(left) != 2 {
		t.Errorf("after completing the reminder: %v", left)
	}

	// The deadline's automatic move carries the timer's id and the new timer set.
	deadline := due[2]
	auto := g.commit(0, deadline.ID())
	auto.Move.Actor = "bot"
	auto.Timers = []Timer{{Kind: "deadline", UserID: "alice", At: t0.Add(26 * time.Hour)}}
	if ok, err := s.AppendMove(auto); !ok || err != nil {
		t.Fatalf("deadline move: %v, %v", ok, err)
	}
	g.applied(auto)
	if ok, err := s.AppendMove(auto); ok || err != nil {
		t.Errorf("the deadline firing twice applied its move again: %v, %v", ok, err)
	}
	// A stale copy of the old deadline completes nothing.
	if err := s.CompleteTimer(deadline); err != nil {
		t.Fatal(err)
	}
	left, _ := s.DueTimers(t0.Add(48 * time.Hour))
	if len(left) != 2 || left[1].UserID != "alice" || left[1].Seq != 2 {
		t.Errorf("after the deadline move: %+v", left)
	}
	mustVerify(t, s)

	if err := s.Finish("g2", StatusAbandoned, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.SetTimers("g2", []Timer{{Kind: "x", At: t0}}); !errors.Is(err, ErrFinished) {
		t.Errorf("timers on a finished game: %v", err)
	}
	if got, err := s.Timers("g2"); err != nil || len(got) != 0 {
		t.Errorf("the timers of a finished game: %+v, %v", got, err)
	}
	if left, _ := s.DueTimers(t0.Add(48 * time.Hour)); len(left) != 1 {
		t.Errorf("the finished game kept its timers: %v", left)
	}
	mustVerify(t, s)
}

func TestTimersRefused(t *testing.T) {
	s, _ := openTest(t)
	newGame(t, s, "g1")
	for name, timers := range map[string][]Timer{
		"no kind":   {{At: t0}},
		"duplicate": {{Kind: "k", At: t0}, {Kind: "k", At: t0}},
		"pre-1970":  {{Kind: "k", At: time.Date(1969, 1, 1, 0, 0, 0, 0, time.UTC)}},
	} {
		if err := s.SetTimers("g1", timers); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", name, err)
		}
	}
	if err := s.SetTimers("nope", nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing game: %v", err)
	}
}
