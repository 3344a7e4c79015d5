package commands

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

func sprintf(format string, a ...any) string {
	if len(a) == 0 {
		return format
	}
	return fmt.Sprintf(format, a...)
}

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
			return fail(nil, "No game here yet: start one with /carc new map:france.")
		}
		return handleTurn(t, in)
	}
	return fail(t, "/%s is not a command of this bot: use /carc, /place, /meeple or /chips (see /carc help).", in.Command)
}

var carcSubs = []string{"new", "join", "leave", "start", "status", "board", "tiles", "log", "undo", "resign",
	"settings", "help", "rules", "abandon", "kick", "skip"}

func handleCarc(t *Table, in Input) Reply {
	switch in.Sub {
	case "new":
		return carcNew(t, in)
	case "help":
		return Reply{Text: helpText(), Ephemeral: true, OK: true, Table: t}
	case "rules":
		return Reply{Text: rulesText(t, in), Ephemeral: true, OK: true, Table: t}
	case "":
		return fail(t, "/carc needs a subcommand: %s.", strings.Join(carcSubs, ", "))
	}
	if !slices.Contains(carcSubs, in.Sub) {
		return fail(t, "/carc %s is not a subcommand: use %s.", in.Sub, strings.Join(carcSubs, ", "))
	}
	if t == nil {
		return fail(nil, "No game here yet: start one with /carc new map:france (maps: %s).", strings.Join(variants.IDs(false), ", "))
	}
	c := t.clone()
	switch in.Sub {
	case "join":
		if err := c.join(in.User); err != nil {
			return fail(t, "You cannot join: %v.", err)
		}
		return Reply{OK: true, Changed: true, Table: c, Text: fmt.Sprintf("%s joined. Seats: %s. The creator starts the game with /carc start.",
			c.Seats[len(c.Seats)-1].Name, seatList(c))}
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
		return Reply{OK: true, Ephemeral: true, Table: t, Text: tilesText(t)}
	case "log":
		return Reply{OK: true, Ephemeral: true, Table: t, Text: logText(t, in.Options["player"])}
	case "undo":
		return carcUndo(t, c, in)
	case "resign":
		return carcResign(t, c, in)
	case "settings":
		return carcSettings(t, c, in)
	case "abandon", "kick", "skip":
		return carcAdmin(t, c, in)
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
	s := Settings{Map: "france", Options: game.DefaultOptions()}
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
	id, channel := in.Table, in.Channel
	if id == "" {
		id = "local"
	}
	nt, err := NewTable(id, channel, in.User, s)
	if err != nil {
		return fail(t, "%v", err)
	}
	nt.Local = in.Local
	return Reply{OK: true, Changed: true, Table: nt, Text: fmt.Sprintf(
		"New game of Carcassonne Maps: %s, %s, turn deadline %s. %s is seated; others join with /carc join, then %s starts with /carc start.",
		e.Title, tilesSetting(nt), formatDuration(nt.Settings.Deadline), in.User.Name, in.User.Name)}
}

// applyNewOptions reads the options of /carc new (and /carc settings in the lobby).
func applyNewOptions(s *Settings, e variants.Entry, in Input) error {
	for name, v := range in.Options {
		switch name {
		case "map":
		case "tiles":
			n, err := strconv.Atoi(v)
			if err != nil || n < 72 || n > 114 {
				return fmt.Errorf("tiles:%s is not a tile count: use 72 (the base game) to 114 (with both expansions); the map recommends %d", v, e.Map.DefaultTiles)
			}
			s.Options.Pool, s.Options.TileCount = game.PoolCount, n
		case "expansions":
			switch strings.ToLower(v) {
			case "none", "base":
				s.Options.Pool = game.PoolBase
			case "ic", "inns":
				s.Options.Pool = game.PoolInns
			case "all", "ic+tb", "both":
				s.Options.Pool = game.PoolAll
			default:
				return fmt.Errorf("expansions:%s: use none (72 tiles), ic (Inns & Cathedrals, 90) or all (with Traders & Builders, 114)", v)
			}
		case "deadline":
			d, err := parseDuration(v)
			if err != nil {
				return err
			}
			s.Deadline = d
		case "policy":
			v = strings.ToLower(v)
			if v != PolicySkip && v != PolicyAuto {
				return fmt.Errorf("policy:%s: when a deadline passes, either skip the turn (skip) or play the simplest legal move (auto)", v)
			}
			s.Policy = v
		case "seed":
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return fmt.Errorf("seed:%s is not a whole number", v)
			}
			s.Seed, s.SeedSet = n, true
		case "order":
			switch strings.ToLower(v) {
			case "join":
				s.Options.RandomOrder = false
			case "random":
				s.Options.RandomOrder = true
			default:
				return fmt.Errorf("order:%s: use join (the order of joining) or random", v)
			}
		case "thread":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return fmt.Errorf("thread:%s: use true or false", v)
			}
			s.Thread = b
		case "meeples":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 20 {
				return fmt.Errorf("meeples:%s: use a number of meeples from 1 to 20 (the Maps use 9)", v)
			}
			s.Options.Meeples = n
		case "missed":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 20 {
				return fmt.Errorf("missed:%s: use how many missed turns let the table remove a player (1 to 20)", v)
			}
			s.MissedLimit = n
		case "rules":
			if err := applyRuleFlags(s, e, v); err != nil {
				return err
			}
		default:
			return fmt.Errorf("/carc new has no option %s: use map, tiles, expansions, deadline, policy, seed, order, thread, meeples, missed or rules", name)
		}
	}
	return nil
}

