package table

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// ErrNoTable reports an event other than create before a table exists, or a create after it.
var ErrNoTable = errors.New("a table's record starts with its create event, and only there")

// Apply changes t by one event of its record, made by by (the event's own author if it names
// one): how a command changes a table, and how a record is replayed. t is nil before the create
// event, which returns the new table. It returns the table and what the engine's moves caused.
// An event that does not fit the table is refused with an error; t may then be half changed, so
// callers apply events to a copy (Tx does).
func Apply(t *Table, by string, ev Event) (*Table, []game.Event, error) {
	if err := ev.check(); err != nil {
		return t, nil, err
	}
	if ev.By != "" {
		by = ev.By
	}
	if ev.Kind == KindCreate {
		if t != nil {
			return t, nil, ErrNoTable
		}
		nt, err := create(ev)
		return nt, nil, err
	}
	if t == nil {
		return nil, nil, ErrNoTable
	}
	if ev.Kind == KindMove {
		events, err := t.move(by, *ev.Move)
		return t, events, err
	}
	return t, nil, t.change(by, ev)
}

// create opens a lobby: the creator takes the first seat.
func create(ev Event) (*Table, error) {
	s, err := ev.Settings.WithDefaults()
	if err != nil {
		return nil, err
	}
	if s.Key != "" && ev.Commitment != DealCommitment(ev.Table, s.Key) {
		return nil, fmt.Errorf("table %s: the deal's key does not match its commitment %s", ev.Table, ev.Commitment)
	}
	return &Table{ID: ev.Table, Channel: ev.Channel, Creator: *ev.User, Seats: []User{*ev.User}, Status: Lobby, Settings: s, Local: ev.Local}, nil
}

// change applies every event but create and move.
func (t *Table) change(by string, ev Event) error {
	switch ev.Kind {
	case KindSettings, KindSetup, KindJoin, KindLeave, KindStart:
		if t.Status != Lobby {
			return fmt.Errorf("a %s event after the lobby (table %s)", ev.Kind, t.Status)
		}
	case KindLeague, KindAbandon:
		if t.Status != Lobby && t.Status != Playing {
			return fmt.Errorf("a %s event at a table that is %s", ev.Kind, t.Status)
		}
	default:
		if t.Status != Playing {
			return fmt.Errorf("a %s event at a table that is %s", ev.Kind, t.Status)
		}
	}
	switch ev.Kind {
	case KindSettings:
		s, err := ev.Settings.WithDefaults()
		if err != nil {
			return err
		}
		t.Settings = s
	case KindSetup:
		if !t.Local {
			return errors.New("a setup event at a table that is not local: only table scripts fix a deal")
		}
		t.overrides = *ev.Setup
	case KindLeague:
		if t.League != nil {
			return fmt.Errorf("table %s is already a game of the league %s", t.ID, t.League.ID)
		}
		l := *ev.League
		t.League = &l
	case KindJoin:
		return t.join(*ev.User)
	case KindLeave:
		return t.leave(ev.User.ID)
	case KindStart:
		return t.start(ev.Seats)
	case KindTimeout:
		if err := t.seat(*ev.Seat); err != nil {
			return err
		}
		t.Missed[*ev.Seat]++
	case KindUndoAsk:
		t.Undo = &UndoRequest{By: by, Turn: t.Game.Turn, Approvals: []string{by}}
	case KindUndoVote:
		if t.Undo == nil {
			return errors.New("an undo vote with no undo request open")
		}
		switch {
		case !*ev.Agree:
			t.Undo = nil
		case !slices.Contains(t.Undo.Approvals, by):
			t.Undo.Approvals = append(t.Undo.Approvals, by)
		}
	case KindUndo:
		return t.undo(*ev.Keep)
	case KindKickVote:
		if err := t.seat(*ev.Seat); err != nil {
			return err
		}
		if !*ev.Agree {
			t.Kick = nil
			return nil
		}
		if t.Kick == nil || t.Kick.Seat != *ev.Seat {
			t.Kick = &KickVote{Seat: *ev.Seat}
		}
		if !slices.Contains(t.Kick.Approvals, by) {
			t.Kick.Approvals = append(t.Kick.Approvals, by)
		}
	case KindKick:
		if err := t.seat(*ev.Seat); err != nil {
			return err
		}
		t.Kick = nil
	case KindHandover:
		return t.handover(*ev.Seat, *ev.User)
	case KindClock:
		if err := t.seat(*ev.Seat); err != nil {
			return err
		}
		if len(t.Banks) != len(t.Seats) {
			return errors.New("a clock event at a table without time banks")
		}
		if *ev.Bank < 0 {
			return fmt.Errorf("a clock event with a negative bank %v", *ev.Bank)
		}
		t.Banks[*ev.Seat] = *ev.Bank
	case KindAbandon:
		t.Status = Abandoned
		t.Undo, t.Kick = nil, nil
	case KindAdjudicate:
		t.Status, t.Adjudicated = Finished, league.Policy(ev.Policy)
		t.Undo, t.Kick = nil, nil
	}
	return nil
}

// seat checks a seat number of an event.
func (t *Table) seat(i int) error {
	if i < 0 || i >= len(t.Seats) {
		return fmt.Errorf("seat %d: the table has %d seats", i, len(t.Seats))
	}
	return nil
}

func (t *Table) join(u User) error {
	switch {
	case t.Seat(u.ID) >= 0:
		return fmt.Errorf("%s is already seated at table %s", u.ID, t.ID)
	case len(t.Seats) >= MaxSeats:
		return fmt.Errorf("table %s is full", t.ID)
	case t.UniqueName(u.Name) != u.Name:
		return fmt.Errorf("the name %q is taken at table %s", u.Name, t.ID)
	}
	t.Seats = append(t.Seats, u)
	return nil
}

