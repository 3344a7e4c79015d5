package discord

import (
	"fmt"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// TestLeagueOnDatesStartsEachRoundOnItsDate: a league created with next:date round:1d starts
// round 2 on its date although round 1's game ended hours before, and not a minute earlier, even
// across a restart of the bot; round 2's game, still running on round 3's date, is adjudicated by
// the league's policy then, after a second restart mid-round; every round ends one day after the
// one before.
func TestLeagueOnDatesStartsEachRoundOnItsDate(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	r := newLeagueRun(h, "Dates", []string{"ann", "bob", "cy"}, fakediscord.StringArg("round", "1d"),
		fakediscord.StringArg("next", "date"), fakediscord.StringArg("adjudicate", "score"))
	day := 24 * time.Hour
	first := r.season().Deadline
	if want := h.clock.Now().Add(day); !first.Equal(want) {
		t.Fatalf("round 1 ends %v, want %v", first, want)
	}
	r.playRound()
	if s := r.season(); s.Started != 1 || !h.clock.Now().Before(first) {
		t.Fatalf("after round 1's game (at %v of its day): round %d", h.clock.Now().Sub(first.Add(-day)), s.Started)
	}
	schedule := r.slash(r.members[0], "schedule")
	if want := fmt.Sprintf("Round 2 (to come, starts <t:%d:f>)", first.Unix()); !contains(schedule, want) {
		t.Fatalf("/league schedule says %q, want %q", schedule, want)
	}

	h.stop()
	h.start()
	h.clock.Add(first.Sub(h.clock.Now()) - time.Minute)
	h.b.FireTimers(h.clock.Now())
	if s := r.season(); s.Started != 1 {
		t.Fatalf("round 2 started a minute before its date")
	}
	h.clock.Add(time.Minute)
	h.b.FireTimers(h.clock.Now())
	second := r.season()
	if second.Started != 2 || !second.Deadline.Equal(first.Add(day)) {
		t.Fatalf("on its date: round %d, ending %v after round 1's end; want round 2, a day", second.Started, second.Deadline.Sub(first))
	}

	r.turn()
	r.turn()
	h.stop()
	h.start()
	h.clock.Add(second.Deadline.Sub(h.clock.Now()))
	h.b.FireTimers(h.clock.Now())
	third := r.season()
	var f league.Fixture
	for _, x := range third.Fixtures {
		if x.Round == 2 {
			f = x
		}
	}
	if f.Status != league.Adjudicated || third.Started != 3 || !third.Deadline.Equal(second.Deadline.Add(day)) {
		t.Fatalf("on round 3's date: round 2's game is %s, round %d ends %v after round 2's", f.Status, third.Started, third.Deadline.Sub(second.Deadline))
	}
	r.playSeason()
	l := r.league()
	if s := r.season(); !s.Over(&l) || len(s.Fixtures) != 3 {
		t.Fatalf("the season is not over: %d games", len(s.Fixtures))
	}
}
