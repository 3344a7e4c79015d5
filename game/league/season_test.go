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

// TestNextRoundStartsAsTheLeagueChose: a league that starts rounds when they are played may start
// the next as soon as the round's games have their results, and gives each round its full length
// from its start; a league on dates waits for the round's date and keeps its calendar, one round
// length apart, whether a round starts early (an administrator) or late (the bot's next tick),
// until a pause has pushed the date into the past.
func TestNextRoundStartsAsTheLeagueChose(t *testing.T) {
	week := 7 * 24 * time.Hour
	t0 := time.Unix(1_800_000_000, 0)
	for _, c := range []struct {
		next Next
		// starts are when each round is started (the round before it has its result at once);
		// due says whether the next round may start at that moment.
		starts []time.Time
		due    []bool
		ends   []time.Time
	}{
		{NextWhenPlayed, []time.Time{t0, t0.Add(time.Hour), t0.Add(9 * 24 * time.Hour)}, []bool{true, true, true},
			[]time.Time{t0.Add(week), t0.Add(time.Hour + week), t0.Add(9*24*time.Hour + week)}},
		{"", []time.Time{t0, t0.Add(time.Hour), t0.Add(2 * time.Hour)}, []bool{true, true, true},
			[]time.Time{t0.Add(week), t0.Add(time.Hour + week), t0.Add(2*time.Hour + week)}},
		// Round 2 starts on its date a minute late, round 3 early by an administrator's /league
		// start: both end on the calendar.
		{NextOnDate, []time.Time{t0, t0.Add(week + time.Minute), t0.Add(10 * 24 * time.Hour)}, []bool{true, true, false},
			[]time.Time{t0.Add(week), t0.Add(2 * week), t0.Add(3 * week)}},
		// After a pause the date of round 2 has long passed: it gets its full length from its start.
		{NextOnDate, []time.Time{t0, t0.Add(3 * week), t0.Add(4*week + time.Hour)}, []bool{true, true, true},
			[]time.Time{t0.Add(week), t0.Add(4 * week), t0.Add(5 * week)}},
	} {
		l := &League{ID: "l1", Format: RoundRobin, TableSize: 2, Policy: PolicyScoreStands, RoundDeadline: week, Next: c.next,
			Members: []Member{{"a", "Ann"}, {"b", "Bob"}, {"c", "Cy"}}}
		if err := l.Check(); err != nil {
			t.Fatal(err)
		}
		s, err := NewSeason(l, 1)
		if err != nil {
			t.Fatal(err)
		}
		for r, at := range c.starts {
			if got := s.NextRoundDue(l, at); got != c.due[r] {
				t.Errorf("next:%q: round %d due at %v = %v, want %v", c.next, r+1, at.Sub(t0), got, c.due[r])
			}
			idx, err := s.StartRound(l, at)
			if err != nil {
				t.Fatalf("next:%q round %d: %v", c.next, r+1, err)
			}
			if !s.Deadline.Equal(c.ends[r]) {
				t.Errorf("next:%q: round %d ends %v after the first start, want %v", c.next, r+1, s.Deadline.Sub(t0), c.ends[r].Sub(t0))
			}
			if s.NextRoundDue(l, at) {
				t.Errorf("next:%q: round %d is due while round %d is played", c.next, r+2, r+1)
			}
			if err := s.Record(idx[0], Finished, []int{30, 20}, []int{1, 2}, at); err != nil {
				t.Fatal(err)
			}
		}
		if s.NextRoundDue(l, t0.Add(10*week)) {
			t.Errorf("next:%q: a fourth round is due", c.next)
		}
	}
	bad := &League{ID: "l1", Format: RoundRobin, TableSize: 2, Policy: PolicyScoreStands, RoundDeadline: week, Next: "soon"}
	if err := bad.Check(); err == nil {
		t.Error("next:soon passed the check")
	}
}

// TestRoundsEndOnTheirOwnDates: a league on dates with dates for its first two rounds ends them
// on those dates, whatever the round length; the third keeps the calendar, one round length
// after the second.
func TestRoundsEndOnTheirOwnDates(t *testing.T) {
	start := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
	d1, d2 := time.Date(2026, 12, 10, 0, 0, 0, 0, time.UTC), time.Date(2026, 12, 14, 0, 0, 0, 0, time.UTC)
	l := &League{ID: "L", Format: RoundRobin, TableSize: 2, Policy: PolicyScoreStands, RoundDeadline: 7 * 24 * time.Hour,
		Next: NextOnDate, RoundDates: []time.Time{d1, d2}}
	for _, id := range []string{"a", "b", "c", "d"} {
		l.Members = append(l.Members, Member{ID: id, Name: id})
	}
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	s, err := NewSeason(l, 1)
	if err != nil {
		t.Fatal(err)
	}
	now := start
	for r, want := range []time.Time{d1, d2, d2.Add(7 * 24 * time.Hour)} {
		idx, err := s.StartRound(l, now)
		if err != nil {
			t.Fatal(err)
		}
		if !s.Deadline.Equal(want) {
			t.Fatalf("round %d ends %v, want %v", r+1, s.Deadline, want)
		}
		for _, i := range idx {
			if err := s.Record(i, Finished, []int{1, 0}, []int{1, 2}, now); err != nil {
				t.Fatal(err)
			}
		}
		if s.NextRoundDue(l, now) {
			t.Fatalf("round %d: the next round is due before the date", r+1)
		}
		now = s.Deadline
	}
	l.RoundDates = []time.Time{d2, d1}
	if err := l.Check(); err == nil {
		t.Fatal("dates out of order were accepted")
	}
}
