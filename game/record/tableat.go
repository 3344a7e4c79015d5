package record

import (
	"errors"
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TableAt opens a complete document as a local table after turn n (0: before the first move): the
// game as it stood then, ready to be played on in the terminal or by a table script, for what-if
// analysis. The document is checked first as Replay does, so that nobody plays on from a game that
// did not happen. The table is built by the steps of a record of its own, which it returns: the
// players seated under their names in the order they joined (the seats an AI played as AI seats of
// its level), at a table with the document's options, dealt the document's deal, then its moves.
func TableAt(d Document, n int) (*table.Table, []table.Step, error) {
	if !d.Complete || d.Setup == nil {
		return nil, nil, errors.New("this record is of a running game: it has no deal to play from (export it again once the game is over; a game of the terminal plays on where it stopped with bot play --resume)")
	}
	if _, err := Replay(d); err != nil {
		return nil, nil, err
	}
	if len(d.Players) == 0 {
		return nil, nil, errors.New("the record has no players")
	}
	e, err := game.LookupMap(d.Setup.Map)
	if err != nil {
		return nil, nil, err
	}
	users, err := seats(d, e)
	if err != nil {
		return nil, nil, err
	}
	s := table.Settings{Map: e.ID, Options: d.Setup.Options, Seed: d.Setup.Seed, SeedSet: d.Setup.Generator == "",
		Generator: d.Setup.Generator, Key: d.Setup.Key}
	if o := d.Table; o != nil {
		s.Hints, s.Leaving, s.Deadline, s.Policy, s.MissedLimit, s.Unrated = o.Hints, o.Leaving, o.Deadline, o.Policy, o.Missed, o.Unrated
		s.NoVacations, s.Bank, s.Increment = o.NoVacations, o.Bank, o.Increment
	}
	if s, err = s.WithDefaults(); err != nil {
		return nil, nil, err
	}
	x := table.Begin(nil, users[0].ID)
	events := []table.Event{table.Create("record-"+d.Game, "terminal", users[0], s, true)}
	fixed := game.Setup{Starts: d.Setup.Starts, DeckTop: d.Setup.DeckTop, Stack: d.Setup.Stack, Chips: d.Setup.Chips, Fixed: d.Setup.Fixed}
	if fixed.Starts != nil || fixed.DeckTop != nil || fixed.Stack != nil || fixed.Chips != nil || fixed.Fixed != nil {
		events = append(events, table.FixSetup(fixed))
	}
	for _, u := range users[1:] {
		events = append(events, table.Join(u))
	}
	if err := x.Do(append(events, table.Start(nil))...); err != nil {
		return nil, nil, fmt.Errorf("the record's table: %w", err)
	}
	t, steps := x.Table, []table.Step{x.Step}
	for _, m := range d.Moves {
		if t.Game.Turn > n || t.Game.Over() {
			break
		}
		by := m.User
		if seat := t.FindSeat(m.User); seat >= 0 {
			by = t.Seats[seat].ID
		}
		y := table.Begin(t, by)
		if err := y.Do(table.Move(m.Move)); err != nil {
			return nil, nil, fmt.Errorf("%w at move %d (turn %d, %s): the move is refused: %w", ErrDiverges, m.N, t.Game.Turn, game.Echo(m.User), err)
		}
		t, steps = y.Table, append(steps, y.Step)
	}
	return t, steps, nil
}

// seats are the players of a document in the order they joined (its deal's), each a person under
// their name or, where the document says an AI played the seat from the start, an AI seat.
func seats(d Document, e game.MapRules) ([]table.User, error) {
	g, err := game.NewGame(e.Map, e.Variant, *d.Setup)
	if err != nil {
		return nil, fmt.Errorf("the record's deal: %w", err)
	}
	users := make([]table.User, len(d.Players))
	for i, name := range d.Players {
		users[i] = table.User{ID: name, Name: name}
		turn := slices.IndexFunc(g.Players, func(p game.Player) bool { return p.Name == name })
		if d.Table != nil && turn >= 0 && turn < len(d.Table.AI) && d.Table.AI[turn] != "" {
			users[i] = table.AISeat(d.Table.AI[turn], turn+1, name)
		}
	}
	return users, nil
}