func (t *Table) leave(id string) error {
	i := t.Seat(id)
	if i < 0 {
		return fmt.Errorf("%s is not seated at table %s", id, t.ID)
	}
	if id == t.Creator.ID && len(t.Seats) > 1 {
		t.Creator = t.Seats[1]
	}
	t.Seats = slices.Delete(t.Seats, i, i+1)
	if len(t.Seats) == 0 {
		t.Status = Abandoned
	}
	return nil
}

// start deals the game from the settings and the seats; seats, if given, is the turn order the
// record says it dealt.
func (t *Table) start(seats []User) error {
	e := t.Entry()
	names := make([]string, len(t.Seats))
	for i, u := range t.Seats {
		names[i] = u.Name
	}
	setup := t.overrides
	setup.Map, setup.Players, setup.Options = e.ID, names, t.Settings.Options
	setup.Seed, setup.Generator, setup.Key = t.Settings.Seed, t.Settings.Generator, t.Settings.Key
	g, err := game.NewGame(e.Map, e.Variant, setup)
	if err != nil {
		return err
	}
	if t.Settings.Options.RandomOrder {
		// The engine shuffled the seats; follow it.
		order := make([]User, len(g.Players))
		for i, p := range g.Players {
			order[i] = t.Seats[slices.IndexFunc(t.Seats, func(u User) bool { return u.Name == p.Name })]
		}
		t.Seats = order
	}
	if seats != nil && !slices.Equal(seats, t.Seats) {
		return fmt.Errorf("table %s deals the turn order %v, the record says %v", t.ID, t.Seats, seats)
	}
	t.Setup = g.Setup
	t.Game = g
	t.Status = Playing
	t.Missed = make([]int, len(t.Seats))
	if t.Settings.Bank > 0 {
		t.Banks = make([]time.Duration, len(t.Seats))
		for i := range t.Banks {
			t.Banks[i] = t.Settings.Bank
		}
	}
	if g.Over() {
		t.Status = Finished
	}
	return nil
}

// move plays one move of the game, made by by, and logs it. A move closes an undo request (the
// turn it would take back is no longer the last), and a resignation the vote to remove anyone.
func (t *Table) move(by string, m game.Move) ([]game.Event, error) {
	if t.Status != Playing {
		return nil, fmt.Errorf("a move at a table that is %s", t.Status)
	}
	events, err := t.Game.Apply(m)
	if err != nil {
		return nil, err
	}
	t.Moves = append(t.Moves, Logged{User: by, Move: m})
	t.Undo = nil
	if m.Kind == game.MoveResign {
		t.Kick = nil
	}
	if t.Game.Over() {
		t.Status = Finished
	}
	return events, nil
}

// undo keeps the first keep moves and replays them.
func (t *Table) undo(keep int) error {
	if keep < 0 || keep >= len(t.Moves) {
		return fmt.Errorf("an undo that keeps %d of %d moves", keep, len(t.Moves))
	}
	t.Moves = t.Moves[:keep]
	t.Undo = nil
	if err := t.Rebuild(); err != nil {
		return err
	}
	t.Status = Playing
	return nil
}

// handover gives seat to the AI seat ai, which plays it on with its score, meeples and chips.
func (t *Table) handover(seat int, ai User) error {
	if err := t.seat(seat); err != nil {
		return err
	}
	if _, isAI := AILevel(ai); !isAI || t.Seat(ai.ID) >= 0 {
		return fmt.Errorf("seat %d is handed to %q, which is no free AI seat", seat, ai.ID)
	}
	if t.Left == nil {
		t.Left = make([]User, len(t.Seats))
	}
	t.Left[seat] = t.Seats[seat]
	t.Seats[seat] = ai
	t.Missed[seat] = 0
	t.Kick, t.Undo = nil, nil
	return nil
}

// Tx is a change being made to a table: events applied one by one to a copy of it, which the
// caller keeps (with the Step that records it) only if every one applied.
type Tx struct {
	// Table is the table as changed so far: a copy, or nil before the create event.
	Table *Table
	// Step records the change: its author and the events applied.
	Step Step
	// Events are what the engine's moves caused; Moves the moves played.
	Events []game.Event
	Moves  []game.Move
}

// Begin starts a change of t (nil before the table exists) by by.
func Begin(t *Table, by string) *Tx {
	x := &Tx{Step: Step{By: by}}
	if t != nil {
		x.Table = t.Clone()
	}
	return x
}

// Do applies events in order; after an error the Tx must be dropped.
func (x *Tx) Do(events ...Event) error {
	for _, ev := range events {
		t, out, err := Apply(x.Table, x.Step.By, ev)
		if err != nil {
			return err
		}
		x.Table = t
		x.Step.Events = append(x.Step.Events, ev)
		x.Events = append(x.Events, out...)
		if ev.Kind == KindMove {
			x.Moves = append(x.Moves, *ev.Move)
		}
	}
	return nil
}

// Clone copies the change so far, to keep it while more is tried.
func (x *Tx) Clone() *Tx {
	c := &Tx{Step: Step{By: x.Step.By, Input: x.Step.Input, Events: slices.Clone(x.Step.Events)},
		Events: slices.Clone(x.Events), Moves: slices.Clone(x.Moves)}
	if x.Table != nil {
		c.Table = x.Table.Clone()
	}
	return c
}

// Replay rebuilds a table from its record: its steps in order, the first one creating it.
func Replay(steps []Step) (*Table, error) { return ReplayTo(steps, math.MaxInt) }
