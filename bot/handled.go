package bot

import (
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Discord may deliver one interaction twice (to two replicas, or again when it saw no answer in
// time), and a signed request may be replayed while its signature is fresh. Acting twice would
// open a second thread, or move twice where the store cannot tell (a new game, a follow, a
// setting). So every command and click is taken in the store first (Store.TakeInteraction), one
// record for every process: the first delivery acts, and any later one is answered with the first
// delivery's answer (AnswerInteraction keeps it), or, while that is not given yet, acknowledged as
// the first was, and does nothing.

// take takes interaction i for this process and reports whether it is to act on it. When it is
// not, it has answered r: with the first answer given, else with the first delivery's
// acknowledgement, or, when the store cannot say (it is down), with why nothing was done.
func (b *Host) take(i *discordgo.Interaction, r responder) bool {
	prev, first, err := b.takeWithin(i.ID, recordWithin)
	if err != nil {
		b.log.Error("could not record an interaction; nothing was done", "channel", i.ChannelID, "interaction", i.ID, "err", err)
		_ = r.respond(ephemeralText(lang.For(string(i.Locale)).T("bot_not_taken", lang.A{"Why": storeProblem(err)})))
		return false
	}
	if first {
		return true
	}
	b.log.Info("an interaction delivered again; answered as the first time, nothing done", "channel", i.ChannelID,
		"interaction", i.ID, "taken", prev.At, "answered", prev.Done)
	resp := deferredResponse(i)
	if prev.Done {
		resp = ephemeralText(prev.Answer)
	}
	if err := r.respond(resp); err != nil {
		b.log.Warn("could not answer an interaction delivered again", "channel", i.ChannelID, "interaction", i.ID, "err", err)
	}
	return false
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

// answered keeps the first answer to interaction i, for a later delivery of it. A late answer of
// another process (outbox.go) has no id: its interaction was taken by the process that died.
func (b *Host) answered(i *discordgo.Interaction, text string) {
	if i.ID == "" {
		return
	}
	if err := b.store.AnswerInteraction(i.ID, text); err != nil {
		b.log.Warn("could not record an interaction's answer; a later delivery of it is only acknowledged", "interaction", i.ID, "err", err)
	}
}

// forgetInteractions drops the records of interactions too old to be delivered again.
func (b *Host) forgetInteractions(now time.Time) {
	if _, err := b.store.ForgetInteractions(now.Add(-storage.HandledFor)); err != nil {
		b.log.Warn("could not forget the interactions of the past", "err", err)
	}
}
