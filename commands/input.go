package commands

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Input is one command as a user typed it: /place square:F7 rotation:90 meeple:city:N.
type Input struct {
	User    table.User        `json:"user"`
	Command string            `json:"command"`
	Sub     string            `json:"sub,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	// Admin is true for members who may administer any game in the channel (Manage Channels).
	Admin bool `json:"admin,omitempty"`
	// Manager is true for members with Manage Server, who administer the server's league games.
	Manager bool `json:"manager,omitempty"`
	// InLeague is true when the user plays in the league of the game (league.PlaysIn): the bot
	// reads it from the store for those who would otherwise administer a league's game.
	InLeague bool `json:"in_league,omitempty"`
	// Local is true in local play, where ! directives and full state are allowed.
	Local bool `json:"local,omitempty"`
	// Table and Channel name the table /carc new opens (the bot chooses them; local play uses
	// "local").
	Table   string `json:"table,omitempty"`
	Channel string `json:"channel,omitempty"`
	// Secret is the deal key of /carc new: 64 hexadecimal digits the bot draws from the operating
	// system, so that nobody chooses or can predict the deal. It is never typed by a user, and only
	// the record (never a player) sees it.
	Secret string `json:"secret,omitempty"`
	// Record is the table's record so far, which /carc export writes: the bot reads it from the
	// store for that command, local play keeps it. Never part of what a user typed.
	Record []record.Stored `json:"-"`
	// Accepted marks an input the bot accepted once and now replays to upgrade a record kept
	// before steps (legacy.go): history is not judged again, so it keeps the authority it was
	// accepted under (authority.go), while the engine still checks every move. Never a user's.
	Accepted bool `json:"-"`
	Langs
}

// Langs are what Discord and the player's settings tell of the languages of an interaction. They
// choose the language of the reply (lang.Private, lang.Public) and never change what it does.
type Langs struct {
	// Locale is the language of the user's Discord client (Discord's locale, like "de" or
	// "es-419"); Language the user's own choice (/player settings language:), which wins over it.
	Locale   string `json:"locale,omitempty"`
	Language string `json:"language,omitempty"`
	// GuildLocale is the server's language (Discord's guild_locale).
	GuildLocale string `json:"guild_locale,omitempty"`
}

// own is the printer of a reply only the user reads: their own language.
func (in Input) own() *lang.Printer {
	return typedIf(in.Local, lang.For(lang.Private(in.Language, in.Locale)))
}

// typedIf is p, or where the reader types the commands as declared (local play), p.Typed.
func typedIf(local bool, p *lang.Printer) *lang.Printer {
	if local {
		return p.Typed()
	}
	return p
}

// public is the printer of a message the channel reads: the table's language, else the server's.
func public(t *table.Table, in Input) *lang.Printer {
	code, local := "", in.Local
	if t != nil {
		code, local = t.Settings.Language, local || t.Local
	}
	return typedIf(local, lang.For(lang.Public(code, in.GuildLocale)))
}

// tablePrinter is the printer of what the bot posts for a table on its own (timers, AI turns,
// votes): the table's language, else English, since no interaction tells the server's.
func tablePrinter(t *table.Table) *lang.Printer { return public(t, Input{}) }

// PublicLanguage is the language of what the bot posts for a table when no one's input is
// answered (timers, reminders): the table's own, else the server's last known locale.
func PublicLanguage(t *table.Table, guildLocale string) *lang.Printer {
	return public(t, Input{Langs: Langs{GuildLocale: guildLocale}})
}

func (in Input) String() string {
	var b strings.Builder
	b.WriteString("/" + in.Command)
	if in.Sub != "" {
		b.WriteString(" " + in.Sub)
	}
	keys := make([]string, 0, len(in.Options))
	for k := range in.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := in.Options[k]
		if strings.ContainsAny(v, " \t\"") {
			v = fmt.Sprintf("%q", v)
		}
		fmt.Fprintf(&b, " %s:%s", k, v)
	}
	return b.String()
}

// commandsWithSubs are the commands whose first word is a subcommand.
var commandsWithSubs = map[string]bool{"carc": true, "turn": true, "table": true, "player": true, "chips": true, "league": true, "season": true}

// ParseCommand reads a command as typed (its error is written in a reader's language by
// ParseErrorIn): "/place square:F7 rotation:90 meeple:city:N". An option
// is name:value; the value runs to the next blank unless it is "quoted"; only the first colon
// separates the name, so meeple:city:N is the option meeple with the value city:N.
func ParseCommand(text string) (Input, error) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "/") {
		return Input{}, refusal("parse_no_slash", nil)
	}
	words, err := SplitWords(t[1:])
	if err != nil {
		return Input{}, err
	}
	if len(words) == 0 || words[0] == "" {
		return Input{}, refusal("parse_no_command", nil)
	}
	in := Input{Command: strings.ToLower(words[0]), Options: map[string]string{}}
	rest := words[1:]
	if commandsWithSubs[in.Command] && len(rest) > 0 && !strings.Contains(rest[0], ":") {
		in.Sub = strings.ToLower(rest[0])
		rest = rest[1:]
	}
	for _, w := range rest {
		name, value, ok := strings.Cut(w, ":")
		if !ok || name == "" {
			return Input{}, refusal("parse_not_option", lang.A{"Word": game.Echo(w)})
		}
		name = strings.ToLower(name)
		if _, dup := in.Options[name]; dup {
			return Input{}, refusal("parse_option_twice", lang.A{"Option": game.Echo(name)})
		}
		in.Options[name] = value
	}
	return in, nil
}

// ParseErrorIn is a refusal of ParseCommand, or any refusal of the command layer, as the user of
// in reads it (their own language, the commands written as typed at a local table).
func ParseErrorIn(in Input, err error) string { return errorTextIn(in.own(), err) }

// LocalRatings answers /player rating and /carc leaderboard at a local table, which keeps none.
func LocalRatings(in Input, t *table.Table) Reply {
	return Reply{Text: in.own().T("local_not_rated", nil), Ephemeral: true, Table: t}
}

// SplitWords splits on blanks; a double-quoted part may hold blanks and \" escapes.
func SplitWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
			cur.WriteByte(s[i+1])
			i++
		case c == '"':
			quoted = !quoted
			inWord = true
		case !quoted && (c == ' ' || c == '\t'):
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return nil, refusal("parse_open_quote", nil)
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// ParseSpot normalises a meeple spot: city:N, road:E, field:NL, field:inner, cloister or none.
func ParseSpot(s string) (string, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "none", "no", "-":
		return "none", nil
	case "cloister", "monastery", "monk":
		return "cloister", nil
	}
	kind, where, ok := strings.Cut(t, ":")
	if !ok {
		return "", refusal("play_not_a_spot", lang.A{"Value": game.Echo(s)})
	}
	switch kind {
	case "city", "road":
		d, err := game.ParseDir(where)
		if err != nil {
			return "", refusal("play_not_a_spot", lang.A{"Value": game.Echo(s)})
		}
		return kind + ":" + d.String(), nil
	case "field", "farm":
		if where == "inner" {
			return "field:inner", nil
		}
		h, err := game.ParseHalf(where)
		if err != nil {
			return "", refusal("play_not_a_spot", lang.A{"Value": game.Echo(s)})
		}
		return "field:" + h.String(), nil
	}
	return "", refusal("play_not_a_spot", lang.A{"Value": game.Echo(s)})
}

// spotNumber reads a meeple spot given by its number, as the board and the reply number the spots
// of the tile just placed: "2" is the second of Game.MeepleSpots.
func spotNumber(s string) (int, bool) {
	t := strings.TrimPrefix(strings.TrimSpace(s), "#")
	if t == "" || len(t) > 3 || strings.Trim(t, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(t)
	return n, err == nil
}

// readSpot reads the meeple spot typed in the meeple step: a spot's name (parseSpot) or its
// number on the board. A number the tile does not show is refused with the numbers it does.
func readSpot(g *game.Game, s string) (string, error) {
	n, ok := spotNumber(s)
	if kind, bare := bareSpotKind(s); bare {
		return spotOfKind(g, s, kind)
	}
	if !ok {
		return ParseSpot(s)
	}
	spots := g.MeepleSpots()
	if n >= 1 && n <= len(spots) {
		return spots[n-1], nil
	}
	if len(spots) == 0 {
		return "", refusal("play_spot_number_none", lang.A{"N": n})
	}
	parts := make([]string, len(spots))
	for i, sp := range spots {
		parts[i] = fmt.Sprintf("%d = %s", i+1, sp)
	}
	return "", refusal("play_spot_number", lang.A{"N": n, "Spots": spotList(parts)})
}

// bareSpotKind reads a spot named by its kind alone (city, road, field), which the tile once placed
// may make plain: the kind as spots are written.
func bareSpotKind(s string) (string, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "city":
		return "city", true
	case "road":
		return "road", true
	case "field", "farm":
		return "field", true
	}
	return "", false
}

// spotOfKind is the one free spot of the placed tile of that kind; where there are several, or
// none, the refusal lists them, or every spot, numbered as the board shows them.
func spotOfKind(g *game.Game, typed, kind string) (string, error) {
	spots := g.MeepleSpots()
	var of []string
	for _, sp := range spots {
		if strings.HasPrefix(sp, kind+":") {
			of = append(of, sp)
		}
	}
	if len(of) == 1 {
		return of[0], nil
	}
	var listed []string
	for i, sp := range spots {
		if len(of) == 0 || strings.HasPrefix(sp, kind+":") {
			listed = append(listed, fmt.Sprintf("%s (%d)", sp, i+1))
		}
	}
	if len(of) == 0 {
		return "", refusal("play_spot_kind_none", lang.A{"Value": game.Echo(typed), "Spots": strings.Join(listed, ", ")})
	}
	return "", refusal("play_spot_kind_several", lang.A{"Value": game.Echo(typed), "Spots": strings.Join(listed, ", ")})
}

// parseActions reads the chip actions written in one option value, separated by ";":
// "sell wine:orange to:abroad" or "upgrade square:F7 spot:road:E pay:2+2; upgrade ...".
func parseActions(s string) ([]game.Action, error) {
	var out []game.Action
	for _, part := range strings.Split(s, ";") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		a, err := parseAction(part)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	if len(out) == 0 {
		return nil, refusal("play_not_an_action", lang.A{"Value": game.Echo(s)})
	}
	return out, nil
}

// parseAction reads one chip action: its name, then its options as name:value.
func parseAction(s string) (game.Action, error) {
	words, err := SplitWords(strings.TrimSpace(s))
	if err != nil || len(words) == 0 {
		return game.Action{}, refusal("play_not_an_action", lang.A{"Value": game.Echo(strings.TrimSpace(s))})
	}
	a := game.Action{Name: strings.ToLower(words[0]), Args: map[string]string{}}
	for _, w := range words[1:] {
		k, v, ok := strings.Cut(w, ":")
		if !ok {
			return game.Action{}, refusal("play_action_not_an_option", lang.A{"Value": game.Echo(w), "Action": game.Echo(strings.TrimSpace(s))})
		}
		a.Args[strings.ToLower(k)] = v
	}
	return a, nil
}

// readSquare reads a square typed at a table. Tables opened before the square syntax was strict
// (their record must replay as it was played) also take a "+" before the row.
func readSquare(t *table.Table, s string) (game.Square, error) {
	sq, err := game.ParseSquare(s)
	if err != nil && t.Settings.Options.Legacy {
		if lenient, err2 := game.ParseSquare(strings.Replace(s, "+", "", 1)); err2 == nil {
			return lenient, nil
		}
	}
	if err != nil {
		return sq, refusal("play_not_a_square", lang.A{"Value": game.Echo(s)})
	}
	return sq, nil
}

// readRotation reads a rotation typed at a table; tables opened before the syntax was strict also
// take 360 and a trailing ° or deg.
func readRotation(t *table.Table, s string) (game.Rotation, error) {
	r, err := game.ParseRotation(s)
	if err != nil && t.Settings.Options.Legacy {
		v := strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), "°"), "deg"))
		if v == "360" {
			v = "0"
		}
		if lenient, err2 := game.ParseRotation(v); err2 == nil {
			return lenient, nil
		}
	}
	if err != nil {
		return r, refusal("play_not_a_rotation", lang.A{"Value": game.Echo(s)})
	}
	return r, nil
}
