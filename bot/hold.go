package bot

import (
	"fmt"
	"runtime/debug"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
)

// A game is on hold when the bot's own work on it failed: its AI turn panicked or was refused, a
// deadline or a reminder panicked, its league game could not be announced. The bot then does no
// work of its own on it (AI turns, deadlines, reminders) until someone who administers the game
// (as for /carc abandon) resumes it with the button of the hold message or of /carc status; the
// players'
// own commands still work, and /carc abandon ends it. The hold is stored with the game, so a
// restart does not run the failing work again: a deterministic failure costs one log entry, not a
// crash at every start.

// recoverGame recovers from a panic in the bot's own work on a game (deferred, e.mu held): the
// panic is logged with the game and its stack, and the game is put on hold. Every other game
// goes on.
func (b *Bot) recoverGame(e *gameEntry, what string) {
	r := recover()
	if r == nil {
		return
	}
	b.log.Error("panic in the bot's work on a game", "game", e.id, "work", what, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
	b.hold(e, "the bot hit an internal error while "+what)
}

// hold puts a game on hold with the reason and tells its channel (e.mu held). A game that is
// over has nothing left to hold.
func (b *Bot) hold(e *gameEntry, reason string) {
	// A move committed before the failure is not announced late: the hold message, which points
	// to /carc board, is what the channel is told instead (outbox.go).
	b.said(e.id, e.unsaid)
	e.unsaid, e.answering = 0, false
	if t := e.table; t == nil || t.Status == table.Finished || t.Status == table.Abandoned {
		return
	}
	e.hold = reason
	if err := b.store.SetHold(e.id, reason); err != nil {
		b.log.Error("could not store a game's hold: it holds until a restart", "game", e.id, "err", err)
	}
	text := "This game is on hold: " + reason + ". The error is logged for the bot's host. Nothing was lost: every move made so " +
		"far is stored, and /carc board shows where the game stands. The bot does nothing more on its own here (AI turns, " +
		"deadlines, reminders) until one of the game's administrators (those of /carc abandon) resumes it with the button below. " +
		"Your own commands still work."
	if err := b.say(e.place, text, resumeButton(e.table)); err != nil {
		b.log.Warn("could not tell a game's channel that it is on hold", "game", e.id, "err", err)
	}
}

// say posts a message of the bot's own in a game's channel, in the channel's order, pinging
// nobody.
func (b *Bot) say(place, text string, comps []discordgo.MessageComponent) error {
	before, done := b.order.enter(place)
	defer done()
	<-before
	_, err := b.send(place, text, comps, nil, nil)
	return err
}

// resumeButton is the button that lifts a game's hold.
func resumeButton(t *table.Table) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{
		CustomID: commands.ComponentID(t, "resume"), Label: "Resume the game", Style: discordgo.PrimaryButton}}}}
}

// holdLine is what /carc status says of a game on hold ("" for a game that is not).
func holdLine(e *gameEntry) string {
	if e.hold == "" {
		return ""
	}
	return "On hold: " + e.hold + ". The bot does nothing on its own here until one of the game's administrators (those of " +
		"/carc abandon) resumes it (the button below)."
}

// resume lifts a game's hold at the request of in's user, who must administer the game (as for
// /carc abandon), and lets the bot play its part again: the AI's turn is offered, the deadlines and
// reminders fire at the next tick.
func (b *Bot) resume(place string, in commands.Input) string {
	e := b.entryAt(place)
	if e == nil {
		return "This game is no longer running."
	}
	if !b.lock(e) {
		return "This game is no longer running."
	}
	defer e.mu.Unlock()
	if e.hold == "" {
		return "This game is not on hold."
	}
	if ok, why := commands.Administers(e.table, in, "resume"); !ok {
		return why
	}
	if err := b.store.SetHold(e.id, ""); err != nil {
		b.log.Error("could not lift a game's hold", "game", e.id, "err", err)
		return reader(in).T("bot_resume_failed", nil)
	}
	e.hold = ""
	if err := b.say(e.place, in.User.Name+" resumed the game: the bot plays its part again.", nil); err != nil {
		b.log.Warn("could not announce that a game resumed", "game", e.id, "err", err)
	}
	b.settle(e, false)
	return "The game is resumed."
}
