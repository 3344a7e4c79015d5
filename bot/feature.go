package bot

import (
	"log/slog"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// A Feature adds to the host what runs around its games, each in a package of its own (leagues,
// vacations, follows, turn DMs): its commands (AddCommand, AddOption), what it does when a game
// ends (OnGameEnd) and at each round of the timer loop (OnTick), what stops a player's clock
// (OnClockStops), what /carc status tells of a game (OnStatus), and timers of their own kinds
// (AddTimers, OnTurnTimers). The features a host runs are
// Config.Features; each attaches itself when the host is made, in that order, which is the order
// the chat shows their commands in.
type Feature interface {
	Attach(h *Host) error
}

// hooks are what the features asked the host to call.
type hooks struct {
	gameEnd    []func(id string)
	told       []func(Told)
	revoked    []func(game string, t *table.Table, generation uint64)
	tick       []func(now time.Time) int
	clockStops func(guild, user string) ([]storage.Vacation, error)
	timers     map[string]func(due []storage.Timer)
	turnTimers []func(p storage.Settings, user string, start time.Time) []storage.Timer
	status     []func(p *lang.Printer, t *table.Table, guild string) []string
	tableInput []func(guild string, t *table.Table, in commands.Input) commands.Input
	mark       func(rec storage.GameRecord) (table.LeagueGame, error)
}

// OnTableInput has fn complete what a table's command is told of the person who gives it at t,
// a game of guild: the facts its powers need that only a feature knows (whether they play in the
// game's league).
func (b *Host) OnTableInput(fn func(guild string, t *table.Table, in commands.Input) commands.Input) {
	b.hooks.tableInput = append(b.hooks.tableInput, fn)
}

// tableInput is in as the features complete it for a command at t, a game of guild.
func (b *Host) tableInput(guild string, t *table.Table, in commands.Input) commands.Input {
	for _, fn := range b.hooks.tableInput {
		in = fn(guild, t, in)
	}
	return in
}

// OnLeagueMark has fn give the mark of a league game whose table does not carry it (one opened
// before games carried it), from its record: the host commits it as the bot's step when it loads
// the game (one feature gives them: the last to ask is asked).
func (b *Host) OnLeagueMark(fn func(rec storage.GameRecord) (table.LeagueGame, error)) {
	b.hooks.mark = fn
}

// OnGameEnd has fn called with a game's id once its end is stored by a commit (a move, an AI's or
// a deadline's turn, an abandon), with the game's lock still held: fn must not wait for a game's
// lock (it may try one). A league game's adjudication (Adjudicate) is not such an end: the league
// that asks for it knows the game's end already.
func (b *Host) OnGameEnd(fn func(id string)) { b.hooks.gameEnd = append(b.hooks.gameEnd, fn) }

// OnTick has fn called at each round of the timer loop (FireTimers), after the games' timers,
// with the loop's moment; fn returns how many things it handled (FireTimers counts them).
func (b *Host) OnTick(fn func(now time.Time) int) { b.hooks.tick = append(b.hooks.tick, fn) }

// Told is an announcement of a game as its place was told it (a turn, or its end), for those who
// hear of the game elsewhere (its followers).
type Told struct {
	Game, Guild, Place string
	// Seq is the position of the move told, Table the game after it.
	Seq   uint64
	Table *table.Table
	// Text is what the place read, without its mentions; Board the picture posted with it.
	Text  string
	Board []byte
	// BoardAlt is what Board shows, for a screen reader.
	BoardAlt string
	// End marks the game's end: its post is told even if it failed.
	End bool
}

// OnTold has fn called with every announcement of a game that its place was told (a game's end
// even if its post failed), in the game's order, after the game's lock is released.
func (b *Host) OnTold(fn func(Told)) { b.hooks.told = append(b.hooks.told, fn) }

// OnLinksRevoked has fn called when the links to a game's page are revoked (/carc board
// revoke:true) up to generation, with the game's lock held: fn does its work in the Background.
func (b *Host) OnLinksRevoked(fn func(game string, t *table.Table, generation uint64)) {
	b.hooks.revoked = append(b.hooks.revoked, fn)
}

// told calls the OnTold hooks.
func (b *Host) told(t Told) {
	if t.Table == nil || t.Table.Game == nil {
		return // a lobby's changes are not turns
	}
	for _, fn := range b.hooks.told {
		fn(t)
	}
}

// Background runs work by a goroutine of its own, which Close waits for; a panic of it is logged
// as what, and goes no further.
func (b *Host) Background(what string, work func()) {
	b.async(nil, what, func(*posting) { work() })
}

// AddTimers has fire handle the timers of kind, which the feature sets in games (OnTurnTimers):
// at each round of the timer loop, every one due at once, whatever its game (a digest of a
// player's turns is one message). fire completes them (TimerDone) or moves them (MoveTimer).
func (b *Host) AddTimers(kind string, fire func(due []storage.Timer)) {
	if b.hooks.timers == nil {
		b.hooks.timers = map[string]func([]storage.Timer){}
	}
	b.hooks.timers[kind] = fire
}

// OnTurnTimers has fn add timers to those of a turn that begins at start for user, whose settings
// are p (beside the host's deadline and reminders).
func (b *Host) OnTurnTimers(fn func(p storage.Settings, user string, start time.Time) []storage.Timer) {
	b.hooks.turnTimers = append(b.hooks.turnTimers, fn)
}

// Store is the host's store.
func (b *Host) Store() storage.Database { return b.store }

// Port is the host's port, which a feature posts and answers through.
func (b *Host) Port() Port { return b.port }

// Log is the host's logger.
func (b *Host) Log() *slog.Logger { return b.log }

// Answer gives the person who asked to their private answer m.
func (b *Host) Answer(to *Interaction, m Message) { b.answer(to, m) }

// Reader is the printer of what only in's user reads: their own language.
func Reader(in commands.Input) *lang.Printer { return reader(in) }

// Problem is what a failed call of the store means to the people playing, in the words of the
// catalogues (never the server's paths or system errors, which the caller logs).
func Problem(err error) msg.Message { return storeProblem(err) }
