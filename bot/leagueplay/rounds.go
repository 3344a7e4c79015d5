package leagueplay

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// postLeague announces a league change in its channel, the post cause names (bot.CauseOf); a
// round's start pings its players.
func (lp *Leagues) postLeague(channel, cause, text string, start *leaguecmd.RoundStart) {
	var ping []string
	if start != nil {
		for _, f := range start.Fixtures {
			ping = append(ping, start.Season.Fixtures[f].Players...)
		}
		ping = append(ping, start.Season.Rounds[start.Season.Started-1].Byes...)
		ping = lp.h.Pingable(ping)
		if link := lp.h.LeagueLink(start.League.ID); link != "" {
			text += "\n" + leagueLinkLine(lp.h.GuildPrinter(start.League.Guild), link)
		}
	}
	if _, err := lp.h.Port().Post(channel, bot.Message{Cause: cause, Text: text, Ping: ping}); err != nil {
		lp.h.Log().Warn("could not post in the league's channel", "channel", channel, "err", err)
	}
}

// openRound opens each fixture's game in a thread of its own, then records the threads in the
// season. It runs without mu, which every league command and league timer shares: opening
// a round of 500 games takes a while. The fixtures and their game ids were saved when the round
// started, so a game another caller is opening, or has opened (a restart after part of the round
// was opened), is left to it.
func (lp *Leagues) openRound(r leaguecmd.RoundStart) {
	l, s := r.League, r.Season
	threads := map[string]string{}
	for _, fi := range r.Fixtures {
		f := s.Fixtures[fi]
		if !lp.claimOpening(f.GameID) {
			continue
		}
		thread, err := lp.openSafely(l, s, f)
		if err != nil {
			lp.h.Log().Error("could not open a league game", "league", l.ID, "game", f.GameID, "err", err)
			continue
		}
		if thread != "" {
			threads[f.GameID] = thread
		}
	}
	if len(threads) > 0 {
		lp.recordThreads(l.ID, s.Number, threads)
	}
}

