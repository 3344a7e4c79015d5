package bot

import (
	"errors"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// Port is how the host speaks to the outside: the chat its games are played in (Discord through
// package bot/discord, the terminal of local play). Everything the host says goes through it, and
// it knows nothing of the chat beyond it. A place is a channel or a thread of the chat.
type Port interface {
	// Post posts m in place and returns the id of its message (its last, when the chat needs
	// several for a long text). m.Cause names the post: the same cause posted again, by this
	// process or another, shows once.
	Post(place string, m Message) (string, error)
	// Edit replaces the buttons and the menu of message id in place with m's (none: they go).
	Edit(place, id string, m Message) error
	// DM sends m to a user, privately.
	DM(user string, m Message) error
	// OpenThread opens a public thread called name in channel and returns its place.
	OpenThread(channel, name string) (string, error)
	// Answer gives the person who asked to (a command or a click) their private answer m, in
	// place of the "thinking..." they were shown.
	Answer(to *Interaction, m Message) error
	// Thinking tells whether the answer to to is still to come: an answer given is never
	// written over by a late one.
	Thinking(to *Interaction) (bool, error)
	// Link is a link to a place of guild ("" outside a server) that works wherever it is read,
	// a DM too (a channel's mention may not).
	Link(guild, place string) string
}

// Message is what the host posts, sends or answers.
type Message struct {
	// Cause names a post (outbox.go: MoveCause, CauseOf): the same post made again shows once.
	Cause string
	Text  string
	// Ping are the users the message may notify; the text names them.
	Ping []string
	// Buttons and Select are what a reader may click.
	Buttons [][]commands.Button
	Select  *commands.Select
	Files   []File
	// Stale, in an answer to a click, says that the clicked message's buttons can never work
	// again: the chat greys them out.
	Stale bool
	// Refused, in an answer, says that what was asked was refused, wholly or in the part the
	// text tells (what was done is posted): the local table's scripts read it as "ok":false.
	Refused bool
}

// Refusal is the answer that what was asked was refused, and why: nothing changed.
func Refusal(why string) Message { return Message{Text: why, Refused: true} }

// File is an attachment: a picture, a game's record, a league's table.
type File struct {
	Name string
	Data []byte
	// Description says what a picture shows, for a reader who cannot see it (a screen reader
	// reads it): in the reader's language, at most commands.MaxAlt characters.
	Description string
}

// Interaction is a person's command or click as the host keeps it: what its answer goes to. A late
// answer (outbox.go) has no ID: its interaction was taken by a process that died.
type Interaction struct {
	ID    string
	Place string
	// App and Token are the chat's address of the answer, kept with a move's announcement so that
	// another process can give it (Token empty: the chat keeps none).
	App, Token string
	// Created is when the person asked: an answer is possible within the chat's time from it.
	Created time.Time
	// Received is when this process received it (its clock): the monitoring times the answer
	// from it.
	Received time.Time
	// Locale is the person's language as the chat tells it.
	Locale string
	// Chat is the chat's own form of the interaction, for the port only.
	Chat any
}

// The port's errors say what a failure means to the host; the chat's own error is wrapped with
// them.
var (
	// ErrUnconfirmed: the chat did not answer, or failed itself: what was asked may have been
	// done all the same.
	ErrUnconfirmed = errors.New("the chat did not say whether it was done")
	// ErrForbidden: the bot may not do that there (a permission it lacks).
	ErrForbidden = errors.New("the bot may not do that there")
	// ErrNoChannel: the place does not exist (any more).
	ErrNoChannel = errors.New("no such channel")
	// ErrDMsClosed: the user takes no direct message from the bot.
	ErrDMsClosed = errors.New("the user takes no direct messages from the bot")
)

// failAttrs are the attributes of a log line about a failed call of the port: the error, and what
// the chat said of it where its error tells more (its codes).
func failAttrs(err error, attrs ...any) []any {
	attrs = append(attrs, "err", err)
	var more interface{ LogAttrs() []any }
	if errors.As(err, &more) {
		attrs = append(attrs, more.LogAttrs()...)
	}
	return attrs
}
