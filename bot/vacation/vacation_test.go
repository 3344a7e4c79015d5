package vacation_test

import (
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/hosttest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/vacation"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// twoPlayers is a local table with the vacations feature alone, where ann and bob play a classic
// game (hosttest.ShortGame) opened at hosttest.Start (2026-03-02 09:00 UTC) with the default
// deadline of 2 days: ann's first turn ends 2026-03-04 09:00.
func twoPlayers(t *testing.T) *hosttest.Table {
	t.Helper()
	x := hosttest.New(t, vacation.New())
	if a := x.ShortGame("ann", "bob").Answer(); !strings.Contains(a.Reply, "Turn deadline: 2026-03-04 09:00 UTC") {
		t.Fatalf("the first turn's deadline: %s", a.Reply)
	}
	return x
}

// current is the player to move at the table's place.
func current(t *testing.T, x *hosttest.Table) string {
	t.Helper()
	u, ok := x.Game().Current()
	if !ok {
		t.Fatalf("nobody is to move: the game is %s", x.Game().Status)
	}
	return u.ID
}

// clockTo moves the clock to at and checks that the timers skipped the turn of skipped ("": none).
func clockTo(t *testing.T, x *hosttest.Table, at, skipped string) {
	t.Helper()
	said := x.Clock(at)
	if got := said.Has(skipped + " let the turn deadline pass"); skipped != "" && !got {
		t.Fatalf("at %s %s's turn is not skipped:\n%s", at, skipped, said.Text())
	}
	if skipped == "" && said.Has("let the turn deadline pass") {
		t.Fatalf("at %s a turn is skipped:\n%s", at, said.Text())
	}
}

// TestAVacationStopsThePlayersClockAndItRunsAgainAfter: while bob is on vacation (3 days booked,
// 2026-03-03 to 2026-03-05) his turn's clock stops: the turn that becomes his during the vacation
// ends two days after it, not before; the table is told he is away; ann's clock runs as usual.
func TestAVacationStopsThePlayersClockAndItRunsAgainAfter(t *testing.T) {
	x := twoPlayers(t)
	a := x.Do("bob: /player vacation from:2026-03-03 to:2026-03-05").Answer()
	for _, want := range []string{"Vacation booked: 2026-03-03 to 2026-03-05 (3 days", "27 days left in 2026 on this server.", "Your deadlines stop in 1 running game"} {
		if !strings.Contains(a.Reply, want) {
			t.Errorf("the booking says %q, want %q", a.Reply, want)
		}
	}
	if s := x.Do("ann: /carc status").Answer(); !strings.Contains(s.Reply, "bob will be on vacation from 2026-03-03 00:00 UTC to 2026-03-06 00:00 UTC; their deadlines here will wait.") {
		t.Errorf("the status does not tell that bob will be away: %s", s.Reply)
	}
	said := x.Clock("2026-03-04T09:01Z")
	if !said.Has("ann let the turn deadline pass") || !said.Has("Turn deadline: 2026-03-08 00:00 UTC") {
		t.Fatalf("ann's turn ran out; bob's ends two days after his vacation:\n%s", said.Text())
	}
	if s := x.Do("ann: /carc status").Answer(); !strings.Contains(s.Reply, "bob is on vacation until 2026-03-06 00:00 UTC: their turn deadlines here wait until then.") {
		t.Errorf("the status does not tell that bob is away: %s", s.Reply)
	}
	clockTo(t, x, "2026-03-07T23:59Z", "")
	if current(t, x) != "bob" {
		t.Fatal("bob's turn ended before its deadline")
	}
	clockTo(t, x, "2026-03-08T00:01Z", "bob")
}

// TestAVacationEndedEarlyGivesTheClockBackFromThatMoment: a player back early cancels the
// vacation that runs (cancel:true): its days begun stay taken, the clock of the turn it stopped
// runs again from that moment, and the table no longer says they are away; a vacation still to
// come is dropped and never stops a clock.
func TestAVacationEndedEarlyGivesTheClockBackFromThatMoment(t *testing.T) {
	x := twoPlayers(t)
	x.Do("bob: /player vacation from:2026-03-03 to:2026-03-05")
	x.Do("bob: /player vacation from:2026-03-20 to:2026-03-22")
	x.Clock("2026-03-04T09:01Z") // ann's turn runs out; bob's begins during his vacation
	x.Clock("2026-03-04T12:00Z")
	if a := x.Do("bob: /player vacation cancel:true").Answer(); a.Reply != "Cancelled 2 vacations; your deadlines run again from now." {
		t.Fatalf("the cancel says %q", a.Reply)
	}
	p, err := x.Store().PlayerSettings("bob")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Vacations) != 1 || !p.Vacations[0].To.Equal(hosttest.Start.Add(51*time.Hour)) {
		t.Fatalf("bob's vacations after the cancel: %+v, want the days begun, to 2026-03-04 12:00", p.Vacations)
	}
	if s := x.Do("ann: /carc status").Answer(); strings.Contains(s.Reply, "vacation") {
		t.Errorf("the status still tells of a vacation: %s", s.Reply)
	}
	// The turn began at 09:01 and its clock stopped until 12:00: it ends 2 days after 12:00.
	clockTo(t, x, "2026-03-06T11:59Z", "")
	clockTo(t, x, "2026-03-06T12:01Z", "bob")
	if got := x.Refused("bob: /player vacation cancel:true"); got != "You have no vacation to cancel." {
		t.Errorf("a second cancel says %q", got)
	}
}

