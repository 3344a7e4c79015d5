package discord

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// checkSchedule checks /league schedule against the season: every game of every round with its
// thread's link, and every bye.
func checkSchedule(t *testing.T, r *leagueRun, s league.Season) {
	t.Helper()
	text := r.slash(r.members[0], "schedule")
	for _, f := range s.Fixtures {
		if f.Thread == "" || !strings.Contains(text, fmt.Sprintf("<#%s>", f.Thread)) {
			t.Errorf("/league schedule does not link round %d table %d (thread %q):\n%s", f.Round, f.Table, f.Thread, text)
		}
	}
	for n, round := range s.Rounds {
		if !strings.Contains(text, fmt.Sprintf("Round %d", n+1)) {
			t.Errorf("/league schedule has no round %d:\n%s", n+1, text)
		}
		for _, p := range round.Byes {
			if !strings.Contains(text, "Bye: "+s.Name(p)) {
				t.Errorf("/league schedule does not show %s's bye in round %d:\n%s", s.Name(p), n+1, text)
			}
		}
	}
}

// TestSwissLeagueEndToEnd: a swiss league of five players over four rounds of 2-player games,
// each round adjudicated as the score stands at its deadline. Each round pairs the players by the
// standings so far, no two players meet twice, the four byes go to four different players, and
// each round's games open in their own threads, which the schedule links. The standings count
// every game and bye, and the export has every game.
func TestSwissLeagueEndToEnd(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	r := newLeagueRun(h, "Swiss", []string{"ann", "bob", "cy", "dee", "eve"}, fakediscord.StringArg("format", "swiss"),
		fakediscord.IntArg("rounds", 4), fakediscord.StringArg("round", "1d"), fakediscord.StringArg("adjudicate", "score"))
	met := map[[2]string]int{}
	byes := map[string]int{}
	for round := 1; round <= 4; round++ {
		s := r.season()
		if s.Started != round {
			t.Fatalf("round %d: the season says round %d", round, s.Started)
		}
		// Swiss pairs by the standings before the round: the two best-placed players who have not
		// met share the first table.
		var games []league.Fixture
		for _, f := range s.Fixtures {
			if f.Round == round {
				games = append(games, f)
			}
		}
		if len(games) != 2 || len(s.Rounds[round-1].Byes) != 1 {
			t.Fatalf("round %d: %d games and byes %v", round, len(games), s.Rounds[round-1].Byes)
		}
		var results []league.Result
		var before []string
		for _, f := range s.Fixtures {
			if f.Round < round {
				results = append(results, league.Result{Players: f.Players, Scores: f.Scores, Places: f.Places})
			}
		}
		for _, rd := range s.Rounds[:round-1] {
			before = append(before, rd.Byes...)
		}
		bye := s.Rounds[round-1].Byes[0]
		for _, st := range league.Standings(memberIDs(s), results, before) {
			if st.Player != bye {
				if !slices.Contains(games[0].Players, st.Player) {
					t.Fatalf("round %d: %s leads the standings but does not sit at table 1 (%v)", round, s.Name(st.Player), games[0].Players)
				}
				break
			}
		}
		for _, f := range games {
			pair := [2]string{f.Players[0], f.Players[1]}
			slices.Sort(pair[:])
			met[pair]++
			if met[pair] > 1 {
				t.Fatalf("round %d: %s and %s meet again", round, s.Name(pair[0]), s.Name(pair[1]))
			}
			if thread := h.f.Channel(f.Thread); thread == nil || len(h.posts(f.Thread)) == 0 {
				t.Fatalf("round %d table %d has no thread of its own", round, f.Table)
			}
		}
		byes[s.Rounds[round-1].Byes[0]]++
		r.adjudicateRound(3 + round)
	}
	s := r.season()
	l := r.league()
	if !s.Over(&l) || len(s.Fixtures) != 8 {
		t.Fatalf("after 4 rounds: over %v, %d games", s.Over(&l), len(s.Fixtures))
	}
	if len(byes) != 4 {
		t.Fatalf("the byes went to %v: want four different players", byes)
	}
	for _, f := range s.Fixtures {
		if f.Status != league.Adjudicated {
			t.Errorf("round %d table %d is %s", f.Round, f.Table, f.Status)
		}
	}
	played := map[string]int{}
	for _, st := range s.Standings() {
		played[st.Player] = st.Played + st.Byes
		if st.Played+st.Byes != 4 {
			t.Errorf("%s played %d games and had %d byes in 4 rounds", s.Name(st.Player), st.Played, st.Byes)
		}
	}
	if len(played) != 5 {
		t.Errorf("the standings have %d players", len(played))
	}
	checkSchedule(t, r, s)
	checkExport(t, r, s)
}

