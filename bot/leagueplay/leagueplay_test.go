package leagueplay

import (
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/hosttest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// The first round's game: bob (to move first) and cid, in the thread the round opened; ann has
// the round's bye.
const (
	firstGame   = "L1-s1-r1-t1"
	firstThread = "local/thread-1"
	secondGame  = "L1-s1-r2-t1"
)

// season starts a season of a round-robin league of ann, bob and cid (two players a table,
// rounds of 3 days, adjudicated by policy) with the leagues feature alone, administered by ref,
// who does not play; its first round opens at hosttest.Start (2026-03-02 09:00 UTC).
func season(t *testing.T, policy league.Policy) (*hosttest.Table, *Leagues) {
	t.Helper()
	lp := New()
	x := hosttest.New(t, lp)
	x.Do("ref: /league create name:Spring map:classic players:2 round:3d adjudicate:" + string(policy))
	x.Do("ref: /league leave")
	for _, u := range []string{"ann", "bob", "cid"} {
		x.Do(u + ": /league join")
	}
	said := x.Do("ref: /season start")
	if a := said.Answer().Reply; !strings.Contains(a, "Spring, season 1: round 1 of 3 has started; it ends 2026-03-05 09:00 UTC.\nTable 1: bob, cid\nBye (worth a win): ann") {
		t.Fatalf("the season's start says %q", a)
	}
	return x, lp
}

// fixture is the league's fixture of game id, as stored.
func fixture(t *testing.T, x *hosttest.Table, id string) league.Fixture {
	t.Helper()
	s, err := x.Store().Season("L1", 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range s.Fixtures {
		if f.GameID == id {
			return f
		}
	}
	t.Fatalf("the season has no fixture %s", id)
	return league.Fixture{}
}

// TestARoundOpensItsGames: a round's start opens each of its games in a thread of its own, marked
// as the league's and started, its players seated in the fixture's order; the thread is told
// whose game it is and when the round ends, and the season keeps the thread.
func TestARoundOpensItsGames(t *testing.T) {
	x, _ := season(t, league.PolicyScoreStands)
	g, ok := x.Host.InspectGame(firstGame)
	if !ok {
		t.Fatalf("the round's game %s is not running", firstGame)
	}
	if g.Place != firstThread || g.Table.Status != table.Playing || g.Table.League == nil || g.Table.League.ID != "L1" {
		t.Fatalf("the round's game: at %s, %s, league %+v", g.Place, g.Table.Status, g.Table.League)
	}
	if seats := []string{g.Table.Seats[0].ID, g.Table.Seats[1].ID}; !slices.Equal(seats, []string{"bob", "cid"}) {
		t.Errorf("the game seats %v", seats)
	}
	if f := fixture(t, x, firstGame); f.Thread != firstThread || f.Done() {
		t.Errorf("the season's fixture: %+v", f)
	}
	if _, ok := x.Host.InspectGame(secondGame); ok {
		t.Error("the second round's game opened with the first")
	}
}

// TestARoundsDeadlineAdjudicatesItsGamesByTheLeaguesRule: a game still running at its round's
// deadline ends there, as a step of its record, placed by the league's rule: the score stands
// (bob and cid share the first place at 0), or the player to move (cid, once bob's own turn ran
// out) forfeits; the result counts in the standings and the next round opens.
func TestARoundsDeadlineAdjudicatesItsGamesByTheLeaguesRule(t *testing.T) {
	for _, c := range []struct {
		policy   league.Policy
		says     string
		places   []int
		schedule string
	}{
		{league.PolicyScoreStands, "Places: 1. bob 0, 1. cid 0.", []int{1, 1}, "Table 1: bob vs cid: adjudicated 0-0 local/thread-1"},
		{league.PolicyForfeit, "Places: 1. bob 0, 2. cid 0 (to move: forfeits).", []int{1, 2}, "Table 1: bob vs cid: adjudicated 0-0 (bob first) local/thread-1"},
	} {
		t.Run(string(c.policy), func(t *testing.T) {
			t.Parallel()
			x, _ := season(t, c.policy)
			if said := x.Clock("2026-03-05T08:59Z"); said.Has("round's deadline") {
				t.Fatalf("the game ended before its round's deadline:\n%s", said.Text())
			}
			said := x.Clock("2026-03-05T09:01Z")
			if !said.Has("The round's deadline has passed: the game ends here, adjudicated by the league's rule") || !said.Has(c.says) {
				t.Fatalf("at the round's deadline:\n%s", said.Text())
			}
			if !said.Has("Spring, season 1: round 2 of 3 has started") {
				t.Errorf("the next round did not start:\n%s", said.Text())
			}
			f := fixture(t, x, firstGame)
			if f.Status != league.Adjudicated || !slices.Equal(f.Places, c.places) {
				t.Errorf("the fixture: %s, places %v, want %v", f.Status, f.Places, c.places)
			}
			if x.Host.Finished(firstThread) == nil || x.Host.Running(firstGame) {
				t.Error("the adjudicated game still runs")
			}
			if s := x.Do("ann: /league schedule").Answer().Reply; !strings.Contains(s, c.schedule) {
				t.Errorf("the schedule says %q, want %q", s, c.schedule)
			}
			if _, ok := x.Host.InspectGame(secondGame); !ok {
				t.Errorf("the second round's game %s is not running", secondGame)
			}
		})
	}
}

// TestAnAbandonedGameIsForfeitedByThePlayerToMove: an administrator's abandon of a league game is
// adjudicated by the league's rule at once, never recorded as played: under adjudicate:forfeit
// bob, to move, comes second.
func TestAnAbandonedGameIsForfeitedByThePlayerToMove(t *testing.T) {
	x, _ := season(t, league.PolicyForfeit)
	x.Go(firstThread)
	x.Do("ref: /table abandon")
	f := fixture(t, x, firstGame)
	if f.Status != league.Adjudicated || !slices.Equal(f.Places, []int{2, 1}) {
		t.Errorf("the abandoned game's fixture: %s, places %v, want bob second", f.Status, f.Places)
	}
	if s := x.Do("ann: /league schedule").Answer().Reply; !strings.Contains(s, "Table 1: bob vs cid: adjudicated 0-0 (cid first)") {
		t.Errorf("the schedule says %q", s)
	}
}

// TestTheStandingsCountARoundsResults: after the first round, its game's winner (bob, cid
// resigned) has a win of one game, and each bye is worth a win: ann's of the first round, and
// cid's of the second, which has started; bob leads on head-to-head.
func TestTheStandingsCountARoundsResults(t *testing.T) {
	x, _ := season(t, league.PolicyForfeit)
	x.Go(firstThread)
	x.Do("cid: /carc resign")
	s := x.Do("ann: /league standings").Answer().Reply
	for _, want := range []string{"standings after 1 game of 2 (round 2 of 3)",
		"  1  bob                       1     +0     1    1     1\n",
		"  2  ann                       1     +0     0    0     0\n",
		"  2  cid                       1     +0     0    0     1\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("the standings say %q, want %q", s, want)
		}
	}
}

// TestAGamesEndIsConsumedOnce: the end of a league game records its result and starts the next
// round once, however often the host tells it (a second call of the hook, as a restart or a
// retried commit would make): no second announcement, no round skipped, no result changed.
func TestAGamesEndIsConsumedOnce(t *testing.T) {
	x, lp := season(t, league.PolicyScoreStands)
	x.Go(firstThread)
	said := x.Do("cid: /carc resign")
	if !said.Has("Spring, season 1: round 2 of 3 has started") {
		t.Fatalf("the game's end did not start the next round:\n%s", said.Text())
	}
	before := fixture(t, x, firstGame)
	lp.gameEnded(firstGame)
	lp.gameEnded(firstGame)
	said = x.Do("ann: /league schedule")
	if said.Has("has started") || len(said.Posts("local")) != 0 {
		t.Errorf("the game's end, told again, was announced again:\n%s", said.Text())
	}
	s, err := x.Store().Season("L1", 1)
	if err != nil || s.Started != 2 {
		t.Fatalf("the season's round: %d (%v), want 2", s.Started, err)
	}
	if after := fixture(t, x, firstGame); after.Status != before.Status || !slices.Equal(after.Places, before.Places) || !after.Finished.Equal(before.Finished) {
		t.Errorf("the result changed: %+v, was %+v", after, before)
	}
	if _, ok := x.Host.InspectGame("L1-s1-r3-t1"); ok {
		t.Error("the third round opened")
	}
}
