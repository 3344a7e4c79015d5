package discord

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// TestAKnockOutCupPlaysToItsWinner: a cup of six members in a bracket of eight, its games played
// by the deadline autopilot. The two byes go to the top seeds in round 1; each later round pairs
// the winners of the round before; the final's winner is announced as the cup's winner and tops
// the standings, the finalist second.
func TestAKnockOutCupPlaysToItsWinner(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	r := newLeagueRun(h, "Cup", []string{"ann", "bob", "cy", "dee", "eve", "fay"}, fakediscord.StringArg("format", "cup"))
	s := r.season()
	if len(s.Bracket) != 8 || s.TotalRounds(ptr(r.league())) != 3 {
		t.Fatalf("bracket %v", s.Bracket)
	}
	first := s.Rounds[0]
	if len(first.Tables) != 2 || !slices.Equal(first.Byes, s.Seeds[:2]) {
		t.Fatalf("round 1: tables %v, byes %v; want the byes to seeds %v", first.Tables, first.Byes, s.Seeds[:2])
	}
	r.playSeason()
	s = r.season()
	l := r.league()
	if !s.Over(&l) || len(s.Rounds) != 3 || len(s.Rounds[1].Tables) != 2 || len(s.Rounds[2].Tables) != 1 {
		t.Fatalf("the cup did not play 2, 2 and 1 games: %+v", s.Rounds)
	}
	final := s.Fixtures[len(s.Fixtures)-1]
	champion := s.Champion()
	if champion == "" || !slices.Contains(final.Players, champion) {
		t.Fatalf("champion %q, final %v", champion, final.Players)
	}
	for i, f := range s.Fixtures[:len(s.Fixtures)-1] {
		if f.Round < 3 && !slices.ContainsFunc(s.Rounds[f.Round].Tables, func(tb []string) bool {
			return slices.ContainsFunc(tb, func(p string) bool { return slices.Contains(f.Players, p) })
		}) {
			t.Fatalf("no player of game %d of round %d plays round %d", i+1, f.Round, f.Round+1)
		}
	}
	st := s.Standings()
	if st[0].Player != champion || !slices.Contains(final.Players, st[1].Player) {
		t.Fatalf("standings %v: want the champion then the finalist", st)
	}
	h.waitFor(func() bool {
		for _, m := range h.posts(h.f.General.ID) {
			if contains(m.Content, "the final is played: "+s.Name(champion)+" wins the cup.") {
				return true
			}
		}
		return false
	})
}

func ptr(l league.League) *league.League { return &l }
