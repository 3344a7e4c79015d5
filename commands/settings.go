package commands

import (
	"fmt"
	"maps"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// newOptions are the options of /carc new, in the order the help lists them.
var newOptions = []string{"map", "tiles", "expansions", "deadline", "policy", "seed", "order", "thread", "meeples", "missed", "hints", "leaving", "rated", "vacations", "bank", "increment", "rules", "language"}

// applyNewOptions reads the options of /carc new (and /carc settings in the lobby).
func applyNewOptions(s *table.Settings, e variants.Entry, in Input) error {
	for name, v := range in.Options {
		switch name {
		case "map":
		case "tiles":
			n, err := strconv.Atoi(v)
			if err != nil || n < 72 || n > 114 {
				return fmt.Errorf("tiles:%s is not a tile count: use 72 (the base game) to 114 (with both expansions); the map recommends %d", game.Echo(v), e.Map.DefaultTiles)
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
				return fmt.Errorf("expansions:%s: use none (72 tiles), ic (Inns & Cathedrals, 90) or all (with Traders & Builders, 114)", game.Echo(v))
			}
		case "deadline":
			if strings.EqualFold(strings.TrimSpace(v), "bank") {
				if s.Bank == 0 {
					s.Bank = DefaultBank
				}
				continue
			}
			d, err := ParseDuration(v)
			if err != nil {
				return err
			}
			s.Deadline = d
			if _, bank := in.Options["bank"]; !bank {
				s.Bank, s.Increment = 0, 0 // a deadline per turn replaces the time bank
			}
		case "bank":
			d, err := ParseDuration(v)
			if err != nil {
				return fmt.Errorf("bank:%s: write the time bank each player starts with like 3d or 36h, between 10 minutes and 30 days", game.Echo(v))
			}
			s.Bank = d
		case "increment":
			d, err := parseIncrement(v)
			if err != nil {
				return err
			}
			s.Increment = d
		case "policy":
			v = strings.ToLower(v)
			if v != table.PolicySkip && v != table.PolicyAuto {
				return fmt.Errorf("policy:%s: when a deadline passes, either skip the turn (skip) or let the autopilot, the easy AI, play it (auto)", game.Echo(v))
			}
			s.Policy = v
		case "seed":
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return fmt.Errorf("seed:%s is not a whole number", game.Echo(v))
			}
			s.Seed, s.SeedSet = n, true
		case "order":
			switch strings.ToLower(v) {
			case "join":
				s.Options.RandomOrder = false
			case "random":
				s.Options.RandomOrder = true
			default:
				return fmt.Errorf("order:%s: use join (the order of joining) or random", game.Echo(v))
			}
		case "thread":
			b, err := parseSwitch(name, v, "")
			if err != nil {
				return err
			}
			s.Thread = b
		case "rated":
			b, err := parseSwitch(name, v, "the game counts for the server's ratings")
			if err != nil {
				return err
			}
			s.Unrated = !b
		case "meeples":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 20 {
				return fmt.Errorf("meeples:%s: use a number of meeples from 1 to 20 (the Maps use 9)", game.Echo(v))
			}
			s.Options.Meeples = n
		case "missed":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 20 {
				return fmt.Errorf("missed:%s: use how many missed turns let the table remove a player (1 to 20)", game.Echo(v))
			}
			s.MissedLimit = n
		case "hints":
			b, err := parseSwitch(name, v, "the player to move may ask /carc hint for the normal AI's move")
			if err != nil {
				return err
			}
			s.Hints = b
		case "leaving":
			l, err := parseLeaving(v)
			if err != nil {
				return err
			}
			s.Leaving = l
		case "vacations":
			b, err := parseSwitch(name, v, "a player's vacation stops their turn deadlines at this table")
			if err != nil {
				return err
			}
			s.NoVacations = !b
		case "rules":
			if err := applyRuleFlags(s, e, v); err != nil {
				return err
			}
		case "language":
			code, ok := lang.Known(v)
			if !ok {
				return fmt.Errorf("language:%s is not a language of the bot: choose %s", game.Echo(v), strings.Join(lang.Codes, ", "))
			}
			s.Language = code
		default:
			return fmt.Errorf("/carc new has no option %s: use %s", game.Echo(name), strings.Join(newOptions, ", "))
		}
	}
	if s.Bank > 0 && s.Increment == 0 {
		s.Increment = DefaultIncrement
	}
	if s.Bank == 0 && s.Increment > 0 {
		return fmt.Errorf("increment:%s adds to a time bank: choose deadline:bank (or bank:3d) too", FormatDuration(s.Increment))
	}
	return nil
}

