package bot

import (
	"errors"
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// DefaultMaxLoaded is how many games keep their table in memory when Config.MaxLoaded is 0:
// about 100 KiB each, so 100 MiB at most, whatever the number of games stored.
const DefaultMaxLoaded = 1000

// The games in memory are a cache of the store. Every running game has a small entry (its id,
// place, players, timers), but only the MaxLoaded most recently used keep their table, the large
// part; the others load theirs again from their snapshot when next used (lock). With a shared
// store (Config.Shared: several processes on one PostgreSQL) an entry may also be stale: another
// process moved the game on. lock then reloads it when the stored log is ahead, before anything
// is done to the game, and a game opened by another process is found in the store (entryAt).

// entryAt returns the running game of a channel or thread, or nil; with a shared store, one
// another process opened is loaded from the store.
func (b *Host) entryAt(place string) *gameEntry {
	b.mu.Lock()
	e := b.places[place]
	b.mu.Unlock()
	if e != nil || !b.cfg.Shared {
		return e
	}
	id, ok, err := b.store.ActiveGame(place)
	if err != nil {
		b.log.Error("could not look up the game of a channel", "channel", place, "err", err)
	}
	if !ok {
		return nil
	}
	return b.fromStore(id)
}

// lock takes a game's lock with its table loaded and, with a shared store, up to date. It
// returns false, without the lock, when the game is no longer running (it ended meanwhile, in
// another process) or cannot be loaded; the entry is then forgotten.
func (b *Host) lock(e *gameEntry) bool {
	e.mu.Lock()
	return b.keepLocked(e)
}

// tryLock is lock for a caller that must not wait: false when the lock is busy too.
func (b *Host) tryLock(e *gameEntry) bool {
	if !e.mu.TryLock() {
		return false
	}
	return b.keepLocked(e)
}

// keepLocked readies the game of a lock just taken and keeps the lock when it can be played;
// otherwise it lets the lock go and forgets the game.
func (b *Host) keepLocked(e *gameEntry) bool {
	if err := b.ready(e); err != nil {
		e.mu.Unlock()
		if err != errGameOver {
			b.log.Error("could not load a game", "game", e.id, "err", err)
		}
		b.forget(e)
		return false
	}
	b.touch(e)
	return true
}

// errGameOver: the game ended in another process.
var errGameOver = errors.New("the game is over")

// ready loads the table of e (e.mu held) if it was evicted or, with a shared store, if the store
// holds a later state.
func (b *Host) ready(e *gameEntry) error {
	if e.table != nil && !b.cfg.Shared {
		b.cacheHits.Add(1)
		return nil
	}
	snap, err := b.store.Snapshot(e.id)
	if err != nil {
		return err
	}
	if e.table != nil && snap.Seq == e.seq {
		b.cacheHits.Add(1)
		// Another process may have sent a reminder (CompleteTimer) without a move: the timer
		// set handed back with this process's next move must not bring it back.
		e.timers, err = b.store.Timers(e.id)
		return err
	}
	b.cacheLoads.Add(1)
	t, err := table.Load(snap.State)
	if err != nil {
		return fmt.Errorf("load the snapshot: %w", err)
	}
	if t.Status == table.Finished || t.Status == table.Abandoned {
		return errGameOver
	}
	if e.table != nil || snap.Seq != e.seq { // moved on elsewhere: its timers and hold too
		rec, err := b.store.Game(e.id)
		if err != nil {
			return err
		}
		if e.timers, err = b.store.Timers(e.id); err != nil {
			return err
		}
		e.hold = rec.Hold
		if rec.League != "" && t.League == nil {
			e.table = t
			b.markLeagueGame(e, rec)
			t = e.table
		}
	}
	wasLoaded := e.table != nil
	e.table, e.seq = t, snap.Seq
	b.track(e, e.table.People())
	if !wasLoaded {
		b.mu.Lock()
		b.loaded++
		b.mu.Unlock()
	}
	return nil
}

// touch marks e as just used and evicts the tables of the least recently used games beyond
// MaxLoaded. A game whose lock is held (in use) keeps its table.
func (b *Host) touch(e *gameEntry) {
	b.mu.Lock()
	b.clock++
	e.used = b.clock
	if b.loaded <= b.cfg.MaxLoaded {
		b.mu.Unlock()
		return
	}
	var loaded []*gameEntry
	for _, x := range b.games {
		if x != e && x.used > 0 {
			loaded = append(loaded, x)
		}
	}
	over := b.loaded - b.cfg.MaxLoaded
	b.mu.Unlock()
	slices.SortFunc(loaded, func(x, y *gameEntry) int { return int(x.used) - int(y.used) })
	for _, x := range loaded {
		if over == 0 {
			break
		}
		if b.evict(x) {
			over--
		}
	}
}

// evict drops the table of e unless it is in use; it reports whether it did.
func (b *Host) evict(e *gameEntry) bool {
	if !e.mu.TryLock() {
		return false
	}
	defer e.mu.Unlock()
	if e.table == nil || b.ai.queued(e) {
		return false
	}
	if _, ai := e.table.AIToPlay(); ai {
		return false // an AI turn waiting for room in the queue (offerPendingAI) stays loaded
	}
	e.table = nil
	b.mu.Lock()
	e.used = 0
	b.loaded--
	b.mu.Unlock()
	return true
}

// forget removes a game that is no longer running from memory.
func (b *Host) forget(e *gameEntry) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.places[e.place] == e {
		delete(b.places, e.place)
	}
	if b.games[e.id] == e {
		delete(b.games, e.id)
		if e.used > 0 {
			b.loaded--
			e.used = 0
		}
	}
}

// remember adds a game just loaded or opened (its table set) to memory.
func (b *Host) remember(e *gameEntry) {
	b.mu.Lock()
	b.places[e.place], b.games[e.id] = e, e
	b.loaded++
	b.clock++
	e.used = b.clock
	b.mu.Unlock()
}

// fromStore loads a running game that is not in memory: one another process opened, with a
// shared store. It returns nil if the game is not running.
func (b *Host) fromStore(id string) *gameEntry {
	rec, err := b.store.Game(id)
	if err != nil || rec.Status.Terminal() || rec.Aside != nil {
		if err != nil && !isNotFound(err) {
			b.log.Error("could not load a game", "game", id, "err", err)
		}
		if err == nil && rec.Aside != nil {
			b.setAside(rec, rec.Aside.Reason)
		}
		return nil
	}
	e := &gameEntry{id: rec.ID, place: rec.Place(), guild: rec.Guild, league: rec.League != "", hold: rec.Hold}
	e.mu.Lock()
	defer e.mu.Unlock()
	snap, err := b.store.Snapshot(id)
	if err == nil {
		e.timers, err = b.store.Timers(id)
	}
	var t *table.Table
	if err == nil {
		t, err = table.Load(snap.State)
	}
	if err != nil {
		b.log.Error("could not load a game", "game", id, "err", err)
		return nil
	}
	e.table, e.seq = t, snap.Seq
	if rec.League != "" && t.League == nil {
		b.markLeagueGame(e, rec)
	}
	b.mu.Lock()
	if other := b.games[id]; other != nil { // loaded meanwhile by another goroutine
		b.mu.Unlock()
		return other
	}
	b.mu.Unlock()
	b.remember(e)
	b.track(e, e.table.People())
	return e
}

func isNotFound(err error) bool { return errors.Is(err, storage.ErrNotFound) }
