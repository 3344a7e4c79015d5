package bot

import (
	"fmt"
	"runtime/debug"
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// A game is on hold when the bot's own work on it failed: its AI turn panicked or was refused, a
// deadline or a reminder panicked, its league game could not be announced. The bot then does no
// work of its own on it (AI turns, deadlines, reminders) until someone who administers the game
// (as for /table abandon) resumes it with the button of the hold message or of /carc status; the
// players'
// own commands still work, and /table abandon ends it. The hold is stored with the game, so a
// restart does not run the failing work again: a deterministic failure costs one log entry, not a
// crash at every start.

// recoverGame recovers from a panic in the bot's own work on a game, its postings' included
// (deferred before the lock's release, so that it runs once the lock is let go): the panic is
// logged with the game and its stack, and the game is put on hold for the reason of that work
// (holdAITurn, holdTimers). Every other game goes on.
func (b *Host) recoverGame(e *gameEntry, reason string) {
	r := recover()
	if r == nil {
		return
	}
	b.log.Error("panic in the bot's work on a game", "game", e.id, "work", reason, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
	if b.lock(e) {
		b.hold(e, reason)
		b.release(e)
	}
}

// Why a game is on hold, as it is stored with the game: a code the catalogues word in each
// reader's language (hold_why_CODE); what exactly failed goes to the log.
const (
	holdAITurn     = "ai_turn"     // playing an AI player's turn panicked
	holdTimers     = "timers"      // applying a deadline or sending a reminder panicked
	HoldLeagueOpen = "league_open" // opening a league game panicked
	holdAIRefused  = "ai_refused"  // the AI's turn was refused
	holdInternal   = "internal"    // a hold stored before its reasons were codes
)

// holdWhy is the reason of a hold in p's language. A hold stored before its reasons were codes
// reads as an internal error, which it was.
func holdWhy(p *lang.Printer, reason string) string {
	if id := "hold_why_" + reason; lang.Default.Has(id) {
		return p.T(id, nil)
	}
	return p.T("hold_why_"+holdInternal, nil)
}

// hold puts a game on hold with the reason (holdInternal, holdAIRefused) and tells its channel,
// in its language (e.mu held). A game that is over has nothing left to hold.
func (b *Host) hold(e *gameEntry, reason string) {
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
	p := b.publicPrinter(e)
	text := p.T("hold_posted", lang.A{"Why": holdWhy(p, reason)})
	// A game may be held again at the same move after a resume: the moment tells the holds apart.
	cause := CauseOf("hold", e.id, strconv.FormatUint(e.seq, 10), reason, strconv.FormatInt(b.now().UnixNano(), 10))
	b.sayAsync(e, e.place, "that the game is on hold", Message{Cause: cause, Text: text, Buttons: resumeButton(p, e.table)})
}

// resumeButton is the button that lifts a game's hold, labelled in p's language.
func resumeButton(p *lang.Printer, t *table.Table) [][]commands.Button {
	return [][]commands.Button{{{ID: commands.ComponentID(t, "resume"), Label: p.T("hold_resume_button", nil), Style: commands.Primary}}}
}

// holdLine is what /carc status says of a game on hold, in p's language ("" for a game that is
// not).
func holdLine(p *lang.Printer, e *gameEntry) string {
	if e.hold == "" {
		return ""
	}
	return p.T("hold_status", lang.A{"Why": holdWhy(p, e.hold)})
}

// resume lifts a game's hold at the request of in's user, who must administer the game (as for
// /table abandon), and lets the bot play its part again: the AI's turn is offered, the deadlines and
// reminders fire at the next tick.
func (b *Host) resume(place, interaction string, in commands.Input) string {
	pr := reader(in)
	e := b.entryAt(place)
	if e == nil || !b.lock(e) {
		return pr.T("hold_not_running", nil)
	}
	defer b.release(e)
	if e.hold == "" {
		return pr.T("hold_not_held", nil)
	}
	if ok, why := commands.Administers(e.table, b.tableInput(e.guild, e.table, in), "resume"); !ok {
		return why
	}
	if err := b.store.SetHold(e.id, ""); err != nil {
		b.log.Error("could not lift a game's hold", "game", e.id, "err", err)
		return pr.T("bot_resume_failed", nil)
	}
	e.hold = ""
	b.sayAsync(e, e.place, "that the game resumed", Message{Cause: CauseOf("resume", interaction),
		Text: b.publicPrinter(e).T("hold_resumed_by", lang.A{"Player": lang.Name(in.User.Name)})})
	b.settle(e, false)
	return pr.T("hold_resumed", nil)
}