// The time bank of deadline:bank when the table names none: 3 days, and 1 day more per turn,
// a common correspondence clock (Fischer's increment).
const (
	DefaultBank      = 3 * 24 * time.Hour
	DefaultIncrement = 24 * time.Hour
)

// parseIncrement reads the time a turn adds to a bank: 10 minutes to 7 days.
func parseIncrement(v string) (time.Duration, error) {
	d, err := ParseDuration(v)
	if err != nil || d > 7*24*time.Hour {
		return 0, fmt.Errorf("increment:%s: write what each turn adds to the time bank like 1d or 12h, between 10 minutes and 7 days", game.Echo(v))
	}
	return d, nil
}

// parseLeaving reads leaving:drop|ai|easy|normal|hard|master: what becomes of the seat of a player who
// resigns or is removed. ai is the easy AI.
func parseLeaving(v string) (ai.Level, error) {
	switch l := strings.ToLower(strings.TrimSpace(v)); l {
	case "drop":
		return "", nil
	case "ai":
		return ai.Easy, nil
	case string(ai.Easy), string(ai.Normal), string(ai.Hard), string(ai.Master):
		return ai.Level(l), nil
	}
	return "", fmt.Errorf("leaving:%s: when a player resigns or is removed, drop their seat (drop) or hand it to an AI that plays on (ai, the easy AI, or easy, normal, hard, master)", game.Echo(v))
}

// parseSwitch reads a true/false option; meaning, if not empty, says what true does.
func parseSwitch(name, v, meaning string) (bool, error) {
	b, err := strconv.ParseBool(v)
	if err != nil {
		if meaning != "" {
			return false, fmt.Errorf("%s:%s: use true (%s) or false", name, game.Echo(v), meaning)
		}
		return false, fmt.Errorf("%s:%s: use true or false", name, game.Echo(v))
	}
	return b, nil
}

// boxRules are the words of rules: that play the expansions' own rules (rules.md §3): ic for
// Inns & Cathedrals, tb for Traders & Builders, all for both, none for neither (the tiles only,
// the Maps' default).
var boxRules = map[string][2]bool{"ic": {true, false}, "tb": {false, true}, "all": {true, true}, "none": {false, false}}

// applyRuleFlags reads rules:"name=value,name=value", where a word of boxRules plays the
// expansions' rules (rules:all, rules:"tb,ferryModel=c").
func applyRuleFlags(s *table.Settings, e variants.Entry, v string) error {
	flags := variants.Flags(e)
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' }) {
		part = strings.TrimSpace(part)
		if box, ok := boxRules[strings.ToLower(part)]; ok {
			s.Options.InnsCathedrals, s.Options.TradersBuilders = box[0], box[1]
			continue
		}
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			return fmt.Errorf("rules:%q: write ic, tb, all or none (the expansions' own rules) or name=value pairs separated by commas, like cloisterOffMapCountsFilled=false", game.Echo(part))
		}
		f, known := game.FindFlag(flags, name)
		if !known {
			var names []string
			for _, f := range flags {
				names = append(names, f.Name)
			}
			return fmt.Errorf("rules: %s is not a rule option of %s: use %s", game.Echo(strings.TrimSpace(name)), e.Title, strings.Join(names, ", "))
		}
		if err := s.Options.Set(f, value); err != nil {
			return err
		}
	}
	return nil
}

// Bounds of a turn deadline.
const (
	minDeadline = 10 * time.Minute
	maxDeadline = 30 * 24 * time.Hour
)

