package bot

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Vacations. A player books whole days (/carc me vacation from:2026-12-20 to:2026-12-27) in their
// time zone, within their server's yearly allowance. While a vacation runs, the clock of their turn
// stops at every table that allows vacations (the table option vacations, on unless a table or a
// league turns it off): a turn's deadline and reminders come later by the time the player's
// vacations overlapped the turn. The stored timers keep the times the turn began with; the
// stopped time is computed from the vacations when a timer comes due, so a restart, a vacation
// booked mid-turn or one cancelled early all come out right.

// DefaultVacationDays is the yearly allowance of a server that set none: 30 days, the cap that
// correspondence servers commonly give (OGS accrues vacation up to 30 days).
const DefaultVacationDays = 30

// maxVacationAhead bounds how far ahead a vacation may be booked.
const maxVacationAhead = 366 * 24 * time.Hour

// keepVacations is how long past vacations are kept: they count against the year's allowance
// and stop the clocks of turns that overlapped them.
const keepVacations = 400 * 24 * time.Hour

// vacationOption is the server option of /carc settings.
const vacationOption = "vacation-days"

// stoppedUntil is when a timer set for at, in a turn that began at turnStart, comes due once the
// time the player's vacations overlapped the turn is added: each vacation that begins before the
// (moved) time pushes it by its length within the turn.
func stoppedUntil(vs []storage.Vacation, turnStart, at time.Time) time.Time {
	for _, v := range vs {
		if !v.From.Before(at) {
			break
		}
		start := v.From
		if start.Before(turnStart) {
			start = turnStart
		}
		if v.To.After(start) {
			at = at.Add(v.To.Sub(start))
		}
	}
	return at
}

// dueAt is when a timer of the running turn really comes due: later than its time by the vacations
// of its player, at a table that allows them.
func (b *Bot) dueAt(e *gameEntry, tm storage.Timer) time.Time {
	t := e.table
	if t.Settings.NoVacations || tm.UserID == "" || tm.Kind == kindNotify {
		return tm.At
	}
	deadline := deadlineOf(e.timers)
	if deadline.IsZero() {
		return tm.At
	}
	p, err := b.store.PlayerSettings(tm.UserID)
	if err != nil || len(p.Vacations) == 0 {
		return tm.At
	}
	return stoppedUntil(p.Vacations, deadline.Add(-t.TurnTime()), tm.At)
}

// turnDeadline is when the running turn really ends (zero if it has no deadline).
func (b *Bot) turnDeadline(e *gameEntry) time.Time {
	for _, x := range e.timers {
		if x.Kind == kindDeadline {
			return b.dueAt(e, x)
		}
	}
	return time.Time{}
}

// onVacation returns the vacation of p that runs at now, if any.
func onVacation(p storage.Settings, now time.Time) (storage.Vacation, bool) {
	for _, v := range p.Vacations {
		if !now.Before(v.From) && now.Before(v.To) {
			return v, true
		}
	}
	return storage.Vacation{}, false
}

// vacationLines tell a table which of its players are on vacation or will be within a week, and
// whether their deadlines stop here. They show only dates the player chose to share by booking.
func (b *Bot) vacationLines(t *table.Table) []string {
	if t == nil || (t.Status != table.Playing && t.Status != table.Lobby) {
		return nil
	}
	now := b.now()
	var lines []string
	for _, u := range t.Seats {
		if !discordID(u.ID) {
			continue
		}
		p, err := b.store.PlayerSettings(u.ID)
		if err != nil {
			continue
		}
		for _, v := range p.Vacations {
			switch {
			case !now.Before(v.From) && now.Before(v.To):
				lines = append(lines, vacationNowText(u.Name, v, t.Settings.NoVacations))
			case v.From.After(now) && v.From.Sub(now) < 7*24*time.Hour:
				lines = append(lines, vacationSoonText(u.Name, v, t.Settings.NoVacations))
			}
		}
	}
	return lines
}