// engineFlags are the rules.md §5 flags of the engine a table may change.
var engineFlags = []variants.Flag{
	{Name: "largeCityAnchorBeforeConnection", Default: "false", Description: "printed large cities are anchors before any tile connects them (OQ-04)"},
	{Name: "cloisterOffMapCountsFilled", Default: "true", Description: "unplayable squares around a cloister count as filled (OQ-09)"},
	{Name: "ferryModel", Default: "a", Description: "a: roads stop at the water; c: roads run on across a ferry (OQ-10)"},
	{Name: "innsCathedralsScoring", Default: "false", Description: "inns and cathedrals score as in Inns & Cathedrals (OQ-34)"},
}

// applyRuleFlags reads rules:"name=value,name=value".
func applyRuleFlags(s *Settings, e variants.Entry, v string) error {
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			return fmt.Errorf("rules:%q: write name=value pairs separated by commas, like cloisterOffMapCountsFilled=false", part)
		}
		known := false
		for _, f := range append(append([]variants.Flag{}, engineFlags...), e.Flags...) {
			if strings.EqualFold(f.Name, name) {
				name, known = f.Name, true
			}
		}
		if !known {
			var names []string
			for _, f := range append(append([]variants.Flag{}, engineFlags...), e.Flags...) {
				names = append(names, f.Name)
			}
			return fmt.Errorf("rules: %s is not a rule option of %s: use %s", name, e.Title, strings.Join(names, ", "))
		}
		if err := s.Options.Set(name, strings.TrimSpace(value)); err != nil {
			return err
		}
	}
	return nil
}

// parseDuration reads 48h, 2d, 90m or 1d12h.
func parseDuration(v string) (time.Duration, error) {
	t := strings.ToLower(strings.TrimSpace(v))
	var total time.Duration
	if days, rest, ok := strings.Cut(t, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("deadline:%s: write a duration like 48h, 2d or 1d12h", v)
		}
		total, t = time.Duration(n)*24*time.Hour, rest
	}
	if t != "" {
		d, err := time.ParseDuration(t)
		if err != nil {
			return 0, fmt.Errorf("deadline:%s: write a duration like 48h, 2d or 1d12h", v)
		}
		total += d
	}
	if total < 10*time.Minute || total > 30*24*time.Hour {
		return 0, fmt.Errorf("deadline:%s: a turn deadline must be between 10 minutes and 30 days", v)
	}
	return total, nil
}

