package league

import (
	"testing"
	"time"
)

// TestSeasonRunsRoundByRound: a season starts its rounds one at a time, each only when the last
// one has its results, and ends after the last; standings follow the results.
func TestSeasonRunsRoundByRound(t *testing.T) {
	l := &League{ID: "l1", Format: RoundRobin, TableSize: 2, Policy: PolicyForfeit, RoundDeadline: 72 * time.Hour,
		Members: []Member{{"a", "Ann"}, {"b", "Bob"}, {"c", "Cy"}}}
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	s, err := NewSeason(l, 1)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	for round := 1; round <= 3; round++ {
		idx, err := s.StartRound(l, now)
		if err != nil || len(idx) != 1 {
			t.Fatalf("round %d: %v %v", round, idx, err)
		}
		if _, err := s.StartRound(l, now); err == nil {
			t.Fatalf("round %d: the next round started before this one ended", round)
		}
		f := s.Fixtures[idx[0]]
		if err := s.Record(idx[0], Finished, []int{30, 20}, []int{1, 2}, now); err != nil {
			t.Fatal(err)
		}
		if err := s.Record(idx[0], Finished, []int{30, 20}, []int{1, 2}, now); err == nil {
			t.Fatalf("round %d table %d recorded twice", f.Round, f.Table)
		}
	}
	if !s.Over(l) {
		t.Fatal("the season is not over after 3 rounds")
	}
	if _, err := s.StartRound(l, now); err == nil {
		t.Fatal("a fourth round started")
	}
	st := s.Standings()
	total := 0.0
	for _, x := range st {
		total += x.Points
		if x.Played != 2 || x.Byes != 1 {
			t.Fatalf("%+v", x)
		}
	}
	if total != 3+3 { // three games of one point, three byes of one point
		t.Fatalf("points %v in all: %+v", total, st)
	}
}

// TestKickedMemberLeavesLaterTables: after a kick, the member's later tables go on without them,
// and a partner left alone has a bye.
func TestKickedMemberLeavesLaterTables(t *testing.T) {
	l := &League{ID: "l1", Format: RoundRobin, TableSize: 2, Policy: PolicyScoreStands, RoundDeadline: time.Hour,
		Members: []Member{{"a", "Ann"}, {"b", "Bob"}, {"c", "Cy"}, {"d", "Dee"}}}
	s, err := NewSeason(l, 1)
	if err != nil {
		t.Fatal(err)
	}
	s.Kick("d")
	idx, err := s.StartRound(l, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if len(idx) != 1 || len(s.Rounds[0].Byes) != 1 {
		t.Fatalf("round 1: %+v", s.Rounds[0])
	}
	for _, f := range s.Fixtures {
		if f.Players[0] == "d" || f.Players[1] == "d" {
			t.Fatalf("d still plays: %+v", f)
		}
	}
	if st := s.Standings(); len(st) != 3 {
		t.Fatalf("standings %+v", st)
	}
}
