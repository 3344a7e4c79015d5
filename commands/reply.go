package commands

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// ImageKind says which picture goes with a reply.
type ImageKind int

// Pictures.
const (
	NoImage ImageKind = iota
	// BoardImage is the board as everyone sees it, with the spot markers of a pending meeple step.
	BoardImage
	// PreviewImage shows the proposed placement translucent (private to the player).
	PreviewImage
	// EndImage is the final board with the score breakdown.
	EndImage
	// TilesImage is the picture of the tiles still to come (CountTilesLeft), beside their list.
	TilesImage
)

// File is an attachment other than the picture.
type File struct {
	Name string
	Data []byte
	// Description is what a picture shows, for a screen reader (at most MaxAlt characters).
	Description string
}

// ButtonStyle is how a button looks.
type ButtonStyle int

// Button styles (Discord's primary, secondary, success, danger).
const (
	Primary ButtonStyle = iota + 1
	Secondary
	Success
	Danger
)

// Button is a clickable choice; its ID says what it does (see ComponentID).
type Button struct {
	ID       string
	Label    string
	Style    ButtonStyle
	Disabled bool
}

// Select is a drop-down of choices.
type Select struct {
	ID          string
	Placeholder string
	Options     []Choice
}

// Choice is one autocomplete or select entry: what people read and the value sent back.
type Choice struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Reply is the answer to an input.
type Reply struct {
	Text string
	// OK means the input was accepted: the table changed (Changed) or the answer is read-only.
	OK bool
	// Refused is set when only part of a turn command stands: a move in it revealed something
	// hidden, so it was committed up to there, and the rest was refused for the reason given here.
	// It is told to the player alone; Text is the public account of what stands.
	Refused string
	// Ephemeral replies are seen only by the person who acted (errors, previews).
	Ephemeral bool
	// Table is the table after the input: the same one when nothing changed, a new one after
	// /carc new, nil when no table exists.
	Table *table.Table
	// Shown is the position the picture shows when it is not Table's own (a past turn, for
	// /carc replay): a view to draw, never a table to keep.
	Shown *table.Table
	// Changed means the table changed and must be stored before the reply is sent.
	Changed bool
	// Step is what changed it, as the table's record keeps it (set when Changed): the store keeps
	// it, and replaying the record applies it again.
	Step *table.Step
	// Image is the picture to attach, drawn from the redacted view.
	Image ImageKind
	// Lang is the language of the reply's text, which its picture is drawn in: the user's own
	// for an ephemeral reply, the table's (else the server's) for the channel. Empty: the
	// table's.
	Lang string
	// Preview is the placement to show in a PreviewImage.
	Preview *game.Placement
	// Ping lists the users whom the message mentions and may notify.
	Ping []string
	// Rows of buttons, and an optional select menu.
	Buttons [][]Button
	Select  *Select
	Events  []game.Event
	// File is a document to attach (a game record), seen only by the person who asked.
	File *File
	// Stale means the clicked message's buttons can never work again (an earlier turn, a game
	// that ended): the bot greys them out.
	Stale bool
}

// Pictured is the table the reply's picture shows: Shown when set, else Table.
func (r Reply) Pictured() *table.Table {
	if r.Shown != nil {
		return r.Shown
	}
	return r.Table
}

// inLanguage sets the language of r's picture (Reply.Lang) as its text's is chosen.
func inLanguage(r Reply, in Input) Reply {
	if r.Lang == "" {
		if r.Ephemeral {
			r.Lang = in.own().Code()
		} else {
			r.Lang = public(r.Table, in).Code()
		}
	}
	return r
}

// spoken marks r as written by p: its picture is drawn in p's language too.
func spoken(p *lang.Printer, r Reply) Reply {
	r.Lang = p.Code()
	return r
}

// failT refuses an input with a message of the catalogues, in the user's own language.
func failT(t *table.Table, in Input, id string, a lang.A) Reply {
	return Reply{Text: SentenceOf(in.own(), id, a), Ephemeral: true, Table: t}
}

// failIn refuses with a message of the catalogues in p's language, for what the bot runs on its
// own (a deadline, an AI's turn, a league's mark, a record's entry): its values that are errors
// are written in the same language.
func failIn(t *table.Table, p *lang.Printer, id string, a lang.A) Reply {
	return Reply{Text: errorTextIn(p, refusal(id, a)), Ephemeral: true, Table: t}
}

func fail(t *table.Table, format string, a ...any) Reply {
	return Reply{Text: Sentence(sprintf(format, a...)), Ephemeral: true, Table: t}
}

// changed completes the reply to an accepted change made in x: the new table and the step that
// records it.
func changed(x *table.Tx, r Reply) Reply {
	r.OK, r.Changed, r.Table, r.Step = true, true, x.Table, &x.Step
	return r
}

// WentWrong is the answer to a command that panicked (the bot's handlers and the local table
// recover from a panic and answer with it), in its reader's language.
func WentWrong(in Input) string { return in.own().T("bot_went_wrong", nil) }