func formatDuration(d time.Duration) string {
	if d%(24*time.Hour) == 0 {
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	}
	if d%time.Hour == 0 {
		return fmt.Sprintf("%dh", d/time.Hour)
	}
	return d.String()
}

func tilesSetting(t *Table) string {
	o := t.Settings.Options
	switch o.Pool {
	case game.PoolBase:
		return "72 tiles (base game)"
	case game.PoolInns:
		return "90 tiles (base game + Inns & Cathedrals)"
	case game.PoolAll:
		return "114 tiles (base game + both expansions)"
	}
	return fmt.Sprintf("%d tiles", o.TileCount)
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
	return Reply{OK: true, Changed: true, Table: c, Image: BoardImage, Ping: []string{cur.ID},
		Text: text, Buttons: turnButtons(c), Events: append([]game.Event(nil), events...)}
}

func carcResign(t, c *Table, in Input) Reply {
	seat := c.Seat(in.User.ID)
	if c.Status != Playing || seat < 0 {
		return fail(t, "You are not playing at this table.")
	}
	events, err := c.play(in.User.ID, game.Move{Kind: game.MoveResign, Player: seat})
	if err != nil {
		return fail(t, "%v", err)
	}
	text := fmt.Sprintf("%s resigned; the others play on.", c.SeatName(seat))
	return afterMoves(c, events, []game.Move{{Kind: game.MoveResign, Player: seat}}, text)
}

