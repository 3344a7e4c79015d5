package bot

import (
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/web"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// The host answers the commands it declares, and only those: one table, built from the
// declarations, gives each command path ("carc new", "player games", "place") what runs it. The
// table's commands (commands.Surface) run at the game of the request's place unless the host
// answers one itself (a new game, /carc status); a feature adds its own commands, with what runs
// them (AddCommand). The chat shows the declarations (Surface) and hands every command to Command,
// naming none.

// Handler runs a command for the person who asked, and answers them.
type Handler func(req *Request, in commands.Input)

// route is what runs one command path, and whether the command is about the game of its place:
// one a place whose game is set aside cannot serve.
type route struct {
	run   Handler
	about func(in commands.Input) bool
}

func always(commands.Input) bool { return true }
func never(commands.Input) bool  { return false }

// path is the key of a command in the routes: its name, and its subcommand's.
func path(command, sub string) string {
	if sub == "" {
		return command
	}
	return command + " " + sub
}

// routes are the host's commands: their declarations in the order the chat shows them, what runs
// each path, and the options a feature answers of another's command (AddOption).
type routes struct {
	decls   []commands.Command
	paths   map[string]route
	options map[string][]option
}

// option is an option of a command that a feature answers itself: the command runs by run when
// the option is given.
type option struct {
	name string
	run  Handler
}

// declare adds a command's declaration, each of its paths run by run: a declaration named as one
// the host has adds its subcommands to it.
func (r *routes) declare(c commands.Command, run Handler, about func(commands.Input) bool) {
	if r.paths == nil {
		r.paths = map[string]route{}
	}
	if i := slices.IndexFunc(r.decls, func(d commands.Command) bool { return d.Name == c.Name }); i >= 0 {
		r.decls[i].Subs = append(slices.Clone(r.decls[i].Subs), c.Subs...)
	} else {
		r.decls = append(r.decls, c)
	}
	if len(c.Subs) == 0 {
		r.paths[path(c.Name, "")] = route{run, about}
	}
	for _, s := range c.Subs {
		r.paths[path(c.Name, s.Name)] = route{run, about}
	}
}

// answer runs one path of a declared command the host answers itself (the others run at the
// table).
func (r *routes) answer(command, sub string, run Handler, about func(commands.Input) bool) {
	p := path(command, sub)
	if _, ok := r.paths[p]; !ok {
		panic("bot: a route for /" + p + ", which no declaration has") // renamed in commands: rename here
	}
	r.paths[p] = route{run, about}
}

// of is the route of a command; one the host did not declare runs at the table, which refuses it.
func (r *routes) of(in commands.Input, atTable Handler) route {
	rt, ok := r.paths[path(in.Command, in.Sub)]
	if !ok {
		return route{atTable, always}
	}
	for _, o := range r.options[path(in.Command, in.Sub)] {
		if _, given := in.Options[o.name]; given {
			rt.run = o.run
		}
	}
	return rt
}

// AddCommand adds a feature's command to the host: its declaration, which the chat shows (one
// named as a command the host has, like /player or /carc, adds its subcommands to it), and run,
// which answers each of its subcommands. A feature's commands are not about the game of their
// place.
func (b *Host) AddCommand(c commands.Command, run Handler) { b.routes.declare(c, run, never) }

// AddOption adds opt to the declared subcommand sub of command (the last of its options), answered
// by run whenever it is given: a feature's setting among another's (the server's vacation days
// among a player's own settings).
func (b *Host) AddOption(command, sub string, opt commands.Option, run Handler) {
	for i, c := range b.routes.decls {
		for j, s := range c.Subs {
			if c.Name == command && s.Name == sub {
				s.Options = append(slices.Clone(s.Options), opt)
				b.routes.decls[i].Subs = slices.Clone(c.Subs)
				b.routes.decls[i].Subs[j] = s
			}
		}
	}
	if b.routes.options == nil {
		b.routes.options = map[string][]option{}
	}
	p := path(command, sub)
	b.routes.options[p] = append(b.routes.options[p], option{opt.Name, run})
}

// Surface is every command the host answers, as declared, in the order the chat shows them.
func (b *Host) Surface() []commands.Command {
	out := make([]commands.Command, len(b.routes.decls))
	for i, c := range b.routes.decls {
		c.Subs = slices.Clone(c.Subs)
		out[i] = c
	}
	return out
}

// declareCommands builds the host's own routes: the table's commands, each run at the game of its
// place (some as their tableCmd says) unless the host answers it itself, and /player, of which the
// host answers what a person plays (/player games) and the features the rest.
func (b *Host) declareCommands() {
	for _, c := range commands.Surface() {
		b.routes.declare(c, b.atTable(tableCmd{}), always)
	}
	b.routes.answer("carc", "new", b.newGame, func(in commands.Input) bool { return in.Options["thread"] != "true" })
	b.routes.answer("carc", "status", b.status, always)
	b.routes.answer("carc", "join", b.atTable(tableCmd{seat: true}), always)
	// A finished game's board and its page's link (new ones after a revocation) stay one command away.
	b.routes.answer("carc", "board", b.atTable(tableCmd{afterTheEnd: true, after: b.boardLinks}), always)
	// What still answers about a game once it has ended and left its place.
	b.routes.answer("carc", "export", b.atTable(tableCmd{afterTheEnd: true, before: b.readRecord}), always)
	for _, sub := range []string{"history", "replay"} {
		b.routes.answer("carc", sub, b.atTable(tableCmd{afterTheEnd: true}), always)
	}
	for _, sub := range []string{"help", "rules"} {
		b.routes.answer("carc", sub, b.atTable(tableCmd{}), never)
	}
	b.routes.declare(playerSurface, b.playerGames, never)
	b.routes.answer("player", "settings", b.playerSettings, never)
}

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
func (b *Host) refuse(to *Interaction, why string) { b.answer(to, Refusal(why)) }

// Autocomplete answers the completion of an option of a command being typed: the legal values
// given the options typed so far.
func (b *Host) Autocomplete(req *Request) []commands.Choice {
	if e := b.entryAt(req.Place); e != nil && b.lock(e) {
		defer e.mu.Unlock()
		return commands.Autocomplete(e.table, req.Input, req.Focused)
	}
	return commands.Autocomplete(nil, req.Input, req.Focused)
}

// Command runs a person's slash command, by the route its declaration gives it, and
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
	// A game set aside is never loaded: only a place without a game in play can be one's.
	if r.about(in) && b.entryAt(req.Place) == nil {
		if why, ok := b.aside.at(req.Place); ok {
			b.refuse(req.Interaction, reader(in).T("aside_here", lang.A{"Why": why}))
			return
		}
	}
	r.run(req, in)
}

// tableCmd is how the host runs one of the table's commands at the game of its place: what the
// routes say of it beyond the table's own answer.
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
		// No game runs here: a command's answer says so, and when the place's last game is
		// over, how it ended and what is possible now (commands.GameOver).
		var last *table.Table
		if f := b.finished(req.Place); f != nil {
			if act := b.commandAction(&gameEntry{place: req.Place}, in, c); b.madeAlready(f, act, in.User) {
				a := b.alreadyMade(f, act)
				b.answer(req.Interaction, Message{Text: a.text, Files: BoardFile(a.png, a.alt)})
				return
			}
			last = f.table
		}
		r := commands.GameOver(last, in)
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
	if err == nil && c.Verb == web.PlayLinkVerb {
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
