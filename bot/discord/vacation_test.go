package discord

import (
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// bookVacation sends /player vacation from:FROM to:TO and returns the answer.
func bookVacation(h *harness, u *fakediscord.User, ch *fakediscord.Channel, from, to string) string {
	h.t.Helper()
	return h.slash(u, ch, "player", fakediscord.SubCommand("vacation",
		fakediscord.StringArg("from", from), fakediscord.StringArg("to", to))).Content
}

// advanceTo moves the test clock to at.
func (h *harness) advanceTo(at time.Time) { h.clock.Add(at.Sub(h.clock.Now())) }

// TestAVacationStopsTheClockAcrossARestart: bob books a vacation during his turn; his opponent
// sees it in /carc status; the deadline does not pass during the vacation, nor after a restart of
// the bot, and applies once the turn's whole time has run after the vacation.
func TestAVacationStopsTheClockAcrossARestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	// A vacation is booked in whole days: the turn starts at noon, so that 49 hours later still
	// falls within its third day, whatever the hour the test runs at.
	h.advanceTo(midnight(h.clock.Now(), time.UTC).Add(36 * time.Hour))
	alice, bob, ch := openGame(h, "france", 5)
	chooseNotify(h, bob, ch, "dm")
	playTurn(h, alice, ch)
	turnStart := h.clock.Now()
	day := turnStart.UTC().Format("2006-01-02")
	last := turnStart.UTC().AddDate(0, 0, 2).Format("2006-01-02")
	if got := bookVacation(h, bob, ch, day, last); !contains(got, "Vacation booked: "+day+" to "+last+" (3 days") ||
		!contains(got, "27 days left") || !contains(got, "Your deadlines stop in 1 running game") {
		t.Fatalf("booking the vacation: %s", got)
	}
	end := midnight(turnStart, time.UTC).AddDate(0, 0, 3)
	if got := h.slash(alice, ch, "carc", fakediscord.SubCommand("status")).Content; !contains(got, "bob is on vacation until "+stamp(end, "f")) {
		t.Fatalf("/carc status does not show bob's vacation: %s", got)
	}
	h.clock.Add(49 * time.Hour) // past the turn's 48 hours, within the vacation
	h.b.FireTimers(h.clock.Now())
	if cur, _ := h.table(ch.ID).Current(); cur.ID != bob.ID {
		t.Fatal("the deadline applied during the vacation")
	}
	if n := len(dms(h, bob)); n != 1 {
		t.Fatalf("%d DMs during the vacation, want only the check of notify:dm: the turn waits for his return", n)
	}
	h.stop()
	h.start()
	h.advanceTo(end.Add(47 * time.Hour))
	h.b.FireTimers(h.clock.Now())
	if cur, _ := h.table(ch.ID).Current(); cur.ID != bob.ID {
		t.Fatal("after the restart, the deadline applied before the turn's time had run after the vacation")
	}
	told := false
	for _, m := range dms(h, bob) {
		told = told || contains(m.Content, "Your turn in France") && contains(m.Content, stamp(end.Add(48*time.Hour), "f"))
	}
	if !told || len(dms(h, bob)) != 2 {
		t.Fatalf("after the vacation: %d DMs, want the check and the turn DM naming the moved deadline (the reminders due at once make one, the last, in the channel)", len(dms(h, bob)))
	}
	h.advanceTo(end.Add(48*time.Hour + time.Minute))
	h.b.FireTimers(h.clock.Now())
	if cur, _ := h.table(ch.ID).Current(); cur.ID != alice.ID {
		t.Fatal("the deadline did not apply once the turn's time had run after the vacation")
	}
}

// TestATableWithoutVacationsKeepsItsDeadlines: at a table opened with vacations:false (a
// tournament's rule) the deadline passes during a player's vacation, and /carc status says so.
func TestATableWithoutVacationsKeepsItsDeadlines(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, bob, ch := openGame(h, "france", 6, fakediscord.BoolArg("vacations", false))
	playTurn(h, alice, ch)
	now := h.clock.Now().UTC()
	if got := bookVacation(h, bob, ch, now.Format("2006-01-02"), now.AddDate(0, 0, 4).Format("2006-01-02")); !contains(got, "1 game a vacation does not stop") {
		t.Fatalf("booking the vacation: %s", got)
	}
	if got := h.slash(alice, ch, "carc", fakediscord.SubCommand("status")).Content; !contains(got, "deadlines run during vacations") {
		t.Fatalf("/carc status: %s", got)
	}
	h.clock.Add(49 * time.Hour)
	h.b.FireTimers(h.clock.Now())
	if cur, _ := h.table(ch.ID).Current(); cur.ID != alice.ID {
		t.Fatal("the deadline waited for a vacation at a table that allows none")
	}
}

