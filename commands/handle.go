package commands

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

func sprintf(format string, a ...any) string {
	if len(a) == 0 {
		return format
	}
	return fmt.Sprintf(format, a...)
}

// DefaultMap is the map of /carc new when none is given (a setting of the registry).
var DefaultMap = variants.Default

// Handle runs one command against the table of its channel (nil when none) and returns the reply,
// with the table to keep in Reply.Table and, for a change, the step that records it (with the
// command as typed, for the record's reader). A refused command leaves the table unchanged.
func Handle(t *table.Table, in Input) (r Reply) {
	defer func() {
		if r.Table == nil && t != nil && !r.Changed {
			r.Table = t
		}
		if r.Step != nil {
			r.Step.Input = in.String()
		}
	}()
	switch in.Command {
	case "carc":
		return handleCarc(t, in)
	case "place", "meeple", "chips":
		if t == nil {
			return fail(nil, "No game here yet: start one with /carc new map:%s.", DefaultMap)
		}
		return handleTurn(t, in)
	}
	return fail(t, "/%s is not a command of this bot: use /carc, /place, /meeple or /chips (see /carc help).", game.Echo(in.Command))
}

func handleCarc(t *table.Table, in Input) Reply {
	if in.Sub == "" {
		return fail(t, "/carc needs a subcommand: %s.", Names(carcSubs))
	}
	sub, ok := Lookup(carcSubs, in.Sub)
	if !ok {
		return fail(t, "/carc %s is not a subcommand: use %s.", game.Echo(in.Sub), Names(carcSubs))
	}
	if t == nil && !sub.anywhere {
		return fail(nil, "No game here yet: start one with /carc new map:%s (maps: %s).", DefaultMap, strings.Join(variants.IDs(false), ", "))
	}
	return sub.run(t, in)
}

func imageIf(ok bool, k ImageKind) ImageKind {
	if ok {
		return k
	}
	return NoImage
}

func seatList(t *table.Table) string {
	names := make([]string, len(t.Seats))
	for i, u := range t.Seats {
		names[i] = u.Name
	}
	return strings.Join(names, ", ")
}

// carcNew opens a lobby with the table's settings.
func carcNew(t *table.Table, in Input) Reply {
	if t != nil && (t.Status == table.Lobby || t.Status == table.Playing) {
		return fail(t, "A game is already open here (%s, %s). Finish or abandon it first, or open a thread for a new one with /carc new thread:true.",
			t.Entry().Title, t.Status)
	}
	s := table.Settings{Map: DefaultMap, Options: game.DefaultOptions()}
	if v, ok := in.Options["map"]; ok {
		s.Map = v
	}
	e, err := variants.Lookup(s.Map)
	if err != nil || (e.Test && !in.Local) {
		return fail(t, "map:%s is not a map: choose %s.", game.Echo(s.Map), strings.Join(variants.IDs(false), ", "))
	}
	s.Map = e.ID
	if err := applyNewOptions(&s, e, in); err != nil {
		return fail(t, "%v", err)
	}
	if err := dealSettings(&s, e, in); err != nil {
		return fail(t, "%v", err)
	}
	id, channel := in.Table, in.Channel
	if id == "" {
		id = "local"
	}
	if s, err = s.WithDefaults(); err != nil {
		return fail(t, "%v", err)
	}
	x := table.Begin(nil, in.User.ID)
	if err := x.Do(table.Create(id, channel, in.User, s, in.Local)); err != nil {
		return fail(t, "%v", err)
	}
	nt := x.Table
	return changed(x, Reply{Text: strings.TrimSpace(fmt.Sprintf(
		"New game of Carcassonne Maps: %s, %s, turn deadline %s. %s is seated; others join with /carc join, then %s starts with /carc start. %s",
		e.Title, tilesSetting(nt), FormatDuration(nt.Settings.Deadline), in.User.Name, in.User.Name, unratedLine(nt)))})
}

// carcJoin seats the user in the lobby.
func carcJoin(t *table.Table, in Input) Reply {
	switch {
	case t.Status != table.Lobby:
		return fail(t, "You cannot join: the game has started: players can no longer join.")
	case t.Seat(in.User.ID) >= 0:
		return fail(t, "You cannot join: you are already at this table (%d of %d seats taken).", len(t.Seats), table.MaxSeats)
	case len(t.Seats) >= table.MaxSeats:
		return fail(t, "You cannot join: the table is full: %d players at most.", table.MaxSeats)
	}
	x := table.Begin(t, in.User.ID)
	if err := x.Do(table.Join(table.User{ID: in.User.ID, Name: t.UniqueName(in.User.Name)})); err != nil {
		return fail(t, "You cannot join: %v.", err)
	}
	c := x.Table
	return changed(x, Reply{Text: fmt.Sprintf("%s joined. Seats: %s. %s starts the game with /carc start.",
		c.Seats[len(c.Seats)-1].Name, seatList(c), c.Creator.Name)})
}

