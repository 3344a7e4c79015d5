// Package leagueplay runs community leagues on the host: a feature (bot.Feature) that adds the
// league commands (/league, /season, /player rating, /carc leaderboard: commands/leaguecmd) and
// plays the seasons they start. A round's games open in threads of their own, each a game of the
// host like any other, marked as its league's; a game's end, which the host tells it
// (OnGameEnd), records its result and starts the next round when it was the last of its round;
// at each round of the timer loop (OnTick) the games still running at their round's deadline are
// adjudicated by the league's rule, a league on dates starts its next round, and a round left
// half-opened by a restart is opened. The league model itself (pairings, points, standings,
// ratings) is game/league.
package leagueplay

import (
	"sync"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Leagues is the feature.
type Leagues struct {
	h *bot.Host
	// mu serialises the league commands and the league work of the timer loop, which read a
	// league, change it and save it. A game's result needs no lock: it is written in the
	// transaction that ends the game, and saving a season keeps the results stored since it was
	// read (storage.SaveLeague). One lock for the host is plenty: league commands are rare.
	mu sync.Mutex
	// opening are the league games being opened (openRound), under openMu.
	openMu  sync.Mutex
	opening map[string]bool
}

// New is the feature, for a host's Config.Features.
func New() *Leagues { return &Leagues{opening: map[string]bool{}} }

// Attach adds the league commands to h, and the league's work at a game's end and at each round of
// the timer loop.
func (f *Leagues) Attach(h *bot.Host) error {
	f.h = h
	h.AddCommand(commands.Command{Name: "carc", Subs: leaguecmd.CarcSubs()}, f.leaderboard)
	h.AddCommand(commands.Command{Name: "player", Subs: leaguecmd.PlayerSubs()}, f.rating)
	for _, c := range leaguecmd.Surface() {
		h.AddCommand(c, f.league)
	}
	store := h.LeagueStore() // the host's for its life: made once, not at every command
	h.OnTableInput(func(guild string, t *table.Table, in commands.Input) commands.Input {
		return leaguecmd.InLeague(store, guild, t, in)
	})
	h.OnLeagueMark(f.mark)
	h.OnGameEnd(f.gameEnded)
	h.OnTick(f.fireLeagues)
	return nil
}

// mark is the mark of a league game opened before games carried it, from its record's league and
// season.
func (f *Leagues) mark(rec storage.GameRecord) (table.LeagueGame, error) {
	l, err := f.h.Store().League(rec.League)
	if err != nil {
		return table.LeagueGame{}, err
	}
	season, err := f.h.Store().Season(l.ID, rec.Season)
	if err != nil {
		return table.LeagueGame{}, err
	}
	return leaguecmd.Mark(l, season), nil
}
