package discord

import (
	"slices"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestATimeBankRunsOutAndThePolicyApplies: with deadline:bank bank:1d increment:2h, a turn
// played in 3 hours leaves 21 hours plus 2; the other player's bank runs out after a day, the
// table's policy (skip) applies, and their bank is the increment alone. The banks are in the
// record: replaying it gives the same table.
func TestATimeBankRunsOutAndThePolicyApplies(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, bob, ch := openGame(h, "france", 7, fakediscord.StringArg("deadline", "bank"),
		fakediscord.StringArg("bank", "1d"), fakediscord.StringArg("increment", "2h"))
	tbl := h.table(ch.ID)
	if !slices.Equal(tbl.Banks, []time.Duration{24 * time.Hour, 24 * time.Hour}) {
		t.Fatalf("the banks at the start: %v", tbl.Banks)
	}
	start := h.posts(ch.ID)[len(h.posts(ch.ID))-1]
	if !contains(start.Content, "alice's time bank runs out "+stamp(h.clock.Now().Add(24*time.Hour), "f")) {
		t.Fatalf("the start message does not show alice's bank: %s", start.Content)
	}
	h.clock.Add(3 * time.Hour)
	playTurn(h, alice, ch)
	if got := h.table(ch.ID).Banks[0]; got != 23*time.Hour {
		t.Fatalf("alice's bank after a turn of 3 hours: %v, want 21h + 2h", got)
	}
	status := h.slash(alice, ch, "carc", fakediscord.SubCommand("status")).Content
	if !contains(status, "Time banks at the start of each one's turn: alice 23 hours, bob 1 day") ||
		!contains(status, "bob's time bank runs out "+stamp(h.clock.Now().Add(24*time.Hour), "f")) {
		t.Fatalf("/carc status: %s", status)
	}
	h.clock.Add(23 * time.Hour)
	h.b.FireTimers(h.clock.Now())
	if cur, _ := h.table(ch.ID).Current(); cur.ID != bob.ID {
		t.Fatal("bob's turn ended before his bank ran out")
	}
	h.clock.Add(time.Hour + time.Minute)
	h.b.FireTimers(h.clock.Now())
	after := h.table(ch.ID)
	if cur, _ := after.Current(); cur.ID != alice.ID || after.Missed[1] != 1 {
		t.Fatalf("the bank ran out: current %s, missed %v; want bob skipped", cur.Name, after.Missed)
	}
	if got := after.Banks[1]; got != 2*time.Hour {
		t.Fatalf("bob's bank after it ran out: %v, want the increment", got)
	}
	steps, err := h.b.Record(h.game(ch.ID).ID)
	if err != nil {
		t.Fatal(err)
	}
	var record []table.Step
	for _, s := range steps {
		record = append(record, s.Step)
	}
	replayed, err := table.Replay(record)
	if err != nil || !slices.Equal(replayed.Banks, after.Banks) {
		t.Fatalf("the record replays the banks as %v (%v), want %v", replayed.Banks, err, after.Banks)
	}
}

// TestAVacationIsSpentWhenItCounts: a time bank gains from a vacation only the time it stopped
// the clock, never the days booked ahead. Three times over, alice books 30 days from tomorrow,
// plays at once and cancels them: her bank of 3 days grows by the increment alone (on main it went
// 3 d -> 34 -> 65 -> 96). A vacation she takes counts its days; one she plays during counts the
// time it ran, not what was left of it; one she cancels on its second day counts the days begun
// and gives back the others to the year's allowance.
func TestAVacationIsSpentWhenItCounts(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	// Noon on the 1st of March: a vacation books whole days, and all of these fall in one year.
	h.advanceTo(time.Date(h.clock.Now().Year()+1, 3, 1, 12, 0, 0, 0, time.UTC))
	alice, bob, ch := openGame(h, "france", 7, fakediscord.StringArg("deadline", "bank"))
	day := func(d int) string { return h.clock.Now().UTC().AddDate(0, 0, d).Format("2006-01-02") }
	cancel := func() string {
		return h.slash(alice, ch, "player", fakediscord.SubCommand("vacation", fakediscord.BoolArg("cancel", true))).Content
	}
	bank := func() time.Duration { return h.table(ch.ID).Banks[0] }
	const d = 24 * time.Hour
	if bank() != 3*d {
		t.Fatalf("alice's bank at the start: %v", bank())
	}
	for i, want := range []time.Duration{4 * d, 5 * d, 6 * d} {
		if got := bookVacation(h, alice, ch, day(1), day(30)); !contains(got, "Vacation booked") {
			t.Fatalf("booking 30 days: %s", got)
		}
		playTurn(h, alice, ch)
		if got := cancel(); !contains(got, "Cancelled 1 vacation") {
			t.Fatalf("cancel: %s", got)
		}
		if got := bank(); got != want {
			t.Errorf("cycle %d: alice's bank is %v after a vacation booked, never begun and cancelled; want %v (the increment alone)", i+1, got, want)
		}
		playTurn(h, bob, ch)
	}
	// A vacation taken: 2 days of the 3 days that pass.
	if got := bookVacation(h, alice, ch, day(1), day(2)); !contains(got, "Vacation booked") {
		t.Fatalf("booking 2 days: %s", got)
	}
	h.clock.Add(3 * d)
	playTurn(h, alice, ch)
	if got := bank(); got != 6*d {
		t.Fatalf("after a turn of 3 days, 2 of them on vacation: %v, want 6d - 1d + 1d", got)
	}
	playTurn(h, bob, ch)
	// Played during a vacation of 20 days, on its second day: 36 hours of the vacation count.
	if got := bookVacation(h, alice, ch, day(1), day(20)); !contains(got, "Vacation booked") {
		t.Fatalf("booking 20 days: %s", got)
	}
	h.clock.Add(2 * d)
	playTurn(h, alice, ch)
	if got := bank(); got != 6*d+12*time.Hour {
		t.Fatalf("played 36 hours into a vacation, 48 hours after the turn began: %v, want 6d - 12h + 1d", got)
	}
	if got := cancel(); !contains(got, "Cancelled 1 vacation") {
		t.Fatalf("cancel: %s", got)
	}
	playTurn(h, bob, ch)
	// Cancelled on its second day (the clock ran 12 hours of a 48-hour turn): the days begun stay
	// taken, the others come back.
	if got := bookVacation(h, alice, ch, day(1), day(5)); !contains(got, "Vacation booked") {
		t.Fatalf("booking 5 days: %s", got)
	}
	h.clock.Add(2 * d)
	cancel()
	playTurn(h, alice, ch)
	if got := bank(); got != 7*d {
		t.Fatalf("a vacation cancelled on its second day: %v, want 6d12h - 12h + 1d", got)
	}
	if got := h.slash(alice, ch, "player", fakediscord.SubCommand("vacation")).Content; !contains(got, "6 days taken in") {
		t.Fatalf("/player vacation: %s", got)
	}
}
