package bot

import (
	"slices"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Inspection is a game as the host holds it in memory, read under the game's lock: what tests and
// tools look at. Its table is the host's own, which no change alters (a change makes a new one):
// it must not be changed either.
type Inspection struct {
	ID, Place, Guild string
	// Seq is the length of the game's stored log.
	Seq   uint64
	Table *table.Table
	// Timers are the game's timers as the host keeps them.
	Timers []storage.Timer
	// Hold is why the host does no work of its own on the game ("" when it does).
	Hold string
	// Deadline is when the running turn really ends, its player's stopped clock counted (zero
	// for none).
	Deadline time.Time
	// AIQueued tells whether the game's AI seat has a turn in the AI queue.
	AIQueued bool
}

// Inspect is the running game at place (a channel or thread), with a shared store one another
// process opened too; ok is false when none runs there.
func (b *Host) Inspect(place string) (Inspection, bool) { return b.inspect(b.entryAt(place)) }

// InspectGame is the running game with this id; ok is false when it does not run.
func (b *Host) InspectGame(id string) (Inspection, bool) { return b.inspect(b.running(id)) }

func (b *Host) inspect(e *gameEntry) (Inspection, bool) {
	if e == nil || !b.lock(e) {
		return Inspection{}, false
	}
	defer e.mu.Unlock()
	return Inspection{ID: e.id, Place: e.place, Guild: e.guild, Seq: e.seq, Table: e.table, Timers: append([]storage.Timer(nil), e.timers...),
		Hold: e.hold, Deadline: b.turnDeadline(e), AIQueued: b.ai.queued(e)}, true
}

// Finished is the table of the last game that ended at place, read-only (nil for none).
func (b *Host) Finished(place string) *table.Table {
	if e := b.finished(place); e != nil {
		return e.table
	}
	return nil
}

// AIQueued counts the AI turns waiting in the AI queue.
func (b *Host) AIQueued() int { return b.ai.len() }

// Loaded counts the games whose table is in memory (the cache keeps at most MaxLoaded).
func (b *Host) Loaded() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.loaded
}

// Record is a game's record as the store keeps it: its steps and when each was made.
func (b *Host) Record(id string) ([]record.Stored, error) { return b.record(id) }

// SayUnannounced announces the committed moves whose process left them unannounced and which are
// this process's to say at now (outbox.go), as the timer loop does, and returns how many it said.
func (b *Host) SayUnannounced(now time.Time) int { return b.sayUnannounced(now) }

// Busy tells whether the lock of the game with this id is held right now (false for a game not in
// memory): the host holds it while it changes the game, and never while it draws or posts.
func (b *Host) Busy(id string) bool {
	b.mu.Lock()
	e := b.games[id]
	b.mu.Unlock()
	if e == nil || !e.mu.TryLock() {
		return e != nil
	}
	e.mu.Unlock()
	return false
}

// TimerDone marks a timer a feature fired (AddTimers) done: in the store, and in its game's
// timers.
func (b *Host) TimerDone(tm storage.Timer) {
	if err := b.store.CompleteTimer(tm); err != nil {
		b.log.Error("could not mark a timer done", "game", tm.GameID, "kind", tm.Kind, "err", err)
	}
	if e := b.running(tm.GameID); e != nil {
		e.mu.Lock()
		e.timers = withoutTimer(e.timers, tm)
		e.mu.Unlock()
	}
}

// MoveTimer moves a timer a feature fired (AddTimers) to at, if its game still holds it.
func (b *Host) MoveTimer(tm storage.Timer, at time.Time) {
	e := b.running(tm.GameID)
	if e == nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if !slices.ContainsFunc(e.timers, tm.Same) {
		return
	}
	moved := append(withoutTimer(e.timers, tm), storage.Timer{Kind: tm.Kind, UserID: tm.UserID, At: at})
	if err := b.store.SetTimers(e.id, moved); err != nil {
		b.log.Error("could not move a timer", "game", e.id, "kind", tm.Kind, "err", err)
		return
	}
	e.timers = moved
}

// withoutTimer is timers without tm.
func withoutTimer(timers []storage.Timer, tm storage.Timer) []storage.Timer {
	return slices.DeleteFunc(slices.Clone(timers), tm.Same)
}
