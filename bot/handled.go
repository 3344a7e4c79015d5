package bot

import (
	"fmt"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// The chat may deliver one interaction twice (to two replicas, or again when it saw no answer in
// time), and a signed request may be replayed while its signature is fresh. Acting twice would
// open a second thread, or move twice where the store cannot tell (a new game, a follow, a
// setting). So every command and click is taken in the store first (Store.TakeInteraction), one
// record for every process: the first delivery acts, and any later one is answered with the first
// delivery's answer (AnswerInteraction keeps it), or, while that is not given yet, acknowledged as
// the first was, and does nothing.

// Take takes the interaction id, asked in place, for this process and reports whether it is to
// act on it (first). When it is not, prev is what the first delivery left: its first answer once
// given (Done), which the chat gives again. When the store cannot say (it is down, or slower than
// the chat's time allows), why says so in words for the person, and nothing is to be done.
func (b *Host) Take(id, place string) (prev storage.Handled, first bool, why msg.Message) {
	prev, first, err := b.takeWithin(id, recordWithin)
	if err != nil {
		b.log.Error("could not record an interaction; nothing was done", "channel", place, "interaction", id, "err", err)
		return storage.Handled{}, false, storeProblem(err)
	}
	if !first {
		b.log.Info("an interaction delivered again; answered as the first time, nothing done", "channel", place,
			"interaction", id, "taken", prev.At, "answered", prev.Done)
	}
	return prev, first, msg.Message{}
}

// recordWithin bounds the wait for the record of an interaction, which comes before its
// acknowledgement: past it, Discord's three seconds would be gone.
const recordWithin = 2 * time.Second

// errSlowStore is why an interaction is not acted on when its record does not come in time.
var errSlowStore = fmt.Errorf("%w: the database did not answer within %v", storage.ErrUnavailable, recordWithin)

// takeWithin is Store.TakeInteraction, given up after d (the database is slow or hangs). A record
// that comes later only makes a later delivery of the interaction wait for an answer that never
// comes.
func (b *Host) takeWithin(id string, d time.Duration) (storage.Handled, bool, error) {
	type taken struct {
		prev  storage.Handled
		first bool
		err   error
	}
	done := make(chan taken, 1)
	go func() {
		prev, first, err := b.store.TakeInteraction(id, b.now())
		done <- taken{prev, first, err}
	}()
	select {
	case t := <-done:
		return t.prev, t.first, t.err
	case <-time.After(d):
		return storage.Handled{}, false, errSlowStore
	}
}

// Answered keeps the first answer to interaction id, for a later delivery of it; the chat calls it
// before it shows the answer. A late answer of another process (outbox.go) has no id: its
// interaction was taken by the process that died.
func (b *Host) Answered(id, text string) {
	if id == "" {
		return
	}
	if err := b.store.AnswerInteraction(id, text); err != nil {
		b.log.Warn("could not record an interaction's answer; a later delivery of it is only acknowledged", "interaction", id, "err", err)
	}
}

// forgetInteractions drops the records of interactions too old to be delivered again.
func (b *Host) forgetInteractions(now time.Time) {
	if _, err := b.store.ForgetInteractions(now.Add(-storage.HandledFor)); err != nil {
		b.log.Warn("could not forget the interactions of the past", "err", err)
	}
}