// vacation answers /carc me vacation: books a vacation, cancels the coming ones, or lists them.
func (b *Bot) vacation(guild string, in commands.Input) string {
	p, err := b.store.PlayerSettings(in.User.ID)
	if err != nil {
		b.log.Error("could not read a player's settings", "user", in.User.ID, "err", err)
		return "Your vacations could not be read: " + storage.ForPlayers(err) + "."
	}
	loc := playerZone(p)
	now := b.now()
	allowance, err := b.vacationAllowance(guild)
	if err != nil {
		return "This server's vacation allowance could not be read: " + storage.ForPlayers(err) + "."
	}
	if v, ok := in.Options["cancel"]; ok {
		if yes, err := strconv.ParseBool(v); err != nil || !yes {
			return "cancel:true cancels your vacations that have not ended; leave it out otherwise."
		}
		return b.cancelVacations(in.User.ID, p, now, loc)
	}
	from, hasFrom := in.Options["from"]
	to, hasTo := in.Options["to"]
	if !hasFrom && !hasTo {
		return vacationListText(p, now, loc, allowance, guild != "")
	}
	if guild == "" {
		return "Book a vacation in a channel of your server: its yearly allowance applies."
	}
	if !hasFrom || !hasTo {
		return "Give both days of the vacation, like from:2026-12-20 to:2026-12-27 (both included, in your time zone, " + loc.String() + ")."
	}
	start, err1 := time.ParseInLocation("2006-01-02", from, loc)
	last, err2 := time.ParseInLocation("2006-01-02", to, loc)
	if err1 != nil || err2 != nil {
		bad := from
		if err1 == nil {
			bad = to
		}
		return fmt.Sprintf("%s is not a day: write days as 2026-12-20 (year-month-day).", game.Echo(bad))
	}
	today := midnight(now, loc)
	end := last.AddDate(0, 0, 1)
	switch {
	case start.Before(today):
		return fmt.Sprintf("from:%s is in the past: a vacation begins today (%s) at the earliest.", from, today.Format("2006-01-02"))
	case last.Before(start):
		return fmt.Sprintf("to:%s comes before from:%s: the last day of the vacation comes last.", to, from)
	case end.Sub(now) > maxVacationAhead:
		return "A vacation is booked at most a year ahead."
	}
	v := storage.Vacation{From: start, To: end}
	for _, old := range p.Vacations {
		if v.From.Before(old.To) && old.From.Before(v.To) {
			return fmt.Sprintf("This overlaps your vacation %s: book the days around it, or cancel it first (cancel:true).", dayRange(old, loc))
		}
	}
	if allowance <= 0 {
		return "This server gives no vacation days."
	}
	for y := start.Year(); y <= last.Year(); y++ {
		used := daysIn(p.Vacations, y, loc)
		if want := daysIn([]storage.Vacation{v}, y, loc); used+want > allowance {
			return fmt.Sprintf("%d days in %d would make %d: this server gives %d days a year, so %d are left in %d.",
				want, y, used+want, allowance, max(0, allowance-used), y)
		}
	}
	p.Vacations = append(keptVacations(p.Vacations, now), v)
	sort.Slice(p.Vacations, func(i, j int) bool { return p.Vacations[i].From.Before(p.Vacations[j].From) })
	if err := b.store.SetPlayerSettings(in.User.ID, p); err != nil {
		b.log.Error("could not save a vacation", "user", in.User.ID, "err", err)
		return "Your vacation could not be saved: " + storage.ForPlayers(err) + "."
	}
	stops, runs := b.tablesOf(in.User.ID)
	return vacationBookedText(v, loc, allowance-daysIn(p.Vacations, start.Year(), loc), start.Year(), stops, runs)
}

// cancelVacations drops the vacations still to come and ends the running one now.
func (b *Bot) cancelVacations(userID string, p storage.Settings, now time.Time, loc *time.Location) string {
	var kept []storage.Vacation
	cancelled := 0
	for _, v := range p.Vacations {
		switch {
		case !v.To.After(now):
			kept = append(kept, v)
		case v.From.Before(now):
			// The days begun are taken; the clock runs again from now.
			kept = append(kept, storage.Vacation{From: v.From, To: now})
			cancelled++
		default:
			cancelled++
		}
	}
	if cancelled == 0 {
		return "You have no vacation to cancel."
	}
	p.Vacations = kept
	if err := b.store.SetPlayerSettings(userID, p); err != nil {
		b.log.Error("could not cancel vacations", "user", userID, "err", err)
		return "Your vacations could not be cancelled: " + storage.ForPlayers(err) + "."
	}
	return fmt.Sprintf("Cancelled %s; your deadlines run again from now.", commands.Plural(cancelled, "vacation", "vacations"))
}

// vacationAllowance is a server's yearly allowance of vacation days.
func (b *Bot) vacationAllowance(guild string) (int, error) {
	if guild == "" {
		return DefaultVacationDays, nil
	}
	g, err := b.store.GuildSettings(guild)
	if err != nil {
		return 0, err
	}
	switch {
	case g.VacationDays < 0:
		return 0, nil
	case g.VacationDays == 0:
		return DefaultVacationDays, nil
	}
	return g.VacationDays, nil
}

