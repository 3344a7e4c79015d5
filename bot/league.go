package bot

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// leagueMu serialises the league commands and the league work of the timer loop, which read a
// league, change it and save it. A game's result needs no lock: it is written in the
// transaction that ends the game, and saving a season keeps the results stored since it was read
// (storage.SaveLeague). One lock for the process is plenty: league commands are rare.
var leagueMu sync.Mutex

// leagueCommand answers /league, /season, /player rating and /carc leaderboard.
func (b *Host) leagueCommand(req *Request, in commands.Input) {
	switch {
	case in.Command == "player" && in.Sub == "rating":
		b.answerText(req.Interaction, leaguecmd.RatingText(b.commandStore(), req.Guild, in.User, in))
	case in.Command == "carc" && in.Sub == "leaderboard":
		b.answerText(req.Interaction, leaguecmd.LeaderboardText(b.commandStore(), req.Guild, in.User, in))
	default:
		b.league(req, in)
	}
}

func (b *Host) league(req *Request, in commands.Input) {
	c := leaguecmd.Context{Store: b.commandStore(), Guild: req.Guild, Channel: req.Place, Now: b.now(), Manager: req.Manager, NewID: "L" + req.ID,
		GuildLocale: b.guildLocale(req.Guild)}
	// A season is scheduled before the lock is taken: the lock is every league's, and a
	// round-robin of a thousand members is the slowest part of any league command.
	c.Prepared = leaguecmd.PrepareStart(c, in)
	r := func() leaguecmd.Reply {
		leagueMu.Lock()
		defer leagueMu.Unlock()
		return leaguecmd.Handle(c, in)
	}()
	if r.OK && r.League != "" {
		if link := b.leagueLink(r.League); link != "" {
			r.Text += "\n" + leagueLinkLine(reader(in), link)
		}
	}
	if !r.OK || !r.Public {
		file := r.File
		if r.Standings != nil {
			file = b.standingsFile(r.Standings, commands.OwnWords(in))
		}
		b.answer(req.Interaction, Message{Text: r.Text, Files: docFile(file)})
		return
	}
	l := r.Start
	channel := req.Place
	if l != nil {
		channel = l.League.Channel
	}
	b.postLeague(channel, causeOf("league", req.ID), r.Text, l)
	if l != nil {
		b.openRound(*l)
	}
	b.answerText(req.Interaction, reader(in).T("league_done", nil))
}

// leagueLinkLine links to a league's page (in angle brackets: Discord shows no preview).
func leagueLinkLine(p *lang.Printer, link string) string {
	return p.T("league_link", lang.A{"Link": link})
}

// leaguePrinter is the printer of what a league's channel reads: its server's language.
func (b *Host) leaguePrinter(guild string) *lang.Printer {
	return lang.For(lang.Public("", b.guildLocale(guild)))
}

// postLeague announces a league change in its channel, the post cause names (nonce.go); a round's
// start pings its players.
func (b *Host) postLeague(channel, cause, text string, start *leaguecmd.RoundStart) {
	var ping []string
	if start != nil {
		for _, f := range start.Fixtures {
			ping = append(ping, start.Season.Fixtures[f].Players...)
		}
		ping = append(ping, start.Season.Rounds[start.Season.Started-1].Byes...)
		ping = b.pingable(ping)
		if link := b.leagueLink(start.League.ID); link != "" {
			text += "\n" + leagueLinkLine(b.leaguePrinter(start.League.Guild), link)
		}
	}
	if _, err := b.port.Post(channel, Message{Cause: cause, Text: text, Ping: ping}); err != nil {
		b.log.Warn("could not post in the league's channel", "channel", channel, "err", err)
	}
}

// openRound opens each fixture's game in a thread of its own, then records the threads in the
// season. It runs without leagueMu, which every league command and league timer shares: opening
// a round of 500 games takes a while. The fixtures and their game ids were saved when the round
// started, so a game another caller is opening, or has opened (a restart after part of the round
// was opened), is left to it.
func (b *Host) openRound(r leaguecmd.RoundStart) {
	l, s := r.League, r.Season
	threads := map[string]string{}
	for _, fi := range r.Fixtures {
		f := s.Fixtures[fi]
		if !b.claimOpening(f.GameID) {
			continue
		}
		thread, err := b.openSafely(l, s, f)
		if err != nil {
			b.log.Error("could not open a league game", "league", l.ID, "game", f.GameID, "err", err)
			continue
		}
		if thread != "" {
			threads[f.GameID] = thread
		}
	}
	if len(threads) > 0 {
		b.recordThreads(l.ID, s.Number, threads)
	}
}

