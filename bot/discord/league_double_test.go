package discord

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// TestADoubleEliminationCupPlaysToItsWinner: a double elimination cup of six members in a
// bracket of eight, its games played by the deadline autopilot. The two byes go to the top seeds
// in round 1 and leave two players of the losers' bracket without a game in round 2; every
// player but the champion leaves after their second loss; the grand final (and its deciding game
// when the losers' bracket wins it) decides the cup, announced in the league's channel; the
// schedule names each game's bracket and the standings say who stands where.
func TestADoubleEliminationCupPlaysToItsWinner(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	r := newLeagueRun(h, "Double", []string{"ann", "bob", "cy", "dee", "eve", "fay"}, fakediscord.StringArg("format", "double-elimination"))
	s := r.season()
	if !s.Double || !s.Reset || len(s.Bracket) != 8 {
		t.Fatalf("season: double %v, reset %v, bracket %v", s.Double, s.Reset, s.Bracket)
	}
	first := s.Rounds[0]
	if len(first.Tables) != 2 || len(first.Byes) != 2 || !slices.Contains(first.Byes, s.Seeds[0]) || !slices.Contains(first.Byes, s.Seeds[1]) {
		t.Fatalf("round 1: tables %v, byes %v; want the byes to seeds %v", first.Tables, first.Byes, s.Seeds[:2])
	}
	r.playRound()
	if second := r.season().Rounds[1]; len(second.Tables) != 2 || len(second.Byes) != 2 {
		t.Fatalf("round 2: tables %v, byes %v; want the winners' semi-finals and the two losers of round 1 with a bye", second.Tables, second.Byes)
	}
	schedule := r.slash(r.members[0], "schedule")
	for _, want := range []string{"(winners' bracket, round 2)", "Bye:"} {
		if !contains(schedule, want) {
			t.Fatalf("the schedule does not say %q:\n%s", want, schedule)
		}
	}
	r.playSeason()
	s = r.season()
	l := r.league()
	if !s.Over(&l) {
		t.Fatalf("the cup is not over: %+v", s.Rounds)
	}
	champion := s.Champion()
	if champion == "" {
		t.Fatal("no champion")
	}
	lost := map[string]int{}
	finals := 0
	for _, f := range s.Fixtures {
		if f.Stage == nil || !f.Done() {
			t.Fatalf("round %d table %d: stage %v, %s", f.Round, f.Table, f.Stage, f.Status)
		}
		if f.Stage.Bracket == league.GrandFinal {
			finals++
		}
		a, b := f.Players[0], f.Players[1]
		loser := b
		if f.Places[1] < f.Places[0] || f.Places[0] == f.Places[1] && slices.Index(s.Seeds, b) < slices.Index(s.Seeds, a) {
			loser = a
		}
		lost[loser]++
	}
	for _, m := range s.Members {
		if m.ID != champion && lost[m.ID] != 2 || m.ID == champion && lost[m.ID] > 1 {
			t.Errorf("%s lost %d games (champion %s)", m.Name, lost[m.ID], s.Name(champion))
		}
	}
	if want := 6; len(s.Fixtures) != 2*len(s.Members)-2+finals-1 || s.Started != want+finals-1 {
		t.Fatalf("%d games in %d rounds with %d games of the grand final", len(s.Fixtures), s.Started, finals)
	}
	if st := s.Standings(); st[0].Player != champion {
		t.Fatalf("standings %v: want the champion first", st)
	}
	h.waitFor(func() bool {
		for _, m := range h.posts(h.f.General.ID) {
			if contains(m.Content, "the grand final is played: "+s.Name(champion)+" wins the cup.") &&
				contains(m.Content, s.Name(champion)+" wins the cup. Out: ") {
				return true
			}
		}
		return false
	})
	schedule = r.slash(r.members[0], "schedule")
	for _, want := range []string{"(losers' bracket, round 4)", "(grand final)"} {
		if !contains(schedule, want) {
			t.Fatalf("the schedule does not say %q:\n%s", want, schedule)
		}
	}
}
