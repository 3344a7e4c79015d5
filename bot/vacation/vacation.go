// Package vacation is players' vacations (/player vacation), a feature of the host (bot.Feature):
// a player books whole days in their time zone, within their server's yearly allowance
// (/player settings vacation-days, by members with Manage Server), and while a vacation runs the
// clock of their turn stops at every table that allows it (bot.Host.OnClockStops), as far as the
// table's own server allows: each server stops its clocks for the first days of a player's
// vacations each year up to its allowance, wherever they were booked (serverVacations), so that
// days booked where many are allowed never stall a server that allows few. /carc status tells a
// table which of its players are away (OnStatus). How a stopped clock moves a turn's deadline is
// the host's (bot/timers.go): days booked ahead and then cancelled, or never reached because the
// player moved first, are never banked.
package vacation

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// DefaultVacationDays is the yearly allowance of a server that set none: 30 days, the cap that
// correspondence servers commonly give (OGS accrues vacation up to 30 days).
const DefaultVacationDays = 30

// maxVacationAhead bounds how far ahead a vacation may be booked.
const maxVacationAhead = 366 * 24 * time.Hour

// keepVacations is how long past vacations are kept: they count against the year's allowance
// and stop the clocks of turns that overlapped them.
const keepVacations = 400 * 24 * time.Hour

// vacationOption is the server option of /player settings.
const vacationOption = "vacation-days"

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// serverVacations are the parts of p's vacations that stop clocks in guild's games: the first days
// of each year's vacations, in time order, up to the server's allowance.
func (va *Vacations) serverVacations(guild string, p storage.Settings) ([]storage.Vacation, error) {
	allowance, err := va.vacationAllowance(guild)
	if err != nil {
		return nil, err
	}
	return withinAllowance(p.Vacations, allowance, p.Zone()), nil
}

