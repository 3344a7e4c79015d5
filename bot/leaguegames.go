package bot

import (
	"fmt"
	"hash/fnv"
	"maps"
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// The host's side of league games: the result a game's end stores, the mark a league game
// carries, and what a league feature asks of the host (OpenGame, Adjudicate, Hold, Running).

// markLeagueGame records the league's mark (OnLeagueMark) in a league game opened before games
// carried it, so that its players lose the powers the table's creator had over it. The game's
// timers stay.
func (b *Host) markLeagueGame(e *gameEntry, rec storage.GameRecord) {
	if b.hooks.mark == nil {
		return // no league feature: the game stays as it was stored
	}
	m, err := b.hooks.mark(rec)
	if err != nil {
		b.log.Error("could not read the league of a game", "game", e.id, "league", rec.League, "season", rec.Season, "err", err)
		return
	}
	reply := commands.MarkLeague(e.table, m)
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

// gameResult is what a game's end changes beyond the game (league.GameResult, from its outcome:
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

// Adjudicate ends league game id at its round's deadline as a step of its record (an
// adjudicate event by the bot): its end, its places by the league's policy and its result in one
// transaction, and the announcement in the game's place, in the language of guild. It reports
// whether it did; a game busy right now is left for the next try.
func (b *Host) Adjudicate(id string, policy league.Policy, guild string) bool {
	e := b.running(id)
	if e == nil {
		b.log.Error("a league game to adjudicate is not running", "game", id)
		return false
	}
	// The caller may hold a lock that a move ending a game takes under its game's lock (OnGameEnd):
	// waiting here for a game's lock could deadlock. A game busy right now is adjudicated at the
	// next tick. The caller, the league, knows this game's end: commit calls no OnGameEnd for it.
	if !b.tryLock(e) {
		return false
	}
	defer b.release(e)
	if e.table.Status != table.Playing {
		return false
	}
	reply := commands.Adjudicate(e.table, policy, b.GuildLocale(guild))
	if !reply.OK {
		b.log.Error("could not adjudicate a league game", "game", e.id, "reply", reply.Text)
		return false
	}
	if err := b.commit(e, reply, "bot", "adjudicated:"+e.id, nil); err != nil {
		b.log.Error("could not store an adjudicated league game", "game", e.id, "err", err)
		return false
	}
	b.post(e, reply) // done once the lock is released; a failure is kept for /carc status
	return true
}

// Running tells whether the game with this id runs (with a shared store, one another process
// opened counts too).
func (b *Host) Running(id string) bool { return b.running(id) != nil }

// OpenGame opens a game no person's command opened (a league's round): the step of the first
// reply creates it as rec (its ID, channel, thread, guild, league and season; the rest comes from
// the step), each next reply's step is committed as the bot's, and the game's place is told intro
// (when it has a text) and then the last reply. The game runs at rec's place.
func (b *Host) OpenGame(rec storage.GameRecord, replies []commands.Reply, intro Message) error {
	e := &gameEntry{id: rec.ID, place: rec.Place(), guild: rec.Guild, league: rec.League != ""}
	for n, reply := range replies {
		if n > 0 {
			if err := b.commit(e, reply, "bot", fmt.Sprintf("league:%s:%d", rec.ID, n), nil); err != nil {
				return err
			}
			continue
		}
		c, err := StepCommit(reply.Table, *reply.Step)
		if err != nil {
			return err
		}
		rec.Setup, rec.Players, rec.Status, rec.Created = c.Move.Data, c.Players, storage.StatusLobby, b.now()
		if err := b.store.CreateGame(rec, c.Snapshot, c.Hash); err != nil {
			return err
		}
		e.table = reply.Table
	}
	e.mu.Lock()
	defer b.release(e)
	b.remember(e)
	if intro.Text != "" {
		b.sayAsync(e, e.place, "the introduction of a game", intro)
	}
	b.post(e, replies[len(replies)-1]) // done once the lock is released; a failure is kept for /carc status
	return nil
}

// Hold puts the running game with this id on hold for reason (a code of the catalogues'
// hold_why_ messages, as HoldLeagueOpen) and tells its place; it returns the place, and false
// when the game does not run.
func (b *Host) Hold(id, reason string) (place string, ok bool) {
	e := b.running(id)
	if e == nil {
		return "", false
	}
	if b.lock(e) {
		b.hold(e, reason)
		b.release(e)
	}
	return e.place, true
}

// DealInput readies in, which opens a game the bot opens itself (a league's, whose id is
// in.Table), to deal it as the host deals: from a secret key (Config.Deal); at the local table,
// which deals from seeds, from a seed drawn from the game's id, so that a script replays.
func (b *Host) DealInput(in *commands.Input) error {
	if b.cfg.Local {
		h := fnv.New64a()
		h.Write([]byte(in.Table))
		in.Local = true
		in.Options = maps.Clone(in.Options)
		if in.Options == nil {
			in.Options = map[string]string{}
		}
		in.Options["seed"] = strconv.FormatUint(h.Sum64(), 10)
		return nil
	}
	key, err := b.cfg.Deal()
	in.Secret = key
	return err
}
