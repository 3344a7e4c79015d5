package commands

import (
	"errors"
	"fmt"
	"slices"
	"strings"

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
// with the table to keep in Reply.Table. A refused command leaves the table unchanged.
func Handle(t *Table, in Input) (r Reply) {
	defer func() {
		if r.Table == nil && t != nil && !r.Changed {
			r.Table = t
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
	return fail(t, "/%s is not a command of this bot: use /carc, /place, /meeple or /chips (see /carc help).", in.Command)
}

var carcSubs = []string{"new", "join", "leave", "start", "status", "board", "tiles", "log", "draw", "pass", "undo", "resign",
	"settings", "help", "rules", "abandon", "kick", "skip", "history", "replay", "export", "bot", "hint"}

func handleCarc(t *Table, in Input) Reply {
	switch in.Sub {
	case "new":
		return carcNew(t, in)
	case "help":
		return Reply{Text: helpText(in.Local), Ephemeral: true, OK: true, Table: t}
	case "rules":
		return Reply{Text: rulesText(t, in), Ephemeral: true, OK: true, Table: t}
	case "":
		return fail(t, "/carc needs a subcommand: %s.", strings.Join(carcSubs, ", "))
	}
	if !slices.Contains(carcSubs, in.Sub) {
		return fail(t, "/carc %s is not a subcommand: use %s.", in.Sub, strings.Join(carcSubs, ", "))
	}
	if t == nil {
		return fail(nil, "No game here yet: start one with /carc new map:%s (maps: %s).", DefaultMap, strings.Join(variants.IDs(false), ", "))
	}
	c := t.clone()
	switch in.Sub {
	case "join":
		if err := c.join(in.User); err != nil {
			return fail(t, "You cannot join: %v.", err)
		}
		return Reply{OK: true, Changed: true, Table: c, Text: fmt.Sprintf("%s joined. Seats: %s. %s starts the game with /carc start.",
			c.Seats[len(c.Seats)-1].Name, seatList(c), c.Creator.Name)}
	case "leave":
		if err := c.leave(in.User); err != nil {
			return fail(t, "You cannot leave: %v.", err)
		}
		if len(c.Seats) == 0 {
			c.Status = Abandoned
			return Reply{OK: true, Changed: true, Table: c, Text: "The last player left; the table is closed."}
		}
		return Reply{OK: true, Changed: true, Table: c, Text: fmt.Sprintf("%s left. Seats: %s.", in.User.Name, seatList(c))}
	case "start":
		return carcStart(t, c, in)
	case "status":
		return Reply{OK: true, Ephemeral: true, Table: t, Text: statusText(t), Image: imageIf(t.Status != Lobby, BoardImage)}
	case "board":
		return Reply{OK: true, Ephemeral: true, Table: t, Text: boardCaption(t), Image: imageIf(t.Status != Lobby, BoardImage)}
	case "tiles":
		return Reply{OK: true, Ephemeral: true, Table: t, Text: tilesText(t), Image: imageIf(t.Status != Lobby, TilesImage)}
	case "log":
		return Reply{OK: true, Ephemeral: true, Table: t, Text: logText(t, in.Options["player"])}
	case "draw", "pass":
		return handleTurn(t, in)
	case "undo":
		return carcUndo(t, c, in)
	case "resign":
		return carcResign(t, c, in)
	case "settings":
		return carcSettings(t, c, in)
	case "abandon", "skip":
		return carcAdmin(t, c, in)
	case "kick":
		return carcKick(t, c, in)
	case "bot":
		return carcBot(t, c, in)
	case "hint":
		return carcHint(t, in)
	case "history":
		return carcHistory(t, 0)
	case "replay":
		return carcReplay(t, in)
	case "export":
		return carcExport(t, in)
	}
	return fail(t, "/carc %s is not a subcommand.", in.Sub)
}

func imageIf(ok bool, k ImageKind) ImageKind {
	if ok {
		return k
	}
	return NoImage
}

func seatList(t *Table) string {
	names := make([]string, len(t.Seats))
	for i, u := range t.Seats {
		names[i] = u.Name
	}
	return strings.Join(names, ", ")
}

// carcNew opens a lobby with the table's settings.
func carcNew(t *Table, in Input) Reply {
	if t != nil && (t.Status == Lobby || t.Status == Playing) {
		return fail(t, "A game is already open here (%s, %s). Finish or abandon it first, or open a thread for a new one with /carc new thread:true.",
			t.Entry().Title, t.Status)
	}
	s := Settings{Map: DefaultMap, Options: game.DefaultOptions()}
	if v, ok := in.Options["map"]; ok {
		s.Map = v
	}
	e, err := variants.Lookup(s.Map)
	if err != nil || (e.Test && !in.Local) {
		return fail(t, "map:%s is not a map: choose %s.", s.Map, strings.Join(variants.IDs(in.Local), ", "))
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
	nt, err := NewTable(id, channel, in.User, s)
	if err != nil {
		return fail(t, "%v", err)
	}
	nt.Local = in.Local
	return Reply{OK: true, Changed: true, Table: nt, Text: strings.TrimSpace(fmt.Sprintf(
		"New game of Carcassonne Maps: %s, %s, turn deadline %s. %s is seated; others join with /carc join, then %s starts with /carc start. %s",
		e.Title, tilesSetting(nt), formatDuration(nt.Settings.Deadline), in.User.Name, in.User.Name, unratedLine(nt)))}
}

// dealSettings fixes how the game is dealt and which rules it keeps for good. A game on Discord is
// dealt from the secret key the bot drew (ChaCha8); local play from its seed. A game opened on
// Discord before secret deals (its record has neither key nor local mark) replays with the rules it
// was played under (game.Options.Legacy); every other table stores the value of each of its map's
// rule options, so that a default changed later never changes a stored game.
func dealSettings(s *Settings, e variants.Entry, in Input) error {
	if in.Secret != "" {
		if _, err := game.ParseKey(in.Secret); err != nil {
			return fmt.Errorf("the deal key is broken: %v", err)
		}
		s.Generator, s.Key = game.GeneratorChaCha8, in.Secret
	}
	if !in.Local && in.Secret == "" {
		s.Options.Legacy = true
		return nil
	}
	for _, f := range e.Flags {
		if err := s.Options.Set(f, s.Options.Value(f)); err != nil {
			return err
		}
	}
	return nil
}

func carcStart(t, c *Table, in Input) Reply {
	if c.Status != Lobby {
		return fail(t, "The game has already started.")
	}
	if in.User.ID != c.Creator.ID && !in.Admin {
		return fail(t, "Only %s, who opened the table, can start the game.", c.Creator.Name)
	}
	if len(c.Seats) < 2 {
		return fail(t, "A game needs at least 2 players; only %s is seated. Others join with /carc join.", seatList(c))
	}
	if err := c.start(); err != nil {
		return fail(t, "The game cannot start: %v.", err)
	}
	cur, _ := c.Current()
	events := c.Game.LastEvents()
	text := startText(c)
	if s := summary(c, events); s != "" {
		text = s + "\n" + text
	}
	buttons, sel := turnComponents(c)
	return Reply{OK: true, Changed: true, Table: c, Image: BoardImage, Ping: humans(cur),
		Text: text, Buttons: buttons, Select: sel, Events: append([]game.Event(nil), events...)}
}

func carcResign(t, c *Table, in Input) Reply {
	seat := c.Seat(in.User.ID)
	if c.Status != Playing || seat < 0 {
		return fail(t, "You are not playing at this table.")
	}
	return leaveSeat(c, seat, in.User.ID, c.SeatName(seat)+" resigned")
}

// findSeat finds a seat by user id, name or mention (<@id>).
func (t *Table) findSeat(who string) int {
	w := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(who), "<@"), "!"), ">")
	for i, u := range t.Seats {
		if u.ID == w || strings.EqualFold(u.Name, w) {
			return i
		}
	}
	return -1
}

// errorText turns an error into a player's message: a sentence with a capital and a full stop.
func errorText(err error) string {
	var me *game.MoveError
	text := err.Error()
	if errors.As(err, &me) {
		text = me.Error()
	}
	return sentence(text)
}

func sentence(s string) string {
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
