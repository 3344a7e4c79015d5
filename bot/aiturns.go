package bot

import (
	"fmt"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// AI seats play on a bounded pool (one search per core, the others queued), never inside an
// interaction's three seconds and never holding another game: an AI turn is scheduled when a
// change leaves an AI to play, waits a few seconds so that it reads as a turn of its own, then
// takes the game's lock, plays, stores its moves and announces them like a player's turn.

// defaultAIDelay is how long after the previous turn an AI plays.
const defaultAIDelay = 3 * time.Second

// scheduleAI plays the AI's turn later if an AI seat is to play. e.seq pins the position: if
// anything changes the game meanwhile, that change schedules anew.
func (b *Bot) scheduleAI(e *gameEntry) {
	if _, ok := e.table.AIToPlay(); !ok || b.closing.Load() {
		return
	}
	seq := e.seq
	b.aiWG.Add(1)
	go func() {
		defer b.aiWG.Done()
		select {
		case <-time.After(b.cfg.AIDelay):
		case <-b.stop:
			return
		}
		select {
		case b.aiPool <- struct{}{}:
		case <-b.stop:
			return
		}
		defer func() { <-b.aiPool }()
		b.playAI(e, seq)
	}()
}

func (b *Bot) playAI(e *gameEntry, seq uint64) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.seq != seq || b.closing.Load() {
		return
	}
	reply := commands.AIMove(e.table)
	if !reply.OK {
		b.log.Error("the AI could not play its turn", "game", e.id, "reply", reply.Text)
		return
	}
	entry := commands.Entry{AI: true, Played: reply.Moves}
	if err := b.commit(e, reply, entry, "ai", fmt.Sprintf("ai-%s-%d", e.id, seq)); err != nil {
		b.log.Error("could not store the AI's turn", "game", e.id, "err", err)
		return
	}
	_ = b.announce(e, reply) // a failure is kept in e.problem for /carc status
	b.scheduleAI(e)
}
