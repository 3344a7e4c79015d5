package commands

import (
	"fmt"
	"maps"
	"strconv"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// newOptions are the options of /carc new, in the order the help lists them.
var newOptions = []string{"map", "tiles", "expansions", "deadline", "policy", "seed", "order", "thread", "meeples", "missed", "hints", "leaving", "rated", "vacations", "bank", "increment", "rules", "language"}

// applyNewOptions reads the options of /carc new (and /table settings in the lobby).
func applyNewOptions(s *table.Settings, e variants.Entry, in Input) error {
	for name, v := range in.Options {
		switch name {
		case "map":
		case "tiles":
			n, err := strconv.Atoi(v)
			if err != nil || n < 72 || n > 114 {
				return refusal("set_bad_tiles", lang.A{"Value": game.Echo(v), "Recommended": e.Map.DefaultTiles})
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
				return refusal("set_bad_expansions", lang.A{"Value": game.Echo(v)})
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
				return refusal("set_bad_bank", lang.A{"Value": game.Echo(v)})
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
				return refusal("set_bad_policy", lang.A{"Value": game.Echo(v)})
			}
			s.Policy = v
		case "seed":
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return refusal("set_bad_seed", lang.A{"Value": game.Echo(v)})
			}
			s.Seed, s.SeedSet = n, true
		case "order":
			switch strings.ToLower(v) {
			case "join":
				s.Options.RandomOrder = false
			case "random":
				s.Options.RandomOrder = true
			default:
				return refusal("set_bad_order", lang.A{"Value": game.Echo(v)})
			}
		case "thread":
			b, err := parseSwitch(name, v)
			if err != nil {
				return err
			}
			s.Thread = b
		case "rated":
			b, err := parseSwitch(name, v)
			if err != nil {
				return err
			}
			s.Unrated = !b
		case "meeples":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 20 {
				return refusal("set_bad_meeples", lang.A{"Value": game.Echo(v)})
			}
			s.Options.Meeples = n
		case "missed":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 20 {
				return refusal("set_bad_missed", lang.A{"Value": game.Echo(v)})
			}
			s.MissedLimit = n
		case "hints":
			b, err := parseSwitch(name, v)
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
			b, err := parseSwitch(name, v)
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
				return refusal("set_bad_language", lang.A{"Value": game.Echo(v), "Codes": strings.Join(lang.Codes(), ", ")})
			}
			s.Language = code
		default:
			return refusal("set_no_option", lang.A{"Name": game.Echo(name), "Options": strings.Join(newOptions, ", ")})
		}
	}
	if s.Bank > 0 && s.Increment == 0 {
		s.Increment = DefaultIncrement
	}
	if s.Bank == 0 && s.Increment > 0 {
		return refusal("set_increment_no_bank", lang.A{"Value": FormatDuration(s.Increment)})
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
		return 0, refusal("set_bad_increment", lang.A{"Value": game.Echo(v)})
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
	return "", refusal("set_bad_leaving", lang.A{"Value": game.Echo(v)})
}

// parseSwitch reads a true/false option; its refusal (set_bad_NAME) says what true does.
func parseSwitch(name, v string) (bool, error) {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, refusal("set_bad_"+name, lang.A{"Value": game.Echo(v)})
	}
	return b, nil
}

// boxRules are the words of rules: that play the expansions' own rules (game/RULES.md): ic for
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
			return refusal("set_bad_rules", lang.A{"Value": game.Echo(part)})
		}
		f, known := game.FindFlag(flags, name)
		if !known {
			var names []string
			for _, f := range flags {
				names = append(names, f.Name)
			}
			return refusal("set_unknown_rule", lang.A{"Value": game.Echo(strings.TrimSpace(name)), "Map": e.ID, "Names": strings.Join(names, ", ")})
		}
		if err := setFlag(&s.Options, f, value); err != nil {
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
	total, err := ParseDays(strings.ToLower(v))
	if err != nil || total < minDeadline || total > maxDeadline {
		return 0, refusal("set_bad_deadline", lang.A{"Value": game.Echo(v)})
	}
	return total, nil
}

