package leaguecmd

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// InLeague sets in.InLeague for a command at t, a game of a league in guild: whether in's user
// plays in that league (league.PlaysIn, with the game's season), the fact the table's powers need
// (commands.Office). It is read only for those who would otherwise hold them (the league's
// creator, members with Manage Server) and who do not sit at the table; a league that cannot be
// read counts as played in, so that a power is refused rather than granted on a guess.
func InLeague(s Store, guild string, t *table.Table, in commands.Input) commands.Input {
	if t == nil || t.League == nil || t.PlayedBy(in.User.ID) || in.User.ID != t.League.Creator.ID && !in.Manager {
		return in
	}
	in.InLeague = true
	all, err := s.Leagues(guild)
	if err != nil {
		return in
	}
	for _, l := range all {
		if l.ID != t.League.ID {
			continue
		}
		var season *league.Season
		switch x, err := s.Season(l.ID, t.League.Season); {
		case err == nil:
			season = &x
		case !s.NotFound(err):
			return in
		}
		in.InLeague = league.PlaysIn(&l, season, in.User.ID)
	}
	return in
}