// TestVacationDaysAreCountedAgainstTheServersAllowance: the server's allowance (set by a member
// with Manage Server) caps the days of a year; bad days and overlaps are refused and change
// nothing.
func TestVacationDaysAreCountedAgainstTheServersAllowance(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	admin := h.f.AddUserWithPermissions("admin", fakediscord.DefaultMemberPermissions|(1<<5)) // Manage Server
	ann := h.f.AddUser("ann")
	ch := h.f.General
	set := func(u *fakediscord.User, n int64) string {
		return h.slash(u, ch, "player", fakediscord.SubCommand("settings", fakediscord.IntArg("vacation-days", n))).Content
	}
	if got := set(ann, 3); !contains(got, "Only members with Manage Server") {
		t.Fatalf("a member set the allowance: %s", got)
	}
	if got := set(admin, 5); !contains(got, "5 days of vacation a year") {
		t.Fatalf("the admin's allowance: %s", got)
	}
	// Days in the middle of next year, so that the test never straddles a new year.
	y := h.clock.Now().UTC().Year() + 1
	d := func(m time.Month, day int) string {
		return time.Date(y, m, day, 0, 0, 0, 0, time.UTC).Format("2006-01-02")
	}
	for _, c := range []struct{ from, to, want string }{
		{d(6, 1), d(6, 3), "Vacation booked"},
		{d(6, 3), d(6, 4), "overlaps your vacation"},
		{d(7, 1), d(7, 3), "this server gives 5 days a year, so 2 are left"},
		{d(7, 3), d(7, 1), "comes before"},
		{"2020-01-01", "2020-01-02", "in the past"},
		{"tomorrow", d(7, 1), "is not a day"},
		{d(7, 1), d(7, 2), "Vacation booked"},
	} {
		if got := bookVacation(h, ann, ch, c.from, c.to); !contains(got, c.want) {
			t.Errorf("from:%s to:%s: %s, want %q", c.from, c.to, got, c.want)
		}
	}
	p, err := h.store.PlayerSettings(ann.ID)
	if err != nil || len(p.Vacations) != 2 || vacationDays(p.Vacations) != 5 {
		t.Fatalf("ann's vacations: %+v %v", p.Vacations, err)
	}
	cancel := h.slash(ann, ch, "player", fakediscord.SubCommand("vacation", fakediscord.BoolArg("cancel", true))).Content
	if !contains(cancel, "Cancelled 2 vacations") {
		t.Fatalf("cancel: %s", cancel)
	}
}

// TestAServerStopsItsClocksOnlyWithinItsAllowance: bob books 301 days of vacation in a server that
// allows 366 a year; in a server that allows 1, his game's clock stops for that one day only, and
// its deadline passes two days later; in the server of the booking, his game waits. Each table's
// /carc status shows the vacation as its own server counts it.
func TestAServerStopsItsClocksOnlyWithinItsAllowance(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	h.advanceTo(time.Date(h.clock.Now().Year()+1, 3, 1, 12, 0, 0, 0, time.UTC)) // the 301 days fall in one year
	admin := h.f.AddUserWithPermissions("admin", fakediscord.DefaultMemberPermissions|discordgo.PermissionManageGuild)
	alice, bob := h.f.AddUser("alice"), h.f.AddUser("bob")
	home, small := h.f.General, h.f.AddGuild("small").General
	for _, c := range []struct {
		ch   *fakediscord.Channel
		days int64
	}{{home, 366}, {small, 1}} {
		if got := h.slash(admin, c.ch, "player", fakediscord.SubCommand("settings", fakediscord.IntArg("vacation-days", c.days))).Content; !contains(got, "Saved: each member may take") {
			t.Fatalf("vacation-days:%d: %s", c.days, got)
		}
	}
	for _, ch := range []*fakediscord.Channel{home, small} {
		if m := h.slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france"))); !contains(m.Content, "Game opened") {
			t.Fatalf("/carc new: %s", m.Content)
		}
		h.slash(bob, ch, "carc", fakediscord.SubCommand("join"))
		h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))
		playTurn(h, alice, ch)
	}
	day := func(d int) string { return h.clock.Now().UTC().AddDate(0, 0, d).Format("2006-01-02") }
	got := bookVacation(h, bob, home, day(1), day(301))
	if !contains(got, "Vacation booked") {
		t.Fatalf("booking 301 days: %s", got)
	}
	if !contains(got, "a server that allows fewer stops them for its days only") {
		t.Errorf("the booking does not say that other servers count their own allowance: %s", got)
	}
	tomorrow := midnight(h.clock.Now(), time.UTC).AddDate(0, 0, 1)
	for ch, until := range map[*fakediscord.Channel]time.Time{home: tomorrow.AddDate(0, 0, 301), small: tomorrow.AddDate(0, 0, 1)} {
		if got := h.slash(alice, ch, "carc", fakediscord.SubCommand("status")).Content; !contains(got, "bob will be on vacation from "+stamp(tomorrow, "f")+" to "+stamp(until, "f")) {
			t.Errorf("/carc status in %s: %s", ch.Name, got)
		}
	}
	h.clock.Add(72*time.Hour - time.Minute) // the turn's 48 hours and the 1 day the small server allows
	h.b.FireTimers(h.clock.Now())
	if cur, _ := h.table(small.ID).Current(); cur.ID != bob.ID {
		t.Fatal("the deadline passed within the small server's allowance")
	}
	h.clock.Add(2 * time.Minute)
	h.b.FireTimers(h.clock.Now())
	if cur, _ := h.table(small.ID).Current(); cur.ID != alice.ID {
		t.Fatal("301 days booked elsewhere stall a server that allows 1 a year")
	}
	if cur, _ := h.table(home.ID).Current(); cur.ID != bob.ID {
		t.Fatal("the vacation did not stop the clock in the server it was booked in")
	}
}

// midnight is the start of t's day in loc.
func midnight(t time.Time, loc *time.Location) time.Time {
	l := t.In(loc)
	return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, loc)
}

// vacationDays counts the days vacations take, each begun day a day (in UTC).
func vacationDays(vs []storage.Vacation) int {
	n := 0
	for _, v := range vs {
		for d := midnight(v.From, time.UTC); d.Before(v.To); d = d.AddDate(0, 0, 1) {
			n++
		}
	}
	return n
}
