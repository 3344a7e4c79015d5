package bot

import (
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// settle follows a change to a game (e.mu held): a table no person plays at any more ends at once
// (AI seats never play alone), else an AI seat to play is offered to the queue. waiting says that
// a person has just played and waits for the AI.
func (b *Host) settle(e *gameEntry, waiting bool) {
	if e.table.Unattended() {
		b.endUnattended(e)
		return
	}
	b.scheduleAI(e, waiting)
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