// withinAllowance keeps of vs (in time order) the first allowance days of each year, counted as
// daysIn counts them (a day begun is a day), and cut at the day they run out.
func withinAllowance(vs []storage.Vacation, allowance int, loc *time.Location) []storage.Vacation {
	used := map[int]int{}
	var out []storage.Vacation
	for _, v := range vs {
		for d := midnight(v.From, loc); d.Before(v.To); d = d.AddDate(0, 0, 1) {
			if used[d.Year()] >= allowance {
				continue
			}
			used[d.Year()]++
			from, to := maxTime(d, v.From), minTime(d.AddDate(0, 0, 1), v.To)
			if n := len(out); n > 0 && out[n-1].To.Equal(from) {
				out[n-1].To = to
			} else {
				out = append(out, storage.Vacation{From: from, To: to})
			}
		}
	}
	return out
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// vacationLines tell a table which of its players are on vacation or will be within a week, and
// whether their deadlines stop here. They show only dates the player chose to share by booking,
// as far as the table's server counts them (serverVacations).
func (va *Vacations) vacationLines(pr *lang.Printer, t *table.Table, guild string) []string {
	if t == nil || (t.Status != table.Playing && t.Status != table.Lobby) {
		return nil
	}
	now := va.h.Now()
	var lines []string
	for _, u := range t.Seats {
		if _, ai := table.AILevel(u); ai {
			continue
		}
		p, err := va.h.Store().PlayerSettings(u.ID)
		if err != nil {
			continue
		}
		vs, err := va.serverVacations(guild, p)
		if err != nil {
			continue
		}
		for _, v := range vs {
			switch {
			case !now.Before(v.From) && now.Before(v.To):
				lines = append(lines, vacationNowText(pr, u.Name, v, t.Settings.NoVacations))
			case v.From.After(now) && v.From.Sub(now) < 7*24*time.Hour:
				lines = append(lines, vacationSoonText(pr, u.Name, v, t.Settings.NoVacations))
			}
		}
	}
	return lines
}

// vacation answers /player vacation: books a vacation, cancels the coming ones, or lists them.
func (va *Vacations) vacation(guild string, in commands.Input) bot.Message {
	pr := bot.Reader(in)
	p, err := va.h.Store().PlayerSettings(in.User.ID)
	if err != nil {
		va.h.Log().Error("could not read a player's settings", "user", in.User.ID, "err", err)
		return bot.Refusal(pr.T("vac_unread", lang.A{"Why": bot.Problem(err)}))
	}
	loc := p.Zone()
	now := va.h.Now()
	allowance, err := va.vacationAllowance(guild)
	if err != nil {
		return bot.Refusal(pr.T("vac_allowance_unread", lang.A{"Why": bot.Problem(err)}))
	}
	if v, ok := in.Options["cancel"]; ok {
		if yes, err := strconv.ParseBool(v); err != nil || !yes {
			return bot.Refusal(pr.T("vac_bad_cancel", nil))
		}
		return va.cancelVacations(pr, in.User.ID, p, now, loc)
	}
	from, hasFrom := in.Options["from"]
	to, hasTo := in.Options["to"]
	if !hasFrom && !hasTo {
		return bot.Message{Text: vacationListText(pr, p, now, loc, allowance, guild != "")}
	}
	if guild == "" {
		return bot.Refusal(pr.T("vac_in_server", nil))
	}
	if !hasFrom || !hasTo {
		return bot.Refusal(pr.T("vac_both_days", lang.A{"Zone": loc.String()}))
	}
	start, err1 := time.ParseInLocation("2006-01-02", from, loc)
	last, err2 := time.ParseInLocation("2006-01-02", to, loc)
	if err1 != nil || err2 != nil {
		bad := from
		if err1 == nil {
			bad = to
		}
		return bot.Refusal(pr.T("vac_not_a_day", lang.A{"Value": game.Echo(bad)}))
	}
	today := midnight(now, loc)
	end := last.AddDate(0, 0, 1)
	switch {
	case start.Before(today):
		return bot.Refusal(pr.T("vac_past", lang.A{"From": from, "Today": today.Format("2006-01-02")}))
	case last.Before(start):
		return bot.Refusal(pr.T("vac_reversed", lang.A{"From": from, "To": to}))
	case end.Sub(now) > maxVacationAhead:
		return bot.Refusal(pr.T("vac_too_far", nil))
	}
	v := storage.Vacation{From: start, To: end}
	for _, old := range p.Vacations {
		if v.From.Before(old.To) && old.From.Before(v.To) {
			return bot.Refusal(pr.T("vac_overlap", lang.A{"Days": dayRange(pr, old, loc)}))
		}
	}
	if allowance <= 0 {
		return bot.Refusal(pr.T("vac_none_here", nil))
	}
	for y := start.Year(); y <= last.Year(); y++ {
		used := daysIn(p.Vacations, y, loc)
		if want := daysIn([]storage.Vacation{v}, y, loc); used+want > allowance {
			return bot.Refusal(pr.N("vac_over_allowance", want, lang.A{"Year": strconv.Itoa(y), "Total": used + want,
				"Allowance": allowance, "Left": max(0, allowance-used)}))
		}
	}
	p.Vacations = append(keptVacations(p.Vacations, now), v)
	sort.Slice(p.Vacations, func(i, j int) bool { return p.Vacations[i].From.Before(p.Vacations[j].From) })
	if err := va.h.Store().SetPlayerSettings(in.User.ID, p); err != nil {
		va.h.Log().Error("could not save a vacation", "user", in.User.ID, "err", err)
		return bot.Refusal(pr.T("vac_save_failed", lang.A{"Why": bot.Problem(err)}))
	}
	stops, runs := va.tablesOf(in.User.ID)
	return bot.Message{Text: vacationBookedText(pr, v, loc, allowance-daysIn(p.Vacations, start.Year(), loc), start.Year(), stops, runs)}
}

// cancelVacations drops the vacations still to come and ends the running one now.
func (va *Vacations) cancelVacations(pr *lang.Printer, userID string, p storage.Settings, now time.Time, loc *time.Location) bot.Message {
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
		return bot.Refusal(pr.T("vac_nothing_to_cancel", nil))
	}
	p.Vacations = kept
	if err := va.h.Store().SetPlayerSettings(userID, p); err != nil {
		va.h.Log().Error("could not cancel vacations", "user", userID, "err", err)
		return bot.Refusal(pr.T("vac_cancel_failed", lang.A{"Why": bot.Problem(err)}))
	}
	return bot.Message{Text: pr.N("vac_cancelled", cancelled, nil)}
}