// openSafely opens a fixture's game (openNew) and releases its claim. A panic is logged with the
// game and its stack; a game it left open is put on hold in its thread, and a game it left
// unopened keeps its claim, so that it is not tried again before a restart. The round's other
// games open all the same.
func (b *Host) openSafely(l league.League, s league.Season, f league.Fixture) (thread string, err error) {
	defer func() {
		r := recover()
		if r == nil {
			b.releaseOpening(f.GameID)
			return
		}
		b.log.Error("panic while opening a league game", "league", l.ID, "game", f.GameID, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
		err = fmt.Errorf("the bot hit an internal error (logged with its stack)")
		if e := b.running(f.GameID); e != nil {
			b.releaseOpening(f.GameID)
			thread, err = e.place, nil
			if b.lock(e) {
				b.hold(e, holdLeagueOpen)
				b.release(e)
			}
		}
	}()
	return b.openNew(l, s, f)
}

// openNew opens a fixture's game unless it exists already; the thread is "" then.
func (b *Host) openNew(l league.League, s league.Season, f league.Fixture) (string, error) {
	if _, err := b.store.Game(f.GameID); err == nil {
		return "", nil
	} else if !errors.Is(err, storage.ErrNotFound) {
		return "", fmt.Errorf("look up the game: %w", err)
	}
	return b.openFixture(l, s, f)
}

// claimOpening reserves the opening of a league game for the caller; false when another caller
// is opening it.
func (b *Host) claimOpening(gameID string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.opening[gameID] {
		return false
	}
	b.opening[gameID] = true
	return true
}

func (b *Host) releaseOpening(gameID string) {
	b.mu.Lock()
	delete(b.opening, gameID)
	b.mu.Unlock()
}

// recordThreads saves the threads of games just opened in their season, read again under
// leagueMu so that nothing changed meanwhile is lost.
func (b *Host) recordThreads(leagueID string, season int, threads map[string]string) {
	leagueMu.Lock()
	defer leagueMu.Unlock()
	l, err := b.store.League(leagueID)
	if err != nil {
		b.log.Error("could not load a league to save its threads", "league", leagueID, "err", err)
		return
	}
	s, err := b.store.Season(leagueID, season)
	if err != nil {
		b.log.Error("could not load a season to save its threads", "league", leagueID, "err", err)
		return
	}
	for i := range s.Fixtures {
		if th, ok := threads[s.Fixtures[i].GameID]; ok {
			s.Fixtures[i].Thread = th
		}
	}
	if err := b.store.SaveLeague(l, s); err != nil {
		b.log.Error("could not save the league's threads", "league", l.ID, "err", err)
	}
}

// openFixture opens one league game: a thread, a table opened by the first player with the
// league's table options, the others seated, the game started, each step stored as a move of its
// record (so the game replays like any other), then the start announced with a ping of everyone
// seated.
func (b *Host) openFixture(l league.League, s league.Season, f league.Fixture) (string, error) {
	th, err := b.port.OpenThread(l.Channel, commands.Truncate(fmt.Sprintf("%s S%d R%d T%d", l.Name, s.Number, f.Round, f.Table), 90))
	if err != nil {
		return "", fmt.Errorf("open a thread: %w", err)
	}
	key, err := b.cfg.Deal()
	if err != nil {
		return "", fmt.Errorf("deal: %w", err)
	}
	user := func(id string) table.User { return table.User{ID: id, Name: s.Name(id)} }
	first := user(f.Players[0])
	newIn := commands.Input{User: first, Command: "carc", Sub: "new", Options: map[string]string{"map": l.Map},
		Secret: key, Table: f.GameID, Channel: th, Langs: commands.Langs{GuildLocale: b.guildLocale(l.Guild)}}
	for k, v := range l.TableOptions {
		newIn.Options[k] = v
	}
	// The mark makes the league's administrators, never the table's first player, its
	// administrators (table.LeagueGame).
	mark := leagueMark(l, s)
	var others []table.User
	for _, p := range f.Players[1:] {
		others = append(others, user(p))
	}
	replies, err := commands.OpenLeagueGame(newIn, mark, others)
	if err != nil {
		return "", err
	}
	e := &gameEntry{id: f.GameID, place: th, guild: l.Guild, league: true}
	for n, reply := range replies {
		if n == 0 {
			enc, err := encode(reply.Table, *reply.Step)
			if err != nil {
				return "", err
			}
			rec := storage.GameRecord{ID: f.GameID, ChannelID: l.Channel, ThreadID: th, Guild: l.Guild, League: l.ID, Season: s.Number,
				Setup: enc.step, Players: seatIDs(reply.Table), Status: storage.StatusLobby, Created: b.now()}
			if err := b.store.CreateGame(rec, enc.snap, enc.hash); err != nil {
				return "", err
			}
			e.table = reply.Table
			continue
		}
		if err := b.commit(e, reply, "bot", fmt.Sprintf("league:%s:%d", f.GameID, n), nil); err != nil {
			return "", err
		}
	}
	reply := replies[len(replies)-1]
	e.mu.Lock()
	defer b.release(e)
	b.remember(e)
	p := b.leaguePrinter(l.Guild)
	intro := p.T("league_game_intro", lang.A{"League": lang.Name(l.Name), "Season": s.Number, "Round": f.Round, "Table": f.Table,
		"Players": mentionLine(f.Players), "Ends": fmt.Sprintf("<t:%d:f>", s.Deadline.Unix()), "Policy": policyLine(p, l.Policy)})
	b.sayAsync(e, th, "the introduction of a league game", Message{Cause: causeOf("league-intro", f.GameID), Text: intro, Ping: b.pingable(f.Players)})
	b.post(e, reply) // done once the lock is released; a failure is kept for /carc status
	return th, nil
}

// leagueMark is what a league's game records of its league (table.LeagueGame). The creator is
// named as a member when they are one, else by a mention (shown as their name, never a ping).
func leagueMark(l league.League, s league.Season) table.LeagueGame {
	name := "<@" + l.Creator + ">"
	if i := l.Member(l.Creator); i >= 0 {
		name = l.Members[i].Name
	} else if n := s.Name(l.Creator); n != l.Creator {
		name = n
	}
	return table.LeagueGame{ID: l.ID, Name: l.Name, Season: s.Number, Creator: table.User{ID: l.Creator, Name: name}, Policy: l.Policy}
}

// markLeagueGame records the league's mark in a league game opened before games carried it, so
// that its players lose the powers the table's creator had over it. The game's timers stay.
func (b *Host) markLeagueGame(e *gameEntry, rec storage.GameRecord) {
	l, err := b.store.League(rec.League)
	if err != nil {
		b.log.Error("could not read the league of a game", "game", e.id, "league", rec.League, "err", err)
		return
	}
	s, err := b.store.Season(l.ID, rec.Season)
	if err != nil {
		b.log.Error("could not read the season of a game", "game", e.id, "league", rec.League, "err", err)
		return
	}
	reply := commands.MarkLeague(e.table, leagueMark(l, s))
	if !reply.OK {
		b.log.Error("could not mark a league game", "game", e.id, "reply", reply.Text)
		return
	}
	enc, err := encode(reply.Table, *reply.Step)
	applied := false
	mark := storage.Move{Actor: "bot", Data: enc.step, Time: b.now(), InteractionID: "league-mark:" + e.id}
	if err == nil {
		applied, err = b.store.AppendMove(storage.Commit{GameID: e.id, ExpectSeq: e.seq, Snapshot: enc.snap, Hash: enc.hash, Timers: e.timers,
			Move: mark})
	}
	if err == nil && !applied {
		err = errAlreadyApplied
	}
	if err != nil {
		b.log.Error("could not store the mark of a league game", "game", e.id, "err", err)
		return
	}
	e.table, e.seq = reply.Table, e.seq+1
	e.madeLast(mark, e.seq)
}

func policyLine(p *lang.Printer, policy league.Policy) string {
	if policy == league.PolicyForfeit {
		return p.T("league_game_policy_forfeit", nil)
	}
	return p.T("league_game_policy_score", nil)
}

// gameResult is what a game's end changes beyond the game (storage.Result, from its outcome:
// commands.OutcomeOf), or nil for a game played outside a server. Abandoned friendly games, games
// from a chosen seed or with AI seats, games of fewer than two players and tables opened with
// rated:false are not rated (Table.Unrated); players who resigned or were removed are rated last,
// also when an AI played their seat on; a league's game stopped before its end is adjudicated by
// its league's rule.
func (b *Host) gameResult(id string, t *table.Table) *league.GameResult {
	rec, err := b.store.Game(id)
	if err != nil || rec.Guild == "" || t.Game == nil {
		return nil
	}
	o, err := commands.OutcomeOf(t)
	if err != nil {
		b.log.Error("could not adjudicate a league game", "game", id, "err", err)
		return nil
	}
	return &league.GameResult{Guild: rec.Guild, Map: o.Map, GameID: id, Players: o.Players, Scores: o.Scores, Places: o.Places,
		Unrated: o.Unrated, League: rec.League, Season: rec.Season, Adjudicated: o.Adjudicated, At: b.now()}
}

// placed ranks the stored standings by the places of a game's result.
func placed(t *table.Table, st []storage.Standing, places []int) {
	for i := range st {
		st[i].Rank = places[t.Seat(st[i].UserID)]
	}
}

// leagueGameEnded starts the next round of the game's league when this game was the last of its
// round. Called after the game's end is stored.
func (b *Host) leagueGameEnded(id string) {
	rec, err := b.store.Game(id)
	if err != nil || rec.League == "" {
		return
	}
	defer b.recoverLeague(rec.League, "starting its next round")
	next := func() []roundStarted {
		leagueMu.Lock()
		defer leagueMu.Unlock()
		return b.nextRound(rec.League)
	}()
	b.openRounds(next)
}

// roundStarted is a round started under leagueMu, to announce and open once it is released.
type roundStarted struct {
	text  string // the announcement; none for a round opened again after a restart
	start leaguecmd.RoundStart
}

// openRounds announces and opens rounds (leagueMu not held).
func (b *Host) openRounds(rounds []roundStarted) {
	for _, r := range rounds {
		if r.text != "" {
			b.postLeague(r.start.League.Channel, roundCause(r.start), r.text, &r.start)
		}
		b.openRound(r.start)
	}
}

// nextRound starts the next round of a league whose round is over (leagueMu held) and returns it
// to open.
func (b *Host) nextRound(leagueID string) []roundStarted {
	l, err := b.store.League(leagueID)
	if err != nil {
		b.log.Error("could not load a league", "league", leagueID, "err", err)
		return nil
	}
	s, err := b.store.Season(leagueID, l.Season)
	if err != nil {
		return nil // the league has not started this season
	}
	c := leaguecmd.Context{Store: b.commandStore(), Guild: l.Guild, Channel: l.Channel, Now: b.now(), GuildLocale: b.guildLocale(l.Guild)}
	r, ok := leaguecmd.StartNextRound(c, l, s)
	if !ok {
		if l.Status == league.Running && s.Over(&l) && s.Ended.IsZero() {
			b.postLeague(l.Channel, causeOf("season-over", l.ID, strconv.Itoa(s.Number)), leaguecmd.SeasonOverText(c, l, s), nil)
			s.Ended = b.now()
			if err := b.store.SaveLeague(l, s); err != nil {
				b.log.Error("could not save a league", "league", l.ID, "err", err)
			}
		}
		return nil
	}
	return []roundStarted{{text: r.Text, start: *r.Start}}
}

// fireLeagues is the league part of the timer loop: games still running at their round's
// deadline are adjudicated by the league's policy and the next round starts (on its date, for a
// league on dates), and a round left half-opened by a restart is opened. The dates are the
// seasons' deadlines in the store, so they hold across restarts. Paused and ended leagues wait.
// The games are opened once leagueMu is released.
func (b *Host) fireLeagues(now time.Time) int {
	n, open := b.leagueDeadlines(now)
	b.openRounds(open)
	return n
}

// leagueDeadlines is fireLeagues' work under leagueMu: it adjudicates, starts the rounds due and
// returns the rounds to open.
func (b *Host) leagueDeadlines(now time.Time) (int, []roundStarted) {
	leagueMu.Lock()
	defer leagueMu.Unlock()
	ls, err := b.store.Leagues("")
	if err != nil {
		b.log.Error("could not read the leagues", "err", err)
		return 0, nil
	}
	n := 0
	var open []roundStarted
	for _, l := range ls {
		if l.Status != league.Running {
			continue
		}
		adjudicated, started := b.leagueDeadline(l, now)
		n += adjudicated
		open = append(open, started...)
	}
	return n, open
}

// leagueDeadline is leagueDeadlines' work on one running league (leagueMu held). A panic pauses
// the league: the next tick would only run into it again.
func (b *Host) leagueDeadline(l league.League, now time.Time) (n int, open []roundStarted) {
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("panic in a league's round work", "league", l.ID, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			b.pauseLeague(l.ID, "running its rounds")
			n, open = 0, nil
		}
	}()
	s, err := b.store.Season(l.ID, l.Season)
	if err != nil || s.Started == 0 {
		return 0, nil
	}
	var current, missing []int
	for fi, f := range s.Fixtures {
		if f.Round == s.Started {
			current = append(current, fi)
			if !f.Done() && b.running(f.GameID) == nil {
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
		if f := s.Fixtures[fi]; !f.Done() && b.adjudicate(l, f) {
			n++
		}
	}
	// A round over before its date waits for it in a league on dates; a round whose last game
	// ended while the bot was down starts here too.
	return n, append(open, b.nextRound(l.ID)...)
}

// recoverLeague recovers from a panic in the bot's work on a league outside leagueMu (deferred):
// logged with its stack, the league is paused.
func (b *Host) recoverLeague(leagueID, what string) {
	r := recover()
	if r == nil {
		return
	}
	b.log.Error("panic in a league's round work", "league", leagueID, "work", what, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
	leagueMu.Lock()
	defer leagueMu.Unlock()
	b.pauseLeague(leagueID, what)
}

// pauseLeague pauses a league whose round work failed (leagueMu held) and tells its channel: no
// round starts and no deadline is adjudicated until an administrator's /season resume, so a
// failure that would repeat does not repeat at every tick or start.
func (b *Host) pauseLeague(leagueID, what string) {
	l, err := b.store.League(leagueID)
	if err != nil {
		b.log.Error("could not load a league to pause it", "league", leagueID, "err", err)
		return
	}
	if l.Status == league.Running {
		l.Status = league.Paused
		if err := b.store.SaveLeague(l); err != nil {
			b.log.Error("could not pause a league", "league", leagueID, "err", err)
		}
	}
	// A league may be paused again after it was resumed: the moment tells the pauses apart.
	cause := causeOf("league-paused", l.ID, strconv.FormatInt(b.now().UnixNano(), 10))
	b.postLeague(l.Channel, cause, b.leaguePrinter(l.Guild).T("league_paused_by_error", lang.A{"League": lang.Name(l.Name)}), nil)
}

// running is the game in memory with this id, or nil.
func (b *Host) running(gameID string) *gameEntry {
	b.mu.Lock()
	e := b.games[gameID]
	b.mu.Unlock()
	if e != nil || !b.cfg.Shared {
		return e
	}
	return b.fromStore(gameID)
}

// adjudicate ends a game at its round's deadline: places by the league's policy, the result and
// the game's end in one transaction, and a word in the game's thread.
func (b *Host) adjudicate(l league.League, f league.Fixture) bool {
	e := b.running(f.GameID)
	if e == nil {
		b.log.Error("a league game to adjudicate is not running", "game", f.GameID)
		return false
	}
	// leagueMu is held, and a move that ends a game takes leagueMu under its game's lock
	// (leagueGameEnded): waiting here for a game's lock could deadlock. A game busy right now is
	// adjudicated at the next tick.
	if !b.tryLock(e) {
		return false
	}
	defer b.release(e)
	t := e.table
	if t.Game == nil {
		return false
	}
	r := b.gameResult(e.id, t) // a league's game still running: adjudicated by its rule
	if r == nil {
		return false
	}
	if !r.Adjudicated {
		// A game not marked as the league's (loaded games get the mark): the league's rule all
		// the same.
		places, err := commands.AdjudicatedPlaces(t, l.Policy)
		if err != nil {
			b.log.Error("could not adjudicate a league game", "game", e.id, "err", err)
			return false
		}
		r.Places, r.Adjudicated = places, true
	}
	places := r.Places
	st := standings(t)
	placed(t, st, places)
	if err := b.store.FinishWithResult(e.id, storage.StatusFinished, st, *r); err != nil {
		b.log.Error("could not store an adjudicated league game", "game", e.id, "err", err)
		return false
	}
	b.forget(e)
	b.sayAsync(e, e.place, "an adjudication", Message{Cause: causeOf("adjudicated", e.id), Text: commands.AdjudicatedText(t, l.Policy, places, b.guildLocale(l.Guild))})
	return true
}