// setVacationDays answers /carc settings vacation-days:N, a server setting for those with Manage
// Server.
func (b *Bot) setVacationDays(guild string, in commands.Input) string {
	v := in.Options[vacationOption]
	if len(in.Options) > 1 {
		return "vacation-days is a server setting: set it on its own."
	}
	if guild == "" {
		return "vacation-days is a server's setting: set it in a channel of the server."
	}
	if !in.Manager {
		return "Only members with Manage Server set the server's vacation days."
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 || n > 366 {
		return fmt.Sprintf("vacation-days:%s: give the days of vacation each member may take a year, 0 (none) to 366.", game.Echo(v))
	}
	g, err := b.store.GuildSettings(guild)
	if err != nil {
		return "The server's settings could not be read: " + storage.ForPlayers(err) + "."
	}
	g.VacationDays = n
	if n == 0 {
		g.VacationDays = -1 // 0 stored means the default
	}
	if err := b.store.SetGuildSettings(guild, g); err != nil {
		b.log.Error("could not save a server's settings", "guild", guild, "err", err)
		return "The server's settings could not be saved: " + storage.ForPlayers(err) + "."
	}
	return fmt.Sprintf("Saved: each member may take %s of vacation a year; vacations already booked stand.", commands.Plural(n, "day", "days"))
}

// tablesOf counts the running games of a player where a vacation stops their deadlines, and those
// where it does not.
func (b *Bot) tablesOf(userID string) (stops, runs int) {
	for _, e := range b.allGames() {
		e.mu.Lock()
		if e.table.Status == table.Playing && e.table.Seat(userID) >= 0 {
			if e.table.Settings.NoVacations {
				runs++
			} else {
				stops++
			}
		}
		e.mu.Unlock()
	}
	return stops, runs
}

// allGames are the running games and lobbies.
func (b *Bot) allGames() []*gameEntry {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]*gameEntry, 0, len(b.games))
	for _, e := range b.games {
		out = append(out, e)
	}
	return out
}

// keptVacations drops the vacations that ended too long ago to matter.
func keptVacations(vs []storage.Vacation, now time.Time) []storage.Vacation {
	var out []storage.Vacation
	for _, v := range vs {
		if now.Sub(v.To) < keepVacations {
			out = append(out, v)
		}
	}
	return out
}

// daysIn counts the days of the vacations that fall in year y, in the player's time zone.
func daysIn(vs []storage.Vacation, y int, loc *time.Location) int {
	n := 0
	for _, v := range vs {
		for d := midnight(v.From, loc); d.Before(v.To); d = d.AddDate(0, 0, 1) {
			if d.Year() == y {
				n++
			}
		}
	}
	return n
}

func midnight(t time.Time, loc *time.Location) time.Time {
	l := t.In(loc)
	return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, loc)
}

func playerZone(p storage.Settings) *time.Location {
	loc, err := time.LoadLocation(orDefault(p.TimeZone, "UTC"))
	if err != nil {
		return time.UTC
	}
	return loc
}

// dayRange writes a vacation as its first and last day.
func dayRange(v storage.Vacation, loc *time.Location) string {
	last := v.To.In(loc).Add(-time.Nanosecond)
	return v.From.In(loc).Format("2006-01-02") + " to " + last.Format("2006-01-02")
}

func vacationBookedText(v storage.Vacation, loc *time.Location, left, year, stops, runs int) string {
	days := 0
	for d := v.From; d.Before(v.To); d = d.AddDate(0, 0, 1) {
		days++
	}
	text := fmt.Sprintf("Vacation booked: %s (%s, from %s to %s). %s left in %d on this server.", dayRange(v, loc),
		commands.Plural(days, "day", "days"), stamp(v.From, "f"), stamp(v.To, "f"), commands.Plural(left, "day", "days"), year)
	text += fmt.Sprintf(" Your deadlines stop in %s", commands.Plural(stops, "running game", "running games"))
	if runs > 0 {
		text += fmt.Sprintf("; %s a vacation does not stop (tournament rules)", commands.Plural(runs, "game", "games"))
	}
	return text + ", and in the games you start meanwhile that allow vacations."
}

func vacationListText(p storage.Settings, now time.Time, loc *time.Location, allowance int, inGuild bool) string {
	var lines []string
	for _, v := range p.Vacations {
		if v.To.After(now) {
			lines = append(lines, "- "+dayRange(v, loc)+" ("+stamp(v.From, "f")+" to "+stamp(v.To, "f")+")")
		}
	}
	y := now.In(loc).Year()
	used := daysIn(p.Vacations, y, loc)
	text := "You have no vacation booked."
	if len(lines) > 0 {
		text = "Your vacations:\n" + strings.Join(lines, "\n")
	}
	if inGuild {
		text += fmt.Sprintf("\n%s taken in %d; this server gives %s a year.", commands.Plural(used, "day", "days"), y, commands.Plural(allowance, "day", "days"))
	}
	return text + "\nBook one with /carc me vacation from:YYYY-MM-DD to:YYYY-MM-DD (days in your time zone, " + loc.String() + ")."
}

func vacationNowText(name string, v storage.Vacation, noVacations bool) string {
	if noVacations {
		return fmt.Sprintf("%s is on vacation until %s, but at this table deadlines run during vacations.", name, stamp(v.To, "f"))
	}
	return fmt.Sprintf("%s is on vacation until %s: their turn deadlines here wait until then.", name, stamp(v.To, "f"))
}

func vacationSoonText(name string, v storage.Vacation, noVacations bool) string {
	if noVacations {
		return fmt.Sprintf("%s will be on vacation from %s to %s (deadlines here run on).", name, stamp(v.From, "f"), stamp(v.To, "f"))
	}
	return fmt.Sprintf("%s will be on vacation from %s to %s; their deadlines here will wait.", name, stamp(v.From, "f"), stamp(v.To, "f"))
}
