package leagueplay

import (
	"fmt"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// fireLeagues is the league part of the timer loop: games still running at their round's
// deadline are adjudicated by the league's policy and the next round starts (on its date, for a
// league on dates), and a round left half-opened by a restart is opened. The dates are the
// seasons' deadlines in the store, so they hold across restarts. Paused and ended leagues wait.
// The games are opened once mu is released.
func (lp *Leagues) fireLeagues(now time.Time) int {
	n, open := lp.leagueDeadlines(now)
	lp.openRounds(open)
	return n
}

// leagueDeadlines is fireLeagues' work under mu: it adjudicates, starts the rounds due and
// returns the rounds to open.
func (lp *Leagues) leagueDeadlines(now time.Time) (int, []roundStarted) {
	lp.mu.Lock()
	defer lp.mu.Unlock()
	ls, err := lp.h.Store().Leagues("")
	if err != nil {
		lp.h.Log().Error("could not read the leagues", "err", err)
		return 0, nil
	}
	n := 0
	var open []roundStarted
	for _, l := range ls {
		if l.Status != league.Running {
			continue
		}
		adjudicated, started := lp.leagueDeadline(l, now)
		n += adjudicated
		open = append(open, started...)
	}
	return n, open
}

// leagueDeadline is leagueDeadlines' work on one running league (mu held). A panic pauses
// the league: the next tick would only run into it again.
func (lp *Leagues) leagueDeadline(l league.League, now time.Time) (n int, open []roundStarted) {
	defer func() {
		if r := recover(); r != nil {
			lp.h.Log().Error("panic in a league's round work", "league", l.ID, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			lp.pauseLeague(l.ID, "running its rounds")
			n, open = 0, nil
		}
	}()
	s, err := lp.h.Store().Season(l.ID, l.Season)
	if err != nil || s.Started == 0 {
		return 0, nil
	}
	var current, missing []int
	for fi, f := range s.Fixtures {
		if f.Round == s.Started {
			current = append(current, fi)
			if !f.Done() && !lp.h.Running(f.GameID) {
				missing = append(missing, fi) // opened if it never was (openRound)
			}
		}
	}
	if len(missing) > 0 {
		open = append(open, roundStarted{start: leaguecmd.RoundStart{League: l, Season: s, Fixtures: missing}})
	}
	if now.Before(s.Deadline) {
		return 0, open
	}
	for _, fi := range current {
		if f := s.Fixtures[fi]; !f.Done() && lp.h.Adjudicate(f.GameID, l.Policy, l.Guild) {
			n++
		}
	}
	// A round over before its date waits for it in a league on dates; a round whose last game
	// ended while the bot was down starts here too.
	return n, append(open, lp.nextRound(l.ID)...)
}

// recoverLeague recovers from a panic in the bot's work on a league outside mu (deferred):
// logged with its stack, the league is paused.
func (lp *Leagues) recoverLeague(leagueID, what string) {
	r := recover()
	if r == nil {
		return
	}
	lp.h.Log().Error("panic in a league's round work", "league", leagueID, "work", what, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
	lp.mu.Lock()
	defer lp.mu.Unlock()
	lp.pauseLeague(leagueID, what)
}

// pauseLeague pauses a league whose round work failed (mu held) and tells its channel: no
// round starts and no deadline is adjudicated until an administrator's /season resume, so a
// failure that would repeat does not repeat at every tick or start.
func (lp *Leagues) pauseLeague(leagueID, what string) {
	l, err := lp.h.Store().League(leagueID)
	if err != nil {
		lp.h.Log().Error("could not load a league to pause it", "league", leagueID, "err", err)
		return
	}
	if l.Status == league.Running {
		l.Status = league.Paused
		if err := lp.h.Store().SaveLeague(l); err != nil {
			lp.h.Log().Error("could not pause a league", "league", leagueID, "err", err)
		}
	}
	// A league may be paused again after it was resumed: the moment tells the pauses apart.
	cause := bot.CauseOf("league-paused", l.ID, strconv.FormatInt(lp.h.Now().UnixNano(), 10))
	lp.postLeague(l.Channel, cause, lp.h.GuildPrinter(l.Guild).T("league_paused_by_error", lang.A{"League": lang.Name(l.Name)}), nil)
}
