package commands

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
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
		r = inLanguage(r, in)
	}()
	if name, r := Unstorable(in); name != "" {
		return failT(t, in, "text_unfit", lang.A{"Option": name, "Char": fmt.Sprintf("%U", r)})
	}
	switch in.Command {
	case "carc", "turn", "table":
		return handleSubcommand(t, in, tableCommands[in.Command])
	case "player":
		// A player's own games, settings, follows and vacations are the Discord bot's (bot's
		// playerSurface); a local table keeps none.
		return failT(t, in, "set_personal_local", lang.A{"Options": strings.TrimSpace("/player " + game.Echo(in.Sub))})
	case "place", "meeple", "chips":
		if t == nil {
			return failT(nil, in, "no_game", lang.A{"Map": DefaultMap})
		}
		return handleTurn(t, in)
	}
	var names []string
	for _, c := range Surface() {
		names = append(names, c.Name)
	}
	return failGuessed(t, in, "not_a_command", lang.A{"Command": game.Echo(in.Command)},
		in.Command, append(names, "player", "league", "season"), func(g string) string { return "/" + g })
}

// Unstorable names the first option of in whose value holds a character no stored text may hold
// (game.UnfitRune: a control character, NUL above all, which PostgreSQL refuses in the documents of
// players, leagues and ratings and the catalogues use as their mark, or a mark that reorders text),
// and that character; "" when none. Such a command is refused at the door, before anything is
// stored: a name is the user's to choose, never the bot's to change silently.
func Unstorable(in Input) (string, rune) {
	for _, k := range slices.Sorted(maps.Keys(in.Options)) {
		if r, bad := game.UnfitRune(in.Options[k]); bad {
			return k, r
		}
	}
	return "", 0
}

// handleSubcommand runs a subcommand of a table's command, among subs.
func handleSubcommand(t *table.Table, in Input, subs []subcommand) Reply {
	if in.Sub == "" {
		return failT(t, in, "needs_sub", lang.A{"Command": in.Command, "Subs": Names(subs)})
	}
	sub, ok := Lookup(subs, in.Sub)
	if !ok {
		return failGuessed(t, in, "not_a_sub", lang.A{"Command": in.Command, "Sub": game.Echo(in.Sub), "Subs": Names(subs)},
			in.Sub, strings.Split(Names(subs), ", "), func(g string) string { return "/" + in.Command + " " + g })
	}
	if t == nil && !sub.anywhere {
		return failT(nil, in, "no_game_maps", lang.A{"Map": DefaultMap, "Maps": strings.Join(variants.IDs(false), ", ")})
	}
	return sub.run(t, in)
}

func imageIf(ok bool, k ImageKind) ImageKind {
	if ok {
		return k
	}
	return NoImage
}

// seatList names the players seated at t, as p's reader sees their names.
func seatList(p *lang.Printer, t *table.Table) string {
	names := make([]string, len(t.Seats))
	for i, u := range t.Seats {
		names[i] = p.Shown(u.Name)
	}
	return strings.Join(names, ", ")
}

