package discord

import (
	"fmt"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Discord may deliver one interaction twice (to two replicas, or again when it saw no answer in
// time), and a signed HTTP interaction may be replayed while its signature is fresh. Acting twice
// would open a second thread, or move twice where the store cannot tell (a new game, a follow, a
// setting). So every command and click is taken in the store first (Store.TakeInteraction), one
// record for every process: the first delivery acts, and any later one is answered with the first
// delivery's answer (AnswerInteraction keeps it), or, while that is not given yet, acknowledged as
// the first was, and does nothing. The host never sees a delivery twice.

// recordWithin bounds the wait for the record of an interaction, which comes before its
// acknowledgement: past it, Discord's three seconds would be gone.
const recordWithin = 2 * time.Second

// errSlowStore is why an interaction is not acted on when its record does not come in time.
var errSlowStore = fmt.Errorf("%w: the database did not answer within %v", storage.ErrUnavailable, recordWithin)

// takeRecord takes the interaction id, asked in place, for this process and reports whether it is
// to act on it (first). When it is not, prev is what the first delivery left: its first answer
// once given (Done), which is given again. When the store cannot say (it is down, or slower than
// Discord's time allows), why says so in words for the person, and nothing is to be done.
func (a *Adapter) takeRecord(id, place string) (prev storage.Handled, first bool, why msg.Message) {
	prev, first, err := a.takeWithin(id, recordWithin)
	if err != nil {
		a.log.Error("could not record an interaction; nothing was done", "channel", place, "interaction", id, "err", err)
		return storage.Handled{}, false, bot.Problem(err)
	}
	if !first {
		a.log.Info("an interaction delivered again; answered as the first time, nothing done", "channel", place,
			"interaction", id, "taken", prev.At, "answered", prev.Done)
	}
	return prev, first, msg.Message{}
}

// takeWithin is Store.TakeInteraction, given up after d (the database is slow or hangs). A record
// that comes later only makes a later delivery of the interaction wait for an answer that never
// comes.
func (a *Adapter) takeWithin(id string, d time.Duration) (storage.Handled, bool, error) {
	type taken struct {
		prev  storage.Handled
		first bool
		err   error
	}
	done := make(chan taken, 1)
	store, at := a.host.Store(), a.now()
	go func() {
		prev, first, err := store.TakeInteraction(id, at)
		done <- taken{prev, first, err}
	}()
	select {
	case t := <-done:
		return t.prev, t.first, t.err
	case <-time.After(d):
		return storage.Handled{}, false, errSlowStore
	}
}

// answered keeps the first answer to interaction id, for a later delivery of it, before it is
// shown. A late answer of another process has no id: its interaction was taken by the process
// that died.
func (a *Adapter) answered(id, text string) {
	if id == "" {
		return
	}
	if err := a.host.Store().AnswerInteraction(id, text); err != nil {
		a.log.Warn("could not record an interaction's answer; a later delivery of it is only acknowledged", "interaction", id, "err", err)
	}
}

// forgetInteractions drops the records of interactions too old to be delivered again, at each
// round of the host's timer loop.
func (a *Adapter) forgetInteractions(now time.Time) int {
	if _, err := a.host.Store().ForgetInteractions(now.Add(-storage.HandledFor)); err != nil {
		a.log.Warn("could not forget the interactions of the past", "err", err)
	}
	return 0 // nothing of a game's: the timer loop counts the timers and adjudications it handled
}
