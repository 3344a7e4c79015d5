package discord

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestLeagueOfThreePlayerTablesEndToEnd: a round-robin of six players at tables of three. Each
// round seats everyone at two games of three, each in its own thread with its three players,
// until every pair of players has met at least once. Round 1 is played to its end by the
// autopilot, the others are adjudicated as the score stands at their deadline. Every game's
// places follow its scores, and the standings give each player one league point per opponent
// finished ahead of and half a point per opponent sharing their place, computed here by hand.
func TestLeagueOfThreePlayerTablesEndToEnd(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	r := newLeagueRun(h, "Triples", []string{"ann", "bob", "cy", "dee", "eve", "fay"}, fakediscord.IntArg("players", 3),
		fakediscord.StringArg("round", "1d"), fakediscord.StringArg("adjudicate", "score"))
	first := r.season()
	for _, f := range first.Fixtures {
		tbl := h.table(f.Thread)
		if tbl == nil || len(tbl.Seats) != 3 || tbl.Status != table.Playing {
			t.Fatalf("round 1 table %d: its thread has no running game of three (%+v)", f.Table, tbl)
		}
	}
	r.playRound()
	l := r.league()
	for n := 0; ; n++ {
		if s := r.season(); s.Over(&l) {
			break
		}
		if n > 10 {
			t.Fatalf("the season stops at round %d", r.season().Started)
		}
		r.adjudicateRound(3)
	}
	s := r.season()
	met := map[[2]string]int{}
	points := map[string]float64{}
	for _, f := range s.Fixtures {
		if len(f.Players) != 3 || !f.Done() {
			t.Fatalf("round %d table %d: %d players, %s", f.Round, f.Table, len(f.Players), f.Status)
		}
		if want := map[bool]league.FixtureStatus{true: league.Finished, false: league.Adjudicated}[f.Round == 1]; f.Status != want {
			t.Errorf("round %d table %d is %s, want %s", f.Round, f.Table, f.Status, want)
		}
		if thread := h.f.Channel(f.Thread); thread == nil {
			t.Errorf("round %d table %d has no thread", f.Round, f.Table)
		}
		for i, p := range f.Players {
			for j, q := range f.Players {
				if i == j {
					continue
				}
				if i < j {
					pair := [2]string{p, q}
					slices.Sort(pair[:])
					met[pair]++
				}
				// Places follow the scores: a higher score finishes ahead.
				if (f.Scores[i] > f.Scores[j]) != (f.Places[i] < f.Places[j]) {
					t.Errorf("round %d table %d: scores %v give places %v", f.Round, f.Table, f.Scores, f.Places)
				}
				switch {
				case f.Places[i] < f.Places[j]:
					points[p]++
				case f.Places[i] == f.Places[j]:
					points[p] += 0.5
				}
			}
		}
	}
	for i, a := range r.members {
		for _, b := range r.members[i+1:] {
			pair := [2]string{a.ID, b.ID}
			slices.Sort(pair[:])
			if met[pair] == 0 {
				t.Errorf("%s and %s never met", a.Username, b.Username)
			}
		}
	}
	standings := s.Standings()
	if len(standings) != 6 {
		t.Fatalf("the standings have %d players", len(standings))
	}
	for _, st := range standings {
		if st.Points != points[st.Player] || st.Played != s.Started || st.Byes != 0 {
			t.Errorf("%s: %g points in %d games, want %g in %d", s.Name(st.Player), st.Points, st.Played, points[st.Player], s.Started)
		}
	}
	checkSchedule(t, r, s)
	checkExport(t, r, s)
}
