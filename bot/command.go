package bot

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Enter counts a request the chat starts to handle, which Close waits for; done ends it. open is
// false (and done nil) once the host is closing: the chat tells the person to try again.
func (b *Host) Enter() (done func(), open bool) {
	if b.closing.Load() {
		return nil, false
	}
	b.inflight.Add(1)
	b.handling.Add(1)
	return func() {
		b.handling.Add(-1)
		b.inflight.Done()
	}, true
}

// Closing tells whether the host is shutting down.
func (b *Host) Closing() bool { return b.closing.Load() }

// reader is the printer of a reply only in's user reads.
func reader(in commands.Input) *lang.Printer { return lang.For(lang.Private(in.Language, in.Locale)) }

// answer gives the person who asked their private answer.
func (b *Host) answer(to *Interaction, m Message) {
	_ = b.port.Answer(to, m) // a failure is logged by the port, and the person sees "thinking..." end
}

// answerText gives the person who asked a private answer of text alone.
func (b *Host) answerText(to *Interaction, text string) { b.answer(to, Message{Text: text}) }

// refuse answers the person who asked that what they asked was refused, and why.
func (b *Host) refuse(to *Interaction, why string) { b.answer(to, Message{Text: why, Refused: true}) }

// Autocomplete answers the completion of an option of a command being typed: the legal values
// given the options typed so far.
func (b *Host) Autocomplete(req *Request) []commands.Choice {
	if e := b.entryAt(req.Place); e != nil && b.lock(e) {
		defer e.mu.Unlock()
		return commands.Autocomplete(e.table, req.Input, req.Focused)
	}
	return commands.Autocomplete(nil, req.Input, req.Focused)
}

// Command runs a person's slash command, by the route its declaration gives it (routes.go), and
// answers them.
func (b *Host) Command(req *Request) {
	in := req.Input
	in.Langs = b.langs(req, in.User.ID)
	in.Local = b.cfg.Local
	if in.User.ID == "" {
		b.refuse(req.Interaction, reader(in).T("command_no_user", nil))
		return
	}
	r := b.routes.of(in, b.atTable(tableCmd{}))
	if why, ok := b.aside.at(req.Place); ok && r.about(in) && b.entryAt(req.Place) == nil {
		b.refuse(req.Interaction, reader(in).T("aside_here", lang.A{"Why": why}))
		return
	}
	r.run(req, in)
}

// tableCmd is how the host runs one of the table's commands at the game of its place: what the
// routes (routes.go) say of it beyond the table's own answer.
type tableCmd struct {
	// afterTheEnd: with no game at the place, it answers about the game that ended there last.
	afterTheEnd bool
	// seat: joining takes a place in the caps on open tables (takesASeat).
	seat bool
	// status: the player's games across every server join the answer.
	status bool
	// before gives the command what it needs beyond the table, under the game's lock, or
	// answers it instead (a non-nil reply); after adds to its accepted reply. Either makes the
	// command one that does more than read its table (action.sideEffects).
	before func(e *gameEntry, t *table.Table, in *commands.Input) *commands.Reply
	after  func(e *gameEntry, t *table.Table, in commands.Input, r *commands.Reply)
}

// status answers /carc status: at a game, its status and the person's games across every
// server; anywhere else, the games where it is their turn.
func (b *Host) status(req *Request, in commands.Input) {
	if b.entryAt(req.Place) == nil {
		b.answerText(req.Interaction, b.yourTurns(reader(in), in.User))
		return
	}
	b.runAtTable(req, in, tableCmd{status: true})
}

// atTable runs a table's command at the game of its place, as c says.
func (b *Host) atTable(c tableCmd) Handler {
	return func(req *Request, in commands.Input) { b.runAtTable(req, in, c) }
}

func (b *Host) runAtTable(req *Request, in commands.Input, c tableCmd) {
	e := b.entryAt(req.Place)
	if e == nil && c.afterTheEnd {
		e = b.finished(req.Place)
	}
	if e == nil {
		if a, ok := b.retryAfterEnd(req.Place, b.commandAction(&gameEntry{place: req.Place}, in, c), in.User); ok {
			b.answer(req.Interaction, Message{Text: a.text, Files: BoardFile(a.png, a.alt)})
			return
		}
		r := commands.Handle(nil, in)
		b.answer(req.Interaction, Message{Text: r.Text, Refused: !r.OK})
		return
	}
	if c.seat && b.takesASeat(e, in.User) {
		release, refusal := b.reserveSeat(reader(in), req.Guild, in.User.ID, false)
		if refusal != "" {
			b.refuse(req.Interaction, refusal)
			return
		}
		defer release()
		b.run(req.Interaction, e, b.commandAction(e, in, c), in.User, release)
		return
	}
	b.run(req.Interaction, e, b.commandAction(e, in, c), in.User)
}

// takesASeat tells whether u joining the table of e would take a place in the caps on open
// tables: a lobby of a table that is not a league's, where u does not sit yet. Any other /carc
// join is refused by the table itself, with its own reason.
func (b *Host) takesASeat(e *gameEntry, u table.User) bool {
	if !b.lock(e) {
		return false
	}
	defer e.mu.Unlock()
	return !e.league && e.table.Status == table.Lobby && e.table.Seat(u.ID) < 0
}

// Click runs a person's click on a button or a menu and answers them.
func (b *Host) Click(req *Request) {
	u := req.User
	langs := b.langs(req, u.ID)
	c, err := commands.ParseComponentID(req.Click)
	if err == nil && c.Verb == "mute" {
		b.answerText(req.Interaction, b.mute(reader(commands.Input{Langs: langs}), req.Place, u, c))
		return
	}
	if err == nil && c.Verb == PlayLinkVerb {
		b.answerPlayLink(req, c, reader(commands.Input{Langs: langs}))
		return
	}
	if err == nil && c.Verb == "resume" {
		in := commands.Input{User: u, Admin: req.Admin, Manager: req.Manager, Langs: langs}
		b.answerText(req.Interaction, b.resume(req.Place, req.ID, in))
		return
	}
	e := b.entryAt(req.Place)
	if e == nil && err == nil && c.Verb == "hist" {
		e = b.finished(req.Place)
	}
	if e == nil {
		if a, ok := b.retryAfterEnd(req.Place, click(u, req.Click, req.Values, langs), u); ok {
			b.answer(req.Interaction, Message{Text: a.text, Files: BoardFile(a.png, a.alt), Stale: true})
			return
		}
		b.answer(req.Interaction, Message{Text: reader(commands.Input{Langs: langs}).T("button_game_gone", nil), Stale: true})
		return
	}
	b.run(req.Interaction, e, click(u, req.Click, req.Values, langs), u)
}