// carcLeave takes the user's seat away in the lobby; the last to leave closes the table.
func carcLeave(t *table.Table, in Input) Reply {
	switch {
	case t.Seat(in.User.ID) < 0:
		return fail(t, "You cannot leave: you are not at this table.")
	case t.Status != table.Lobby:
		return fail(t, "You cannot leave: the game has started: use /carc resign to leave it.")
	}
	x := table.Begin(t, in.User.ID)
	if err := x.Do(table.Leave(in.User)); err != nil {
		return fail(t, "You cannot leave: %v.", err)
	}
	if x.Table.Status == table.Abandoned {
		return changed(x, Reply{Text: "The last player left; the table is closed."})
	}
	return changed(x, Reply{Text: fmt.Sprintf("%s left. Seats: %s.", in.User.Name, seatList(x.Table))})
}

// dealSettings fixes how the game is dealt and which rules it keeps for good. A game on Discord is
// dealt from the secret key the bot drew (ChaCha8); local play from its seed. A game opened on
// Discord before secret deals (its record has neither key nor local mark) replays with the rules it
// was played under (game.Options.Legacy); every other table stores the value of each of its map's
// rule options, so that a default changed later never changes a stored game.
func dealSettings(s *table.Settings, e variants.Entry, in Input) error {
	if in.Secret != "" {
		if _, err := game.ParseKey(in.Secret); err != nil {
			return fmt.Errorf("the deal key is broken: %w", err)
		}
		s.Generator, s.Key = game.GeneratorChaCha8, in.Secret
	}
	if !in.Local && in.Secret == "" {
		s.Options.Legacy = true
		return nil
	}
	return keepFlags(s, e)
}

// keepFlags stores the value of each of the map's rule options that applies under the table's
// options (a reading of the expansions' rules only with them on).
func keepFlags(s *table.Settings, e variants.Entry) error {
	for _, f := range e.Flags {
		if !f.AppliesTo(s.Options) {
			continue
		}
		if err := s.Options.Set(f, s.Options.Value(f)); err != nil {
			return err
		}
	}
	return nil
}

func carcStart(t *table.Table, in Input) Reply {
	if t.Status != table.Lobby {
		return fail(t, "The game has already started.")
	}
	if in.User.ID != t.Creator.ID && !in.Admin {
		return fail(t, "Only %s, who opened the table, can start the game.", t.Creator.Name)
	}
	if len(t.Seats) < 2 {
		return fail(t, "A game needs at least 2 players; only %s is seated. Others join with /carc join.", seatList(t))
	}
	x := table.Begin(t, in.User.ID)
	if err := x.Do(table.Start(nil)); err != nil {
		return fail(t, "The game cannot start: %v.", err)
	}
	// The record keeps the turn order the deal gave, for its readers.
	x.Step.Events[len(x.Step.Events)-1].Seats = slices.Clone(x.Table.Seats)
	c := x.Table
	cur, _ := c.Current()
	events := c.Game.LastEvents()
	text := startText(c)
	if s := summary(c, events); s != "" {
		text = s + "\n" + text
	}
	buttons, sel := turnComponents(c)
	return changed(x, Reply{Image: BoardImage, Ping: humans(cur), Text: text, Buttons: buttons, Select: sel,
		Events: append([]game.Event(nil), events...)})
}

func carcResign(t *table.Table, in Input) Reply {
	seat := t.Seat(in.User.ID)
	if t.Status != table.Playing || seat < 0 {
		return fail(t, "You are not playing at this table.")
	}
	x := table.Begin(t, in.User.ID)
	return leaveSeat(t, x, seat, "", t.SeatName(seat)+" resigned")
}

// errorText turns an error into a player's message: a sentence with a capital and a full stop.
func errorText(err error) string {
	var me *game.MoveError
	text := err.Error()
	if errors.As(err, &me) {
		text = me.Error()
	}
	return Sentence(text)
}

func Sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		s += "."
	}
	return s
}