// ParseDays reads a duration as Go writes it (36h, 90m, 1h30m) that may start with whole days (7d,
// 2d12h); never a negative one.
func ParseDays(v string) (time.Duration, error) {
	t := strings.TrimSpace(v)
	var total time.Duration
	if days, rest, ok := strings.Cut(t, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 || n > 1<<20 {
			return 0, fmt.Errorf("%q: write whole days before d, like 2d", v)
		}
		total, t = time.Duration(n)*24*time.Hour, rest
		if t == "" {
			return total, nil
		}
	}
	d, err := time.ParseDuration(t)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("%q is not a duration (like 2d, 3h or 90m)", v)
	}
	return total + d, nil
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

// DurationText names a length of time in the reader's words, as the subject of a sentence:
// "2 Tage", "1 Tag 12 Stunden", "90 minutes" reads "1 hour 30 minutes". What is shorter than a
// minute is left out (deadlines and rounds are whole minutes).
func DurationText(p *lang.Printer, d time.Duration) string {
	days, rest := d/(24*time.Hour), d%(24*time.Hour)
	hours, minutes := rest/time.Hour, (rest%time.Hour)/time.Minute
	var parts []string
	for _, u := range []struct {
		id string
		n  time.Duration
	}{{"dur_days", days}, {"dur_hours", hours}, {"dur_minutes", minutes}} {
		if u.n > 0 {
			parts = append(parts, p.N(u.id, int(u.n), nil))
		}
	}
	if len(parts) == 0 {
		return p.N("dur_minutes", 0, nil)
	}
	return strings.Join(parts, " ")
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

// personalOptions are the player's own settings (/player settings) and the server's, kept by the
// Discord bot.
var personalOptions = []string{"quiet", "timezone", "notify", "reminders", "vacation-days", "language"}

func carcSettings(t *table.Table, in Input) Reply {
	for _, o := range personalOptions {
		// A table's language is one of its settings too (carc new language:), a local table's
		// to change in its lobby.
		if _, ok := in.Options[o]; ok && o != "language" {
			return failT(t, in, "set_personal_local", lang.A{"Options": strings.Join(personalOptions, ", ")})
		}
	}
	if len(in.Options) == 0 {
		return Reply{OK: true, Ephemeral: true, Table: t, Text: settingsText(in.own(), t)}
	}
	if t.Status != table.Lobby {
		return Reply{Text: in.own().T("set_fixed", nil) + "\n" + settingsText(in.own(), t), Ephemeral: true, Table: t}
	}
	if in.User.ID != t.Creator.ID && !in.Admin {
		return failT(t, in, "set_creator_only", lang.A{"Creator": lang.Name(t.Creator.Name)})
	}
	if _, ok := in.Options["map"]; ok {
		return failT(t, in, "set_map_fixed", nil)
	}
	s := t.Settings
	s.Options.Variant = maps.Clone(s.Options.Variant) // a refused option must leave the table's own alone
	if err := applyNewOptions(&s, t.Entry(), in); err != nil {
		return fail(t, "%s", errorTextIn(in.own(), err))
	}
	// Rules turned on in the lobby (rules:tb) bring their readings' flags, kept like the others.
	if !s.Options.Legacy {
		if err := keepFlags(&s, t.Entry()); err != nil {
			return fail(t, "%s", errorTextIn(in.own(), err))
		}
	}
	x := table.Begin(t, in.User.ID)
	if err := x.Do(table.ChangeSettings(s)); err != nil {
		return fail(t, "%s", errorTextIn(in.own(), err))
	}
	p := public(x.Table, in)
	return changed(x, Reply{Text: p.T("set_changed", nil) + "\n" + settingsText(p, x.Table)})
}
