package bot

import (
	"fmt"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// AI seats play on a few workers (one per core unless the host says otherwise), fed by a bounded
// queue (aiQueue), never inside an interaction's three seconds and never holding another game: an
// AI turn is offered when a change leaves an AI to play, waits a few seconds so that it reads as a
// turn of its own, then takes the game's lock, plays, stores its moves and announces them like a
// player's turn. A turn that finds the queue full is not stored anywhere yet, so nothing is lost:
// the timer loop offers every game's pending AI turn again (offerPendingAI), as a restart does.
// AI seats never play alone: a table no person plays at any more ends at once (settle).

// Defaults of Config.
const (
	defaultAIDelay = 3 * time.Second
	// DefaultAIQueue is how many AI turns may wait at once: far more than the tables with an AI
	// that the caps on open tables leave a server, so only a flood waits for the timer loop.
	DefaultAIQueue = 256
)

// KindAITurn is the timer of an AI seat's turn. The process that made the change plays the turn
// from its queue within seconds, and the turn's move replaces the timer; the timer comes due only
// when that did not happen: the process died (or is stuck) with the turn in its queue, and any
// process of the store then plays it (rescueAI). A queue's own backlog is no reason to take a
// turn over, so the timer waits AIRescueAfter, beyond what a full queue takes on a small host.
const (
	KindAITurn    = "ai"
	AIRescueAfter = 2 * time.Minute
)

// aiTimers is the timer set of a turn an AI seat is to play.
func (b *Host) aiTimers(t *table.Table) []storage.Timer {
	cur, _ := t.Current()
	return []storage.Timer{{Kind: KindAITurn, UserID: cur.ID, At: b.now().Add(AIRescueAfter)}}
}

// rescueAI plays an AI turn whose timer came due (e.mu held): offered to this process's queue,
// unless it waits there already. The timer stays until the turn's move replaces it, so a turn
// that cannot be offered now is offered again at a later tick.
func (b *Host) rescueAI(e *gameEntry) {
	if b.ai.queued(e) {
		return
	}
	b.log.Info("an AI turn was not played in time by the process that offered it: playing it here", "game", e.id)
	b.settle(e, false)
}

// startAIWorkers starts the workers that play the queued AI turns until the bot closes.
func (b *Host) startAIWorkers() {
	for range b.cfg.AIWorkers {
		b.aiWG.Add(1)
		go func() {
			defer b.aiWG.Done()
			for {
				j, ok := b.ai.take(b.stop)
				if !ok {
					return
				}
				b.playAI(j)
			}
		}()
	}
}

// scheduleAI offers the turn of the AI seat to play to the queue (e.mu held) unless the bot does no
// work of its own on the game. e.seq pins the position: if anything changes the game meanwhile,
// that change offers the turn anew. waiting says that a person has just played and waits for the
// AI's reply.
func (b *Host) scheduleAI(e *gameEntry, waiting bool) {
	if e.hold != "" || b.closing.Load() || b.cfg.Local {
		return
	}
	if !b.ai.offer(aiJob{e: e, seq: e.seq, ready: time.Now().Add(b.cfg.AIDelay), waiting: waiting}) {
		b.log.Warn("the AI queue is full: the turn is offered again at the next timer tick", "game", e.id, "queue", b.cfg.AIQueue)
	}
}

// offerPendingAI offers again the AI turn of every game whose AI is to play and has no turn in
// the queue: turns that found the queue full or could not be stored (and ends the tables whose
// end could not be). A game busy right now is left to whatever busies it.
func (b *Host) offerPendingAI() {
	b.mu.Lock()
	games := make([]*gameEntry, 0, len(b.games))
	for _, e := range b.games {
		games = append(games, e)
	}
	b.mu.Unlock()
	for _, e := range games {
		if !e.mu.TryLock() {
			continue
		}
		if e.table != nil && !b.ai.queued(e) { // an evicted game has no AI turn pending (evict)
			b.settle(e, false)
		}
		b.release(e)
	}
}

// playAI plays a queued turn. A person who waited for it still waits if another AI plays next.
func (b *Host) playAI(j aiJob) {
	e, seq, taken := j.e, j.seq, b.now()
	if !b.lock(e) {
		return
	}
	b.aiWaited(e, j, taken)
	defer b.recoverGame(e, holdAITurn)
	defer b.release(e)
	if e.seq != seq || e.hold != "" || b.closing.Load() {
		return
	}
	if e.table.Unattended() {
		b.endUnattended(e) // its end could not be stored before
		return
	}
	reply := b.cfg.AIMove(e.table, b.GuildLocale(e.guild))
	if !reply.OK {
		b.log.Error("the AI could not play its turn", "game", e.id, "reply", reply.Text)
		b.hold(e, holdAIRefused)
		return
	}
	if err := b.commit(e, reply, "ai", fmt.Sprintf("ai-%s-%d", e.id, seq), nil); err != nil {
		// Nothing was stored: the timer loop offers the turn again.
		b.log.Error("could not store the AI's turn", "game", e.id, "err", err)
		return
	}
	b.post(e, reply) // done once the lock is released; a failure is kept for /carc status
	b.settle(e, j.waiting)
}

// endUnattended ends a table no person plays at any more, as a step of its record, and tells
// its channel why.
func (b *Host) endUnattended(e *gameEntry) {
	reply := commands.EndUnattended(e.table, b.GuildLocale(e.guild))
	if !reply.OK {
		b.log.Error("could not end a table nobody plays at", "game", e.id, "reply", reply.Text)
		return
	}
	if err := b.commit(e, reply, "bot", fmt.Sprintf("unattended-%s-%d", e.id, e.seq), nil); err != nil {
		b.log.Error("could not store the end of a table nobody plays at", "game", e.id, "err", err)
		return
	}
	b.post(e, reply) // done once the lock is released; a failure is kept for /carc status
}