func carcAdmin(t, c *Table, in Input) Reply {
	if in.User.ID != c.Creator.ID && !in.Admin {
		return fail(t, "Only %s, who opened the table, or someone with Manage Channels can %s.", c.Creator.Name, in.Sub)
	}
	switch in.Sub {
	case "abandon":
		if c.Status == Finished || c.Status == Abandoned {
			return fail(t, "The game is already over.")
		}
		c.Status = Abandoned
		return Reply{OK: true, Changed: true, Table: c, Text: fmt.Sprintf("%s abandoned the game. Final standings: %s.", in.User.Name, standings(c))}
	case "skip":
		if c.Status != Playing {
			return fail(t, "No game is running.")
		}
		cur, _ := c.Current()
		m := game.Move{Kind: game.MoveSkip, Player: c.Game.Current}
		events, err := c.play(in.User.ID, m)
		if err != nil {
			return fail(t, "%v", err)
		}
		return afterMoves(c, events, []game.Move{m}, fmt.Sprintf("%s skipped %s's turn.", in.User.Name, cur.Name))
	case "kick":
		who := in.Options["player"]
		seat := c.findSeat(who)
		if seat < 0 {
			return fail(t, "player:%s is not at this table: choose %s.", who, seatList(c))
		}
		if c.Status == Lobby {
			name := c.Seats[seat].Name
			_ = c.leave(c.Seats[seat])
			return Reply{OK: true, Changed: true, Table: c, Text: fmt.Sprintf("%s removed %s from the table.", in.User.Name, name)}
		}
		if c.Status != Playing {
			return fail(t, "The game is over.")
		}
		m := game.Move{Kind: game.MoveResign, Player: seat}
		events, err := c.play(in.User.ID, m)
		if err != nil {
			return fail(t, "%v", err)
		}
		return afterMoves(c, events, []game.Move{m}, fmt.Sprintf("%s removed %s from the game; the others play on.", in.User.Name, c.SeatName(seat)))
	}
	return fail(t, "unknown admin command")
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

// personalOptions are the player's own settings of /carc settings, kept by the Discord bot.
var personalOptions = []string{"quiet", "timezone", "notify", "reminders"}

func carcSettings(t, c *Table, in Input) Reply {
	for _, o := range personalOptions {
		if _, ok := in.Options[o]; ok {
			return fail(t, "Personal settings (%s) are kept by the Discord bot; they do nothing in local play.", strings.Join(personalOptions, ", "))
		}
	}
	if len(in.Options) == 0 {
		return Reply{OK: true, Ephemeral: true, Table: t, Text: settingsText(t)}
	}
	if c.Status != Lobby {
		return fail(t, "The rules are fixed once the game starts. Current settings:\n%s", settingsText(t))
	}
	if in.User.ID != c.Creator.ID && !in.Admin {
		return fail(t, "Only %s, who opened the table, can change its settings.", c.Creator.Name)
	}
	if _, ok := in.Options["map"]; ok {
		return fail(t, "The map is chosen with /carc new; open a new table for another map.")
	}
	if err := applyNewOptions(&c.Settings, c.Entry(), in); err != nil {
		return fail(t, "%v", err)
	}
	return Reply{OK: true, Changed: true, Table: c, Text: "Settings changed:\n" + settingsText(c)}
}

// carcUndo asks the table to take back the last turn; in local play it happens at once.
func carcUndo(t, c *Table, in Input) Reply {
	seat := c.Seat(in.User.ID)
	if c.Status != Playing || seat < 0 {
		return fail(t, "Only players of a running game can ask to undo.")
	}
	if len(c.Moves) == 0 {
		return fail(t, "There is nothing to undo yet.")
	}
	if c.Local {
		return applyUndo(t, c)
	}
	c.Undo = &UndoRequest{By: in.User.ID, Turn: c.Game.Turn, Approvals: []string{in.User.ID}}
	var ping []string
	for _, u := range c.Seats {
		if u.ID != in.User.ID {
			ping = append(ping, u.ID)
		}
	}
	return Reply{OK: true, Changed: true, Table: c, Ping: ping,
		Text: fmt.Sprintf("%s asks to take back the last turn (%s). Everyone else must agree:", in.User.Name, lastTurnText(c)),
		Buttons: [][]Button{{{ID: ComponentID(c, "undo", "yes"), Label: "Agree", Style: Success},
			{ID: ComponentID(c, "undo", "no"), Label: "Refuse", Style: Danger}}}}
}

// applyUndo removes every move of the last turn that has moves, and replays the rest.
func applyUndo(t, c *Table) Reply {
	last := lastTurnStart(c)
	removed := len(c.Moves) - last
	c.Moves = c.Moves[:last]
	c.Undo = nil
	if err := c.Rebuild(); err != nil {
		return fail(t, "Undo failed: %v.", err)
	}
	c.Status = Playing
	cur, _ := c.Current()
	return Reply{OK: true, Changed: true, Table: c, Image: BoardImage, Ping: []string{cur.ID}, Buttons: turnButtons(c),
		Text: fmt.Sprintf("Undone: %d move(s) taken back. It is %s's turn again with %s.", removed, cur.Name, c.Game.Drawn)}
}

// lastTurnStart is the index in the log of the first move of the last turn that has moves.
func lastTurnStart(t *Table) int {
	turns := moveTurns(t)
	last := len(t.Moves)
	for last > 0 && turns[last-1] == turns[len(t.Moves)-1] {
		last--
	}
	return last
}

// moveTurns replays the log to learn the game turn of each move.
func moveTurns(t *Table) []int {
	e, _ := variants.Lookup(t.Setup.Map)
	g, err := game.NewGame(e.Map, e.Variant, t.Setup)
	out := make([]int, len(t.Moves))
	if err != nil {
		return out
	}
	for i, m := range t.Moves {
		out[i] = g.Turn
		_ = g.Play(m.Move)
	}
	return out
}

func lastTurnText(t *Table) string {
	i := lastTurnStart(t)
	m := t.Moves[i]
	name := t.Seats[m.Move.Player].Name
	if m.Move.Kind == game.MovePlace {
		return fmt.Sprintf("%s's tile on %s", name, m.Move.Square)
	}
	return name + "'s " + string(m.Move.Kind)
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