// carcNew opens a lobby with the table's settings.
func carcNew(t *table.Table, in Input) Reply {
	if t != nil && (t.Status == table.Lobby || t.Status == table.Playing) {
		return failT(t, in, "already_open", lang.A{"Map": mapTitle(in.own(), t.Entry()), "Status": statusWord(in.own(), t.Status)})
	}
	s := table.Settings{Map: DefaultMap, Options: game.DefaultOptions()}
	if v, ok := in.Options["map"]; ok {
		s.Map = v
	}
	e, err := variants.Lookup(s.Map)
	if err != nil || (e.Test && !in.Local) {
		return failGuessed(t, in, "not_a_map", lang.A{"Value": game.Echo(s.Map), "Maps": strings.Join(variants.IDs(false), ", ")},
			s.Map, variants.IDs(false), func(g string) string { return "map:" + g })
	}
	s.Map = e.ID
	if err := applyNewOptions(&s, e, in); err != nil {
		return fail(t, "%s", errorTextIn(in.own(), err))
	}
	if err := dealSettings(&s, e, in); err != nil {
		return fail(t, "%s", errorTextIn(in.own(), err))
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
	p := public(nt, in)
	return changed(x, Reply{Text: strings.TrimSpace(p.T("new_game", lang.A{"Map": mapTitle(p, e), "Tiles": tilesSetting(p, nt),
		"Clock": clockShort(p, nt.Settings), "Creator": lang.Name(in.User.Name), "Rated": unratedLine(p, nt)}))})
}

// carcJoin seats the user in the lobby.
func carcJoin(t *table.Table, in Input) Reply {
	switch {
	case t.Status != table.Lobby:
		return failT(t, in, "join_started", nil)
	case t.Seat(in.User.ID) >= 0:
		return failT(t, in, "join_again", lang.A{"Taken": len(t.Seats), "Max": table.MaxSeats})
	case len(t.Seats) >= table.MaxSeats:
		return failT(t, in, "join_full", lang.A{"Max": table.MaxSeats})
	}
	x := table.Begin(t, in.User.ID)
	if err := x.Do(table.Join(table.User{ID: in.User.ID, Name: t.UniqueName(in.User.Name)})); err != nil {
		return failT(t, in, "join_refused", lang.A{"Why": err})
	}
	c := x.Table
	return changed(x, Reply{Text: public(c, in).T("joined", lang.A{"Player": lang.Name(c.Seats[len(c.Seats)-1].Name), "Seats": seatList(public(c, in), c), "Creator": lang.Name(c.Creator.Name)})})
}

// carcLeave takes the user's seat away in the lobby; the last to leave closes the table.
func carcLeave(t *table.Table, in Input) Reply {
	switch {
	case t.Seat(in.User.ID) < 0:
		return failT(t, in, "leave_not_seated", nil)
	case t.Status != table.Lobby:
		return failT(t, in, "leave_started", nil)
	}
	x := table.Begin(t, in.User.ID)
	if err := x.Do(table.Leave(in.User)); err != nil {
		return failT(t, in, "leave_refused", lang.A{"Why": err})
	}
	p := public(x.Table, in)
	if x.Table.Status == table.Abandoned {
		return changed(x, Reply{Text: p.T("left_closed", nil)})
	}
	return changed(x, Reply{Text: p.T("left", lang.A{"Player": lang.Name(in.User.Name), "Seats": seatList(p, x.Table)})})
}

// dealSettings fixes how the game is dealt and which rules it keeps for good. A game on Discord is
// dealt from the secret key the bot drew (ChaCha8); local play from its seed. A game opened on
// Discord before secret deals (its record has neither key nor local mark) replays with the rules it
// was played under (game.Options.Legacy); every other table stores the value of each of its map's
// rule options, so that a default changed later never changes a stored game.
func dealSettings(s *table.Settings, e variants.Entry, in Input) error {
	if in.Secret != "" {
		if _, err := game.ParseKey(in.Secret); err != nil {
			return refusal("deal_key_broken", nil)
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
		return failT(t, in, "start_started", nil)
	}
	if in.User.ID != t.Creator.ID && !in.Admin {
		return failT(t, in, "start_creator", lang.A{"Creator": lang.Name(t.Creator.Name)})
	}
	if len(t.Seats) < 2 {
		return failT(t, in, "start_alone", lang.A{"Seats": seatList(in.own(), t)})
	}
	x := table.Begin(t, in.User.ID)
	if err := x.Do(table.Start(nil)); err != nil {
		return failT(t, in, "start_refused", lang.A{"Why": err})
	}
	// The record keeps the turn order the deal gave, for its readers.
	x.Step.Events[len(x.Step.Events)-1].Seats = slices.Clone(x.Table.Seats)
	c := x.Table
	cur, _ := c.Current()
	events := c.Game.LastEvents()
	p := public(c, in)
	text := startText(p, c)
	if s := summary(p, c, events); s != "" {
		text = s + "\n" + text
	}
	buttons, sel := turnComponents(p, c)
	return changed(x, Reply{Image: BoardImage, Ping: humans(cur), Text: text, Buttons: buttons, Select: sel,
		Events: append([]game.Event(nil), events...)})
}

func carcResign(t *table.Table, in Input) Reply {
	seat := t.Seat(in.User.ID)
	if t.Status != table.Playing || seat < 0 {
		return failT(t, in, "resign_not_playing", nil)
	}
	x := table.Begin(t, in.User.ID)
	p := public(t, in)
	return leaveSeat(t, x, seat, "", p, p.T("resigned", lang.A{"Player": lang.Name(t.SeatName(seat))}))
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

func Sentence(s string) string { return sentence(s) }

// SentenceOf is Sentence of message id with its values a, written by p: a message that begins
// with a name someone chose keeps the name as it was typed ("ann ist am Zug", never "Ann").
func SentenceOf(p *lang.Printer, id string, a lang.A) string {
	return sentence(p.T(id, a), namesIn(p, a)...)
}

// namesIn are the names among a message's values as p writes them.
func namesIn(p *lang.Printer, a lang.A) []string {
	var out []string
	for _, v := range a {
		switch n := v.(type) {
		case lang.Name:
			if n != "" {
				out = append(out, p.Shown(string(n)))
			}
		case msg.Value:
			if n.Kind == msg.KindPlayer && n.Text != "" {
				out = append(out, p.Shown(n.Text))
			}
		}
	}
	return out
}

// capital is s with its first letter in capitals: a line that begins with a phrase. A phrase
// that begins with a value to type ("a: roads stop at the water") keeps it as it is typed.
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || strings.HasPrefix(s[n:], ":") {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// chinese reports whether s is written in Chinese: more Chinese characters than Latin letters.
func chinese(s string) bool {
	han, latin := 0, 0
	for _, c := range s {
		switch {
		case unicode.In(c, unicode.Han):
			han++
		case unicode.In(c, unicode.Latin):
			latin++
		}
	}
	return han > latin
}

// sentence is Sentence of s, whose first letter is left as it is where s begins with one of names.
func sentence(s string, names ...string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	named := false
	for _, name := range names {
		named = named || name != "" && strings.HasPrefix(s, name)
	}
	// A sentence that begins with the player's own words (map:britain, /carc nwe) keeps them as
	// typed, as one that begins with a name does.
	if first, _, _ := strings.Cut(s, " "); !named && !strings.HasPrefix(first, "/") && !strings.Contains(strings.TrimSuffix(first, ":"), ":") {
		s = string(unicode.ToUpper(r)) + s[n:]
	}
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "!") && !strings.HasSuffix(s, "?") {
		// Chinese sentences end with full-width stops, which count as the sentence's end.
		if strings.HasSuffix(s, "。") || strings.HasSuffix(s, "！") || strings.HasSuffix(s, "？") {
			return s
		}
		// A Chinese sentence may begin or end with a value to type (F7, city:N) or a name:
		// it is Chinese where it holds more Chinese characters than Latin letters.
		if chinese(s) {
			return s + "。"
		}
		s += "."
	}
	return s
}
