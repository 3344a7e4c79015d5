package bot

import (
	"time"
)

// Stats is what the host holds at a moment, for its monitoring (bot/metrics).
type Stats struct {
	// Games are the running games in memory, Tables those whose table is loaded (the others wait
	// on their snapshot, cache.go).
	Games, Tables int
	// AIQueued are the AI turns waiting to be played, AIQueueSize how many may wait.
	AIQueued, AIQueueSize int
	// Handling are the interactions being handled.
	Handling int
	// CacheHits counts the uses of a game whose table was in memory and up to date since the
	// host was made, CacheLoads those that loaded it from its snapshot (evicted, or moved on by
	// another process).
	CacheHits, CacheLoads uint64
}

// Stats tells what the host holds now.
func (b *Host) Stats() Stats {
	b.mu.Lock()
	games, tables := len(b.games), b.loaded
	b.mu.Unlock()
	return Stats{Games: games, Tables: tables, AIQueued: b.ai.len(), AIQueueSize: b.cfg.AIQueue, Handling: int(b.handling.Load()),
		CacheHits: b.cacheHits.Load(), CacheLoads: b.cacheLoads.Load()}
}

// aiWaited tells Config.AIWaited how long an AI turn waited for a worker once its delay had
// passed (e's lock held).
func (b *Host) aiWaited(e *gameEntry, j aiJob, taken time.Time) {
	if b.cfg.AIWaited == nil {
		return
	}
	level, ok := e.table.AIToPlay()
	if !ok {
		return
	}
	b.cfg.AIWaited(string(level), max(taken.Sub(j.ready), 0))
}

// interactionAttr is the log attribute of the interaction an action answers; none for the bot's
// own work.
func interactionAttr(from *Interaction) []any {
	if from == nil || from.ID == "" {
		return nil
	}
	return []any{"interaction", from.ID}
}