// vacationAllowance is a server's yearly allowance of vacation days.
func (va *Vacations) vacationAllowance(guild string) (int, error) {
	if guild == "" {
		return DefaultVacationDays, nil
	}
	g, err := va.h.Store().GuildSettings(guild)
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

// setVacationDays answers /player settings vacation-days:N, a server setting for those with Manage
// Server.
func (va *Vacations) setVacationDays(guild string, in commands.Input) bot.Message {
	pr := bot.Reader(in)
	v := in.Options[vacationOption]
	if len(in.Options) > 1 {
		return bot.Refusal(pr.T("vacdays_alone", nil))
	}
	if guild == "" {
		return bot.Refusal(pr.T("vacdays_in_server", nil))
	}
	if !in.Manager {
		return bot.Refusal(pr.T("vacdays_managers", nil))
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 || n > 366 {
		return bot.Refusal(pr.T("vacdays_bad", lang.A{"Value": game.Echo(v)}))
	}
	g, err := va.h.Store().GuildSettings(guild)
	if err != nil {
		return bot.Refusal(pr.T("vacdays_unread", lang.A{"Why": bot.Problem(err)}))
	}
	g.VacationDays = n
	if n == 0 {
		g.VacationDays = -1 // 0 stored means the default
	}
	if err := va.h.Store().SetGuildSettings(guild, g); err != nil {
		va.h.Log().Error("could not save a server's settings", "guild", guild, "err", err)
		return bot.Refusal(pr.T("vacdays_save_failed", lang.A{"Why": bot.Problem(err)}))
	}
	return bot.Message{Text: pr.N("vacdays_saved", n, nil)}
}

// tablesOf counts the running games of a player where a vacation stops their deadlines, and those
// where it does not.
func (va *Vacations) tablesOf(userID string) (stops, runs int) {
	for _, t := range va.h.Seated(userID) {
		if t.Settings.NoVacations {
			runs++
		} else {
			stops++
		}
	}
	return stops, runs
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

// dayRange writes a vacation as its first and last day.
func dayRange(pr *lang.Printer, v storage.Vacation, loc *time.Location) string {
	last := v.To.In(loc).Add(-time.Nanosecond)
	return pr.T("vac_days", lang.A{"First": v.From.In(loc).Format("2006-01-02"), "Last": last.Format("2006-01-02")})
}

func vacationBookedText(pr *lang.Printer, v storage.Vacation, loc *time.Location, left, year, stops, runs int) string {
	days := 0
	for d := v.From; d.Before(v.To); d = d.AddDate(0, 0, 1) {
		days++
	}
	text := pr.T("vac_booked", lang.A{"Days": dayRange(pr, v, loc), "Length": pr.N("n_days_count", days, nil),
		"From": bot.Stamp(v.From, "f"), "To": bot.Stamp(v.To, "f"), "Left": pr.N("n_days_count", left, nil), "Year": strconv.Itoa(year)})
	if runs > 0 {
		text += " " + pr.N("vac_stops_runs", stops, lang.A{"Runs": pr.N("n_games_count", runs, nil)})
	} else {
		text += " " + pr.N("vac_stops", stops, nil)
	}
	return text + " " + pr.T("vac_each_server", nil)
}

func vacationListText(pr *lang.Printer, p storage.Settings, now time.Time, loc *time.Location, allowance int, inGuild bool) string {
	var lines []string
	for _, v := range p.Vacations {
		if v.To.After(now) {
			lines = append(lines, "- "+pr.T("vac_line", lang.A{"Days": dayRange(pr, v, loc), "From": bot.Stamp(v.From, "f"), "To": bot.Stamp(v.To, "f")}))
		}
	}
	y := now.In(loc).Year()
	used := daysIn(p.Vacations, y, loc)
	text := pr.T("vac_none_booked", nil)
	if len(lines) > 0 {
		text = pr.T("vac_list_head", nil) + "\n" + strings.Join(lines, "\n")
	}
	if inGuild {
		text += "\n" + pr.T("vac_taken", lang.A{"Used": pr.N("n_days_count", used, nil), "Year": strconv.Itoa(y),
			"Allowance": pr.N("n_days_count", allowance, nil)})
	}
	return text + "\n" + pr.T("vac_how", lang.A{"Zone": loc.String()})
}

func vacationNowText(pr *lang.Printer, name string, v storage.Vacation, noVacations bool) string {
	a := lang.A{"Player": lang.Name(name), "To": bot.Stamp(v.To, "f")}
	if noVacations {
		return pr.T("vac_now_runs", a)
	}
	return pr.T("vac_now_waits", a)
}

func vacationSoonText(pr *lang.Printer, name string, v storage.Vacation, noVacations bool) string {
	a := lang.A{"Player": lang.Name(name), "From": bot.Stamp(v.From, "f"), "To": bot.Stamp(v.To, "f")}
	if noVacations {
		return pr.T("vac_soon_runs", a)
	}
	return pr.T("vac_soon_waits", a)
}
