package local

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/script"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// directive is one ! line: how to write it, whether it fixes the lobby's deal (after /carc new,
// before /carc start), and what it does.
type directive struct {
	usage string
	lobby bool
	run   func(t *Table, n int, args []string, raw string) error
}

// directives are the ! lines of the local table. A map needs none of its own: !setup fixes any
// hidden part of its deal and !expect state any value of its state.
var directives = map[string]directive{
	"seed":   {usage: "!seed NUMBER", run: (*Table).seedDirective},
	"locale": {usage: "!locale LOCALE", run: (*Table).localeDirective},
	"starts": {usage: "!starts START=TILE@ROTATION ...", lobby: true, run: (*Table).arrange},
	"deck":   {usage: "!deck TILE ...", lobby: true, run: (*Table).arrange},
	"stack":  {usage: "!stack TILE ...", lobby: true, run: (*Table).arrange},
	"chips":  {usage: "!chips SQUARE=COLOUR:VALUE ...", lobby: true, run: (*Table).arrange},
	"setup":  {usage: "!setup NAME VALUE", lobby: true, run: (*Table).arrange},
	"state":  {usage: "!state [full | as:NAME]", run: (*Table).stateDirective},
	"table":  {usage: "!table [GAME-ID]", run: (*Table).tableDirective},
	"expect": {usage: "!expect WHAT ...", run: (*Table).expectDirective},
	"clock":  {usage: "!clock +DURATION | !clock YYYY-MM-DDTHH:MMZ (like +2d, +90m, 2026-12-01T10:00Z)", run: (*Table).clockDirective},
}

// Directives lists how to write every ! line, for help texts.
func Directives() []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(directives)) {
		out = append(out, directives[name].usage)
	}
	return out
}

// malformed is a ! line that cannot be run, naming its line and how to write it.
func malformed(n int, name, format string, a ...any) error {
	return fmt.Errorf("line %d: %w: !%s: %s", n, script.ErrMalformed, name, fmt.Sprintf(format, a...))
}

func (t *Table) directive(n int, text string) error {
	words, err := commands.SplitWords(text[1:])
	if err != nil || len(words) == 0 {
		return fmt.Errorf("line %d: %w: %q", n, script.ErrMalformed, game.Echo(text))
	}
	name, args := words[0], words[1:]
	d, ok := directives[name]
	if !ok {
		return malformed(n, name, "unknown directive: use %s", strings.Join(Directives(), ", "))
	}
	if g := t.Game(); d.lobby && (g == nil || g.Status != table.Lobby) {
		return malformed(n, name, "comes after /carc new and before /carc start (%s)", d.usage)
	}
	return d.run(t, n, args, strings.TrimSpace(text[1:]))
}

// localeDirective sets the chat's locale of the players and the server from here on, as Discord
// tells it on each interaction: the replies follow it (a table's language: still wins for what
// the place reads).
func (t *Table) localeDirective(n int, args []string, _ string) error {
	if len(args) != 1 {
		return malformed(n, "locale", "write !locale LOCALE, like de, fr, es-ES or zh-TW")
	}
	t.langs = commands.Langs{Locale: args[0], GuildLocale: args[0]}
	return nil
}

// seedDirective deals the game /carc new opens next from a seed, or the lobby open here.
func (t *Table) seedDirective(n int, args []string, _ string) error {
	if len(args) != 1 {
		return malformed(n, "seed", "write !seed NUMBER")
	}
	v, err := strconv.ParseUint(args[0], 10, 64)
	if err != nil {
		return malformed(n, "seed", "%q is not a whole number", game.Echo(args[0]))
	}
	if g := t.Game(); g != nil && g.Status == table.Lobby {
		return t.change(n, "seed", script.SeedEvent(g, v))
	}
	t.seed = &v
	return nil
}

// arrange fixes a part of the lobby's deal, as a step of the script's.
func (t *Table) arrange(n int, args []string, raw string) error {
	name, _, _ := strings.Cut(raw, " ")
	ev, err := script.Arrangement(t.Game(), name, args)
	if err != nil {
		return fmt.Errorf("line %d: %w", n, err)
	}
	return t.change(n, name, ev)
}

// change has the host apply a ! line's event to the game here.
func (t *Table) change(n int, name string, ev table.Event) error {
	if err := t.Host.Arrange(t.place, ev); err != nil {
		return malformed(n, name, "%v", err)
	}
	t.said() // nothing is announced
	return nil
}