// TestABookingThatCannotBeIsRefusedWithItsReason: a vacation in the past, backwards, too far
// ahead, overlapping one booked, beyond the server's yearly allowance, at a server that gives
// none, or not written as two days, is refused with what was wrong, and changes nothing.
func TestABookingThatCannotBeIsRefusedWithItsReason(t *testing.T) {
	for _, c := range []struct {
		rule, command, want string
		noDays              bool // the server gives no vacation days
	}{
		{"a vacation begins today at the earliest", "from:2026-03-01 to:2026-03-03",
			"from:2026-03-01 is in the past: a vacation begins today (2026-03-02) at the earliest.", false},
		{"its last day comes last", "from:2026-03-10 to:2026-03-05",
			"to:2026-03-05 comes before from:2026-03-10: the last day of the vacation comes last.", false},
		{"it is booked at most a year ahead", "from:2027-03-10 to:2027-03-12", "A vacation is booked at most a year ahead.", false},
		{"it does not overlap one booked", "from:2026-03-12 to:2026-03-14",
			"This overlaps your vacation 2026-03-10 to 2026-03-12: book the days around it, or cancel it first (cancel:true).", false},
		{"it fits in the server's yearly allowance", "from:2026-03-13 to:2026-04-09",
			"28 days in 2026 would make 31: this server gives 30 days a year, so 27 are left in 2026.", false},
		{"a server may give none", "from:2026-03-20 to:2026-03-21", "This server gives no vacation days.", true},
		{"its days are days", "from:tomorrow to:2026-03-05", "tomorrow is not a day: write days as 2026-12-20 (year-month-day).", false},
		{"it has both its days", "from:2026-03-20", "Give both days of the vacation, like from:2026-12-20 to:2026-12-27", false},
	} {
		t.Run(c.rule, func(t *testing.T) {
			t.Parallel()
			x := twoPlayers(t)
			x.Do("bob: /player vacation from:2026-03-10 to:2026-03-12")
			if c.noDays {
				if err := x.Store().SetGuildSettings("local", storage.GuildSettings{VacationDays: -1}); err != nil {
					t.Fatal(err)
				}
			}
			before, _ := x.Store().PlayerSettings("bob")
			if got := x.Refused("bob: /player vacation " + c.command); !strings.Contains(got, c.want) {
				t.Errorf("refused with %q, want %q", got, c.want)
			}
			after, _ := x.Store().PlayerSettings("bob")
			if len(after.Vacations) != len(before.Vacations) {
				t.Errorf("a refused booking changed bob's vacations: %+v", after.Vacations)
			}
		})
	}
}

// TestOnlyAServersManagersSetItsVacationDays: the server's yearly allowance is a setting of those
// who manage the server; a member is refused and the allowance stays.
func TestOnlyAServersManagersSetItsVacationDays(t *testing.T) {
	x := hosttest.New(t, vacation.New())
	if got := x.Refused("bob: /player settings vacation-days:5"); got != "Only members with Manage Server set the server's vacation days." {
		t.Errorf("a member setting the vacation days is told %q", got)
	}
	if g, err := x.Store().GuildSettings("local"); err != nil || g.VacationDays != 0 {
		t.Errorf("the server's vacation days: %d (%v), want the default", g.VacationDays, err)
	}
	if a := x.Do("bob: /player vacation").Answer(); !strings.Contains(a.Reply, "You have no vacation booked.\n0 days taken in 2026; this server gives 30 days a year.") {
		t.Errorf("the list of no vacation says %q", a.Reply)
	}
}

// TestAVacationsDaysAreThePlayersOwn: a vacation's days are whole days in the player's time zone
// (Asia/Taipei, UTC+8: from 16:00 UTC the day before), and a vacation across the new year counts
// each year's days against that year's allowance.
func TestAVacationsDaysAreThePlayersOwn(t *testing.T) {
	x := twoPlayers(t)
	x.Do("bob: /player settings timezone:Asia/Taipei")
	a := x.Do("bob: /player vacation from:2026-03-03 to:2026-03-05").Answer().Reply
	if !strings.Contains(a, "Vacation booked: 2026-03-03 to 2026-03-05 (3 days, from 2026-03-02 16:00 UTC to 2026-03-05 16:00 UTC).") {
		t.Errorf("the booking in Taipei says %q", a)
	}
	a = x.Do("bob: /player vacation from:2026-12-20 to:2027-01-10").Answer().Reply
	if !strings.Contains(a, "(22 days, from") || !strings.Contains(a, "15 days left in 2026 on this server.") {
		t.Errorf("the booking across the new year says %q", a)
	}
	if got := x.Refused("bob: /player vacation from:2027-01-11 to:2027-01-31"); !strings.Contains(got, "21 days in 2027 would make 31: this server gives 30 days a year, so 20 are left in 2027.") {
		t.Errorf("the next year's allowance: %q", got)
	}
}
