package table

import (
	"fmt"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// Step is one accepted change of a table, as its record keeps it: what one command, click,
// deadline, AI turn or bot's decision did, as the events that make it, applied in order and all
// together. Replaying a table's steps rebuilds it exactly; nothing in a step is ever read again as a
// command.
type Step struct {
	// By is who made the change: a user id, an AI seat's id, or "bot" (a deadline, the host's
	// limits, a league).
	By string `json:"by"`
	// Input is what was typed or clicked, for the reader of the record only: replay never reads it.
	Input string `json:"input,omitempty"`
	// Events are what the change did.
	Events []Event `json:"events"`
}

// Kind names an event of a table's record.
type Kind string

// The events of a table's record, with the fields each one sets. RECORD.md describes them for
// other programs.
const (
	// KindCreate opens the table: Table, Channel, User (its creator, who takes the first seat),
	// Settings (complete: every default filled in), Local, and Commitment (the deal's, when
	// Settings holds a secret key). It is always the first event of a record.
	KindCreate Kind = "create"
	// KindSettings replaces the table's settings in the lobby: Settings.
	KindSettings Kind = "settings"
	// KindSetup fixes parts of the deal in the lobby of a local table (table scripts): Setup.
	KindSetup Kind = "setup"
	// KindLeague makes the table a game of a league: League.
	KindLeague Kind = "league"
	// KindJoin seats User in the lobby, under User.Name.
	KindJoin Kind = "join"
	// KindLeave takes User's seat away in the lobby (they left, or were removed); a creator who
	// leaves passes the table on to the next seat, and the last one to leave closes it.
	KindLeave Kind = "leave"
	// KindStart deals the game and starts it: Seats is the turn order it dealt.
	KindStart Kind = "start"
	// KindMove is one move of the game: Move.
	KindMove Kind = "move"
	// KindTimeout counts a missed turn: Seat let the turn deadline pass, and Policy applied (the
	// moves it made follow as move events).
	KindTimeout Kind = "timeout"
	// KindUndoAsk opens a request to take back the last turn, with its author's agreement.
	KindUndoAsk Kind = "undo_ask"
	// KindUndoVote answers the open undo request: Agree (a refusal closes it).
	KindUndoVote Kind = "undo_vote"
	// KindUndo takes moves back: Keep is how many of the game's moves stay.
	KindUndo Kind = "undo"
	// KindKickVote answers a vote to remove Seat: Agree (a refusal closes it; the first agreement
	// opens it).
	KindKickVote Kind = "kick_vote"
	// KindKick removes the player of Seat from the running game: a resignation or a handover
	// follows.
	KindKick Kind = "kick"
	// KindHandover hands Seat to an AI that plays it on (leaving:ai): User is the AI seat.
	KindHandover Kind = "handover"
	// KindAbandon closes the table before its end: Reason is empty when an administrator did,
	// ReasonExpired for an idle lobby, ReasonUnattended for a lobby no person sits at any more.
	KindAbandon Kind = "abandon"
	// KindAdjudicate ends a league's game still running at its round's deadline: Policy, the
	// league's rule (league.Policy) that places its players. The game counts as played.
	KindAdjudicate Kind = "adjudicate"
	// KindClock sets the time bank of Seat at the end of its turn (deadline:bank): Bank, what
	// was left of it plus the table's increment.
	KindClock Kind = "clock"
)

// Reasons a table is closed without an administrator.
const (
	ReasonExpired    = "expired"
	ReasonUnattended = "unattended"
)

// Event is one change of a table. Which fields it holds depends on its Kind.
type Event struct {
	Kind Kind `json:"kind"`
	// By is who made this event when it is not the step's author (the bot's resignation of a
	// removed player).
	By         string         `json:"by,omitempty"`
	Table      string         `json:"table,omitempty"`
	Channel    string         `json:"channel,omitempty"`
	Local      bool           `json:"local,omitempty"`
	Commitment string         `json:"commitment,omitempty"`
	User       *User          `json:"user,omitempty"`
	Settings   *Settings      `json:"settings,omitempty"`
	Setup      *game.Setup    `json:"setup,omitempty"`
	League     *LeagueGame    `json:"league,omitempty"`
	Seats      []User         `json:"seats,omitempty"`
	Move       *game.Move     `json:"move,omitempty"`
	Seat       *int           `json:"seat,omitempty"`
	Policy     string         `json:"policy,omitempty"`
	Agree      *bool          `json:"agree,omitempty"`
	Keep       *int           `json:"keep,omitempty"`
	Reason     string         `json:"reason,omitempty"`
	Bank       *time.Duration `json:"bank,omitempty"`
}

// Create opens a table; settings must be complete (Settings.WithDefaults).
func Create(id, channel string, creator User, s Settings, local bool) Event {
	ev := Event{Kind: KindCreate, Table: id, Channel: channel, User: &creator, Settings: &s, Local: local}
	if s.Key != "" {
		ev.Commitment = DealCommitment(id, s.Key)
	}
	return ev
}

// ChangeSettings replaces the lobby's settings.
func ChangeSettings(s Settings) Event { return Event{Kind: KindSettings, Settings: &s} }

// FixSetup fixes parts of the deal of a local table.
func FixSetup(s game.Setup) Event { return Event{Kind: KindSetup, Setup: &s} }

// MarkLeague makes the table a game of a league.
func MarkLeague(l LeagueGame) Event { return Event{Kind: KindLeague, League: &l} }

// Join seats u in the lobby.
func Join(u User) Event { return Event{Kind: KindJoin, User: &u} }

// Leave takes u's seat away in the lobby.
func Leave(u User) Event { return Event{Kind: KindLeave, User: &u} }

// Start starts the game; seats is the turn order it deals (nil: the table's, checked on replay
// only when given).
func Start(seats []User) Event { return Event{Kind: KindStart, Seats: seats} }

// Move is a move of the game.
func Move(m game.Move) Event { return Event{Kind: KindMove, Move: &m} }

// MoveBy is a move of the game made by someone other than the step's author.
func MoveBy(by string, m game.Move) Event { return Event{Kind: KindMove, Move: &m, By: by} }

// Timeout counts a missed turn of seat, which policy played.
func Timeout(seat int, policy string) Event {
	return Event{Kind: KindTimeout, Seat: &seat, Policy: policy}
}

// UndoAsk asks to take back the last turn.
func UndoAsk() Event { return Event{Kind: KindUndoAsk} }

// VoteUndo answers the undo request.
func VoteUndo(agree bool) Event { return Event{Kind: KindUndoVote, Agree: &agree} }

// Undo keeps the first keep moves of the game and takes back the others.
func Undo(keep int) Event { return Event{Kind: KindUndo, Keep: &keep} }

// VoteKick answers the vote to remove seat.
func VoteKick(seat int, agree bool) Event {
	return Event{Kind: KindKickVote, Seat: &seat, Agree: &agree}
}

// Kick removes seat's player from the running game.
func Kick(seat int) Event { return Event{Kind: KindKick, Seat: &seat} }

// Handover hands seat to the AI seat ai.
func Handover(seat int, ai User) Event { return Event{Kind: KindHandover, Seat: &seat, User: &ai} }

// Clock sets seat's time bank to bank at the end of its turn.
func Clock(seat int, bank time.Duration) Event {
	return Event{Kind: KindClock, Seat: &seat, Bank: &bank}
}

// Abandon closes the table before its end, for reason ("" for an administrator).
func Abandon(reason string) Event { return Event{Kind: KindAbandon, Reason: reason} }

// Adjudicate ends a league's game at its round's deadline, placed by policy.
func Adjudicate(policy league.Policy) Event {
	return Event{Kind: KindAdjudicate, Policy: string(policy)}
}

// check tells whether an event holds the fields its kind needs.
func (ev Event) check() error {
	missing := func(field string) error { return fmt.Errorf("a %s event without its %s", ev.Kind, field) }
	switch ev.Kind {
	case KindCreate:
		switch {
		case ev.Table == "":
			return missing("table")
		case ev.User == nil:
			return missing("user")
		case ev.Settings == nil:
			return missing("settings")
		}
	case KindSettings:
		if ev.Settings == nil {
			return missing("settings")
		}
	case KindSetup:
		if ev.Setup == nil {
			return missing("setup")
		}
	case KindLeague:
		if ev.League == nil {
			return missing("league")
		}
	case KindJoin, KindLeave:
		if ev.User == nil {
			return missing("user")
		}
	case KindMove:
		if ev.Move == nil {
			return missing("move")
		}
	case KindTimeout, KindKick:
		if ev.Seat == nil {
			return missing("seat")
		}
	case KindAdjudicate:
		if ev.Policy == "" {
			return missing("policy")
		}
	case KindUndoVote:
		if ev.Agree == nil {
			return missing("agree")
		}
	case KindUndo:
		if ev.Keep == nil {
			return missing("keep")
		}
	case KindKickVote:
		if ev.Seat == nil || ev.Agree == nil {
			return missing("seat or agree")
		}
	case KindHandover:
		if ev.Seat == nil || ev.User == nil {
			return missing("seat or user")
		}
	case KindClock:
		if ev.Seat == nil || ev.Bank == nil {
			return missing("seat or bank")
		}
	case KindStart, KindUndoAsk, KindAbandon:
	default:
		return fmt.Errorf("an event of no known kind %q", ev.Kind)
	}
	return nil
}
