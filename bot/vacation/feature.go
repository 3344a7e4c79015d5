package vacation

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Vacations is the feature.
type Vacations struct {
	h *bot.Host
}

// New is the feature, for a host's Config.Features.
func New() *Vacations { return &Vacations{} }

// vacationSub is /player vacation.
var vacationSub = commands.Sub{Name: "vacation", Description: "Book days off (your deadlines stop), list them, or cancel them", Options: []commands.Option{
	commands.TextOption("from", "First day off, like 2026-12-20 (in your time zone)"),
	commands.TextOption("to", "Last day off, like 2026-12-27"),
	commands.FlagOption("cancel", "Cancel your vacations that have not ended"),
}}

// Attach adds /player vacation and the server's vacation-days setting to h, and has h stop the
// clocks of players on vacation and tell their tables.
func (va *Vacations) Attach(h *bot.Host) error {
	va.h = h
	h.AddCommand(commands.Command{Name: "player", Subs: []commands.Sub{vacationSub}}, func(req *bot.Request, in commands.Input) {
		h.Answer(req.Interaction, va.vacation(req.Guild, in))
	})
	days := commands.IntegerOption(vacationOption, "Server (Manage Server): vacation days a year for each member (default 30)", 0, 366)
	h.AddOption("player", "settings", days, func(req *bot.Request, in commands.Input) {
		h.Answer(req.Interaction, va.setVacationDays(req.Guild, in))
	})
	h.OnClockStops(va.stops)
	h.OnStatus(va.vacationLines)
	return nil
}

// stops are the vacations of user that stop clocks in guild's games (serverVacations).
func (va *Vacations) stops(guild, user string) ([]storage.Vacation, error) {
	p, err := va.h.Store().PlayerSettings(user)
	if err != nil || len(p.Vacations) == 0 {
		return nil, nil // no vacation to read: the clock runs
	}
	return va.serverVacations(guild, p)
}