// openSafely opens a fixture's game (openNew) and releases its claim. A panic is logged with the
// game and its stack; a game it left open is put on hold in its thread, and a game it left
// unopened keeps its claim, so that it is not tried again before a restart. The round's other
// games open all the same.
func (lp *Leagues) openSafely(l league.League, s league.Season, f league.Fixture) (thread string, err error) {
	defer func() {
		r := recover()
		if r == nil {
			lp.releaseOpening(f.GameID)
			return
		}
		lp.h.Log().Error("panic while opening a league game", "league", l.ID, "game", f.GameID, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
		err = fmt.Errorf("the bot hit an internal error (logged with its stack)")
		if place, ok := lp.h.Hold(f.GameID, bot.HoldLeagueOpen); ok {
			lp.releaseOpening(f.GameID)
			thread, err = place, nil
		}
	}()
	return lp.openNew(l, s, f)
}

// openNew opens a fixture's game unless it exists already; the thread is "" then.
func (lp *Leagues) openNew(l league.League, s league.Season, f league.Fixture) (string, error) {
	if _, err := lp.h.Store().Game(f.GameID); err == nil {
		return "", nil
	} else if !errors.Is(err, storage.ErrNotFound) {
		return "", fmt.Errorf("look up the game: %w", err)
	}
	return lp.openFixture(l, s, f)
}

// claimOpening reserves the opening of a league game for the caller; false when another caller
// is opening it.
func (lp *Leagues) claimOpening(gameID string) bool {
	lp.openMu.Lock()
	defer lp.openMu.Unlock()
	if lp.opening[gameID] {
		return false
	}
	lp.opening[gameID] = true
	return true
}

func (lp *Leagues) releaseOpening(gameID string) {
	lp.openMu.Lock()
	delete(lp.opening, gameID)
	lp.openMu.Unlock()
}

// recordThreads saves the threads of games just opened in their season, read again under
// mu so that nothing changed meanwhile is lost.
func (lp *Leagues) recordThreads(leagueID string, season int, threads map[string]string) {
	lp.mu.Lock()
	defer lp.mu.Unlock()
	l, err := lp.h.Store().League(leagueID)
	if err != nil {
		lp.h.Log().Error("could not load a league to save its threads", "league", leagueID, "err", err)
		return
	}
	s, err := lp.h.Store().Season(leagueID, season)
	if err != nil {
		lp.h.Log().Error("could not load a season to save its threads", "league", leagueID, "err", err)
		return
	}
	for i := range s.Fixtures {
		if th, ok := threads[s.Fixtures[i].GameID]; ok {
			s.Fixtures[i].Thread = th
		}
	}
	if err := lp.h.Store().SaveLeague(l, s); err != nil {
		lp.h.Log().Error("could not save the league's threads", "league", l.ID, "err", err)
	}
}

// openFixture opens one league game: a thread, a table opened by the first player with the
// league's table options, the others seated, the game started, each step stored as a move of its
// record (so the game replays like any other), then the start announced with a ping of everyone
// seated.
func (lp *Leagues) openFixture(l league.League, s league.Season, f league.Fixture) (string, error) {
	th, err := lp.h.Port().OpenThread(l.Channel, commands.Truncate(fmt.Sprintf("%s S%d R%d T%d", l.Name, s.Number, f.Round, f.Table), 90))
	if err != nil {
		return "", fmt.Errorf("open a thread: %w", err)
	}
	user := func(id string) table.User { return table.User{ID: id, Name: s.Name(id)} }
	first := user(f.Players[0])
	newIn := commands.Input{User: first, Command: "carc", Sub: "new", Options: map[string]string{"map": l.Map},
		Table: f.GameID, Channel: th, Langs: commands.Langs{GuildLocale: lp.h.GuildLocale(l.Guild)}}
	for k, v := range l.TableOptions {
		newIn.Options[k] = v
	}
	if err := lp.h.DealInput(&newIn); err != nil {
		return "", fmt.Errorf("deal: %w", err)
	}
	// The mark makes the league's administrators, never the table's first player, its
	// administrators (table.LeagueGame).
	mark := leaguecmd.Mark(l, s)
	var others []table.User
	for _, p := range f.Players[1:] {
		others = append(others, user(p))
	}
	replies, err := commands.OpenLeagueGame(newIn, mark, others)
	if err != nil {
		return "", err
	}
	p := lp.h.GuildPrinter(l.Guild)
	intro := p.T("league_game_intro", lang.A{"League": lang.Name(l.Name), "Season": s.Number, "Round": f.Round, "Table": f.Table,
		"Players": bot.MentionLine(f.Players), "Ends": fmt.Sprintf("<t:%d:f>", s.Deadline.Unix()), "Policy": policyLine(p, l.Policy)})
	rec := storage.GameRecord{ID: f.GameID, ChannelID: l.Channel, ThreadID: th, Guild: l.Guild, League: l.ID, Season: s.Number}
	err = lp.h.OpenGame(rec, replies, bot.Message{Cause: bot.CauseOf("league-intro", f.GameID), Text: intro, Ping: lp.h.Pingable(f.Players)})
	if err != nil {
		return "", err
	}
	return th, nil
}

func policyLine(p *lang.Printer, policy league.Policy) string {
	if policy == league.PolicyForfeit {
		return p.T("league_game_policy_forfeit", nil)
	}
	return p.T("league_game_policy_score", nil)
}

// gameEnded starts the next round of the game's league when this game, whose end the host has just
// stored (OnGameEnd), was the last of its round.
func (lp *Leagues) gameEnded(id string) {
	rec, err := lp.h.Store().Game(id)
	if err != nil || rec.League == "" {
		return
	}
	defer lp.recoverLeague(rec.League, "starting its next round")
	next := func() []roundStarted {
		lp.mu.Lock()
		defer lp.mu.Unlock()
		return lp.nextRound(rec.League)
	}()
	lp.openRounds(next)
}

// roundStarted is a round started under mu, to announce and open once it is released.
type roundStarted struct {
	text  string // the announcement; none for a round opened again after a restart
	start leaguecmd.RoundStart
}

// openRounds announces and opens rounds (mu not held).
func (lp *Leagues) openRounds(rounds []roundStarted) {
	for _, r := range rounds {
		if r.text != "" {
			lp.postLeague(r.start.League.Channel, roundCause(r.start), r.text, &r.start)
		}
		lp.openRound(r.start)
	}
}

// nextRound starts the next round of a league whose round is over (mu held) and returns it
// to open.
func (lp *Leagues) nextRound(leagueID string) []roundStarted {
	l, err := lp.h.Store().League(leagueID)
	if err != nil {
		lp.h.Log().Error("could not load a league", "league", leagueID, "err", err)
		return nil
	}
	s, err := lp.h.Store().Season(leagueID, l.Season)
	if err != nil {
		return nil // the league has not started this season
	}
	c := leaguecmd.Context{Store: lp.h.LeagueStore(), Guild: l.Guild, Channel: l.Channel, Now: lp.h.Now(), GuildLocale: lp.h.GuildLocale(l.Guild),
		Local: lp.h.Local()}
	r, ok := leaguecmd.StartNextRound(c, l, s)
	if !ok {
		if l.Status == league.Running && s.Over(&l) && s.Ended.IsZero() {
			lp.postLeague(l.Channel, bot.CauseOf("season-over", l.ID, strconv.Itoa(s.Number)), leaguecmd.SeasonOverText(c, l, s), nil)
			s.Ended = lp.h.Now()
			if err := lp.h.Store().SaveLeague(l, s); err != nil {
				lp.h.Log().Error("could not save a league", "league", l.ID, "err", err)
			}
		}
		return nil
	}
	return []roundStarted{{text: r.Text, start: *r.Start}}
}

// roundCause is the cause of the post that starts a league's round.
func roundCause(r leaguecmd.RoundStart) string {
	return bot.CauseOf("round", r.League.ID, strconv.Itoa(r.Season.Number), strconv.Itoa(r.Season.Started))
}