// stateDirective prints the state as JSON. A table script sees everything (it is how rules are
// checked); at the hot-seat table !state shows what the players may see, and !state full, which
// spoils the game, shows the stack and the face-down chips too. !state as:NAME is what that
// player may see, in a script too.
func (t *Table) stateDirective(n int, args []string, _ string) error {
	g := t.Game()
	if g == nil {
		return malformed(n, "state", "no table yet: open one with /carc new")
	}
	full := !t.opts.Human
	var st commands.State
	switch arg := strings.Join(args, " "); {
	case arg == "":
		st = commands.StateOf(g, full)
	case arg == "full":
		full = true
		st = commands.StateOf(g, true)
	case strings.HasPrefix(arg, "as:"):
		var err error
		if st, err = commands.StateAs(g, strings.TrimPrefix(arg, "as:")); err != nil {
			return malformed(n, "state", "%v", err)
		}
	default:
		return malformed(n, "state", "write !state, !state full for the hidden parts too, or !state as:NAME for what NAME may see")
	}
	if t.opts.Human {
		b, err := json.MarshalIndent(st, "", "  ")
		if err != nil {
			return err
		}
		if full {
			fmt.Fprintln(t.opts.Out, "The full state, with the order of the stack and every face-down chip: this spoils the game.")
		}
		_, err = fmt.Fprintln(t.opts.Out, string(b))
		return err
	}
	b, err := json.Marshal(struct {
		Line  int            `json:"line"`
		State commands.State `json:"state"`
	}{n, st})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(t.opts.Out, "%s\n", b)
	return err
}

// expectLine is the JSON line printed for an !expect.
type expectLine struct {
	Line   int    `json:"line"`
	Expect string `json:"expect"`
	OK     bool   `json:"ok"`
	Reply  string `json:"reply"`
}

func (t *Table) expectDirective(n int, args []string, raw string) error {
	if len(args) == 0 {
		return malformed(n, "expect", "write what to expect, like !expect score alice=8")
	}
	rest := strings.TrimSpace(strings.TrimPrefix(raw, "expect"))
	msg, err := script.Expect(script.Scene{Table: t.Game(), Last: t.last}, args, rest)
	if errors.Is(err, script.ErrMalformed) {
		return fmt.Errorf("line %d: %w", n, err)
	}
	if err != nil {
		t.Failed++
		return t.emit(expectLine{n, strings.Join(args, " "), false, err.Error()}, fmt.Sprintf("line %d: expectation failed: %v", n, err))
	}
	if t.opts.Human {
		return nil
	}
	return t.emit(expectLine{n, strings.Join(args, " "), true, msg}, msg)
}

// tableDirective goes to another place of the table, as a player goes to another channel or
// thread: a league game's (by its id), or back to the first ("local"). Without an id it lists
// the games.
func (t *Table) tableDirective(n int, args []string, _ string) error {
	if len(args) > 1 {
		return malformed(n, "table", "write !table GAME-ID, or !table for the list")
	}
	if len(args) == 0 {
		if t.opts.Human {
			_, err := fmt.Fprintln(t.opts.Out, "Tables: "+t.tableList()+".")
			return err
		}
		return nil
	}
	id := args[0]
	if id == "local" || id == t.home {
		t.Go(t.home)
	} else if g, ok := t.Host.InspectGame(id); ok {
		t.Go(g.Place)
	} else if place := t.finishedPlace(id); place != "" {
		t.Go(place)
	} else {
		return malformed(n, "table", "there is no game %s here: the tables are %s", game.Echo(id), t.tableList())
	}
	if t.opts.Human {
		fmt.Fprintf(t.opts.Out, "(At the table of game %s.)\n", id)
	}
	return nil
}

// finishedPlace is the place of the game id that ended there last, "" for none.
func (t *Table) finishedPlace(id string) string {
	for _, p := range t.places {
		if f := t.Host.Finished(p); f != nil && f.ID == id {
			if _, running := t.Host.Inspect(p); !running {
				return p
			}
		}
	}
	return ""
}

// tableList names the games of the table's places with their state, the one it plays at marked.
func (t *Table) tableList() string {
	var out []string
	for _, p := range t.places {
		g, ok := t.Host.Inspect(p)
		tb := g.Table
		if !ok {
			if tb = t.Host.Finished(p); tb == nil {
				continue
			}
		}
		entry := fmt.Sprintf("%s (%s, %s)", tb.ID, tb.Entry().Title, tb.Status)
		if p == t.place {
			entry += " [here]"
		}
		out = append(out, entry)
	}
	if len(out) == 0 {
		return "none yet (/carc new opens one)"
	}
	return strings.Join(out, ", ")
}
