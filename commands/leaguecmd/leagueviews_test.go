package leaguecmd

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// TestLeagueIDIsShown: the league's id, which the host's bot export --league needs, is in the
// reply to /league create and in the head of /league schedule.
func TestLeagueIDIsShown(t *testing.T) {
	b := newLeagueBench(t)
	b.ok(b.run("ann", false, "create", "name=Spring Cup"), "New league Spring Cup (id L1)")
	b.ok(b.run("bob", false, "join"), "2 members")
	b.ok(b.run("zed", true, "start"), "round 1")
	r := b.ok(b.run("bob", false, "schedule"), "league id L1")
	if head, _, _ := strings.Cut(r.Text, "\n"); !strings.Contains(head, "L1") {
		t.Errorf("the schedule's first line has no id: %q", head)
	}
}

// TestTheStandingsOfADoubleEliminationCupSayWhoStandsWhere: while the cup runs, the standings
// text lists each bracket's players and those out with the round of their second loss, and the
// picture marks each name with its bracket; the schedule names each game's bracket and round.
func TestTheStandingsOfADoubleEliminationCupSayWhoStandsWhere(t *testing.T) {
	b := newLeagueBench(t)
	b.ok(b.run("ann", false, "create", "name=Double", "format=double-elimination", "reset=false"), "double elimination cup seeded by rating, the grand final one game")
	for _, u := range []string{"bob", "cy", "dee"} {
		b.ok(b.run(u, false, "join"), "joined")
	}
	b.ok(b.run("zed", true, "start"), "round 1 of 4")
	for round := 1; round <= 2; round++ {
		l, _ := b.store.League("L1")
		s, _ := b.store.Season("L1", 1)
		for i, f := range s.Fixtures {
			if f.Round == round {
				if err := s.Record(i, league.Finished, []int{30, 20}, []int{1, 2}, b.now); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := b.store.SaveLeague(l, s); err != nil {
			t.Fatal(err)
		}
		if round == 1 {
			b.ok(b.run("zed", true, "start"), "Table 2 (losers' bracket, round 1)")
		}
	}
	// Seeds in joining order (nobody is rated): ann beat dee and bob beat cy; then ann beat bob
	// and cy beat dee, who is out.
	r := b.ok(b.run("ann", false, "standings"), "Winners' bracket (no loss): Ann. Losers' bracket (one loss): Bob, Cy. Out: Dee (round 2).")
	marks := map[string]bool{}
	for _, line := range r.Standings.Lines {
		marks[line.Player] = true
	}
	for _, want := range []string{"Ann (winners')", "Bob (losers')", "Cy (losers')", "Dee (out)"} {
		if !marks[want] {
			t.Errorf("the picture's lines %v lack %q", r.Standings.Lines, want)
		}
	}
	b.ok(b.run("ann", false, "schedule"), "Table 1 (winners' bracket, round 2): Ann vs Bob: finished 30-20")
}