// ParseDuration reads 48h, 2d, 90m or 1d12h, between 10 minutes and 30 days.
func ParseDuration(v string) (time.Duration, error) {
	bad := fmt.Errorf("deadline:%s: write a duration like 48h, 2d or 1d12h, between 10 minutes and 30 days", game.Echo(v))
	t := strings.ToLower(strings.TrimSpace(v))
	var total time.Duration
	if days, rest, ok := strings.Cut(t, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 || time.Duration(n) > maxDeadline/(24*time.Hour) {
			return 0, bad
		}
		total, t = time.Duration(n)*24*time.Hour, rest
	}
	if t != "" {
		d, err := time.ParseDuration(t)
		if err != nil || d < 0 || d > maxDeadline {
			return 0, bad
		}
		total += d
	}
	if total < minDeadline || total > maxDeadline {
		return 0, bad
	}
	return total, nil
}

// DurationIn writes a length of time for p's reader: whole days or hours in words of their
// language ("7 Tage"), any other as typed (1h30m).
func DurationIn(p *lang.Printer, d time.Duration) string {
	switch {
	case d > 0 && d%(24*time.Hour) == 0:
		return p.N("n_days", int(d/(24*time.Hour)), nil)
	case d > 0 && d%time.Hour == 0:
		return p.N("n_hours", int(d/time.Hour), nil)
	}
	return FormatDuration(d)
}

// FormatDuration writes a length of time as its options are typed: 7d, 48h, 1h30m0s.
func FormatDuration(d time.Duration) string {
	if d%(24*time.Hour) == 0 {
		return fmt.Sprintf("%dd", d/(24*time.Hour))
	}
	if d%time.Hour == 0 {
		return fmt.Sprintf("%dh", d/time.Hour)
	}
	return d.String()
}

func tilesSetting(p *lang.Printer, t *table.Table) string {
	o := t.Settings.Options
	switch o.Pool {
	case game.PoolBase:
		return p.T("tiles_base", nil)
	case game.PoolInns:
		return p.T("tiles_inns", nil)
	case game.PoolAll:
		return p.T("tiles_all", nil)
	}
	return p.N("n_tiles", o.TileCount, nil)
}

// personalOptions are the player's own settings of /carc settings and the server's, kept by the
// Discord bot.
var personalOptions = []string{"quiet", "timezone", "notify", "reminders", "vacation-days", "language"}

func carcSettings(t *table.Table, in Input) Reply {
	for _, o := range personalOptions {
		if _, ok := in.Options[o]; ok {
			return fail(t, "Personal and server settings (%s) are kept by the Discord bot; they do nothing in local play.", strings.Join(personalOptions, ", "))
		}
	}
	if len(in.Options) == 0 {
		return Reply{OK: true, Ephemeral: true, Table: t, Text: settingsText(in.own(), t)}
	}
	if t.Status != table.Lobby {
		return fail(t, "The rules are fixed once the game starts. Current settings:\n%s", settingsText(in.own(), t))
	}
	if in.User.ID != t.Creator.ID && !in.Admin {
		return fail(t, "Only %s, who opened the table, can change its settings.", t.Creator.Name)
	}
	if _, ok := in.Options["map"]; ok {
		return fail(t, "The map is chosen with /carc new; open a new table for another map.")
	}
	s := t.Settings
	s.Options.Variant = maps.Clone(s.Options.Variant) // a refused option must leave the table's own alone
	if err := applyNewOptions(&s, t.Entry(), in); err != nil {
		return fail(t, "%v", err)
	}
	// Rules turned on in the lobby (rules:tb) bring their readings' flags, kept like the others.
	if !s.Options.Legacy {
		if err := keepFlags(&s, t.Entry()); err != nil {
			return fail(t, "%v", err)
		}
	}
	x := table.Begin(t, in.User.ID)
	if err := x.Do(table.ChangeSettings(s)); err != nil {
		return fail(t, "%v", err)
	}
	return changed(x, Reply{Text: "Settings changed:\n" + settingsText(public(x.Table, in), x.Table)})
}
