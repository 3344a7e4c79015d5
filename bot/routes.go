package bot

import (
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
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
	b.routes.answer("carc", "board", b.atTable(tableCmd{after: b.boardLinks}), always)
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