// checkExport checks /league export against the season: a CSV row for each player of each game,
// with the game's id, its players, their scores and places, and the date of its result.
func checkExport(t *testing.T, r *leagueRun, s league.Season) {
	t.Helper()
	m := r.h.slash(r.members[0], r.h.f.General, "league", fakediscord.SubCommand("export"))
	if len(m.Attachments) != 1 {
		t.Fatalf("/league export has %d attachments", len(m.Attachments))
	}
	rows, err := csv.NewReader(bytes.NewReader(m.Attachments[0].Data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := 1
	for _, f := range s.Fixtures {
		for i, p := range f.Players {
			want++
			row := []string{r.league().Name, "1", strconv.Itoa(f.Round), strconv.Itoa(f.Table), f.GameID, string(f.Status),
				f.Finished.UTC().Format(time.RFC3339), strconv.Itoa(i + 1), p, s.Name(p), strconv.Itoa(f.Scores[i]), strconv.Itoa(f.Places[i])}
			if !slices.ContainsFunc(rows, func(got []string) bool { return len(got) == 13 && slices.Equal(got[:12], row) }) {
				t.Errorf("the CSV has no row %v", row)
			}
		}
	}
	if len(rows) != want {
		t.Errorf("the CSV has %d rows, want %d", len(rows), want)
	}
}

// TestDoubleRoundRobinEndToEnd: a double round-robin of three players plays six rounds, one game
// and one bye each; every pair meets twice, once with each player first, and every player sits
// out twice. Round 1's game is played to its end by the autopilot, the others are adjudicated at
// their round's deadline after a few turns; the standings count four games
// and two byes for each player, the schedule links every game's thread and the export has every
// game. The next season keeps the three members, and season 1 stays readable while it runs.
func TestDoubleRoundRobinEndToEnd(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	r := newLeagueRun(h, "Double", []string{"ann", "bob", "cy"}, fakediscord.StringArg("format", "double-round-robin"),
		fakediscord.StringArg("round", "2d"))
	r.playRound()
	for range 5 {
		r.adjudicateRound(4)
	}
	s := r.season()
	if len(s.Fixtures) != 6 || s.Started != 6 {
		t.Fatalf("%d games in %d rounds, want 6 in 6", len(s.Fixtures), s.Started)
	}
	seated := map[[2]string]int{}
	byes := map[string]int{}
	for n, f := range s.Fixtures {
		if want := map[bool]league.FixtureStatus{true: league.Finished, false: league.Adjudicated}[n == 0]; f.Status != want || len(f.Players) != 2 {
			t.Fatalf("round %d: %s, players %v", f.Round, f.Status, f.Players)
		}
		seated[[2]string{f.Players[0], f.Players[1]}]++
		byes[s.Rounds[n].Byes[0]]++
	}
	for _, a := range r.members {
		for _, b := range r.members {
			if a != b && seated[[2]string{a.ID, b.ID}] != 1 {
				t.Errorf("%s sat first against %s %d times, want once", a.Username, b.Username, seated[[2]string{a.ID, b.ID}])
			}
		}
		if byes[a.ID] != 2 {
			t.Errorf("%s sat out %d rounds, want 2", a.Username, byes[a.ID])
		}
	}
	for _, st := range s.Standings() {
		if st.Played != 4 || st.Byes != 2 {
			t.Errorf("%s: %d games and %d byes in the standings, want 4 and 2", s.Name(st.Player), st.Played, st.Byes)
		}
	}
	if text := r.slash(r.members[1], "standings"); !strings.Contains(text, "standings after 6 games of 6 (round 6 of 6)") {
		t.Errorf("/league standings:\n%s", text)
	}
	checkSchedule(t, r, s)
	checkExport(t, r, s)

	// The next season keeps the members, and the past one stays readable once it has started.
	r.slash(r.ref, "end")
	if m := r.h.slash(r.ref, r.h.f.General, "season", fakediscord.SubCommand("new")); m.Content != "Done." {
		t.Fatalf("/season new: %s", m.Content)
	}
	if m := r.slash(r.ref, "start"); m != "Done." {
		t.Fatalf("/season start of season 2: %s", m)
	}
	if next := r.season(); next.Number != 2 || len(next.Members) != 3 || next.Started != 1 {
		t.Fatalf("season 2: number %d, %d members, round %d", next.Number, len(next.Members), next.Started)
	}
	past := r.slash(r.members[2], "standings", fakediscord.IntArg("season", 1))
	if !strings.Contains(past, "Double, season 1: standings after 6 games of 6 (round 6 of 6)") {
		t.Errorf("/league standings season:1 during season 2:\n%s", past)
	}
	if sched := r.slash(r.members[2], "schedule", fakediscord.IntArg("season", 1)); !strings.Contains(sched, fmt.Sprintf("<#%s>", s.Fixtures[5].Thread)) {
		t.Errorf("/league schedule season:1 during season 2:\n%s", sched)
	}
}

func memberIDs(s league.Season) []string {
	ids := make([]string, len(s.Members))
	for i, m := range s.Members {
		ids[i] = m.ID
	}
	return ids
}
