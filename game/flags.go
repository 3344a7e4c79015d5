package game

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Flag is a rule option a table may set (a chosen reading, OQ-nn in RULES.md): one of the engine's (EngineFlags) or one a
// map declares in its MapRules. This is the one list of flags: the command surface, the settings
// text and the rules summary all read it.
type Flag struct {
	Name        string
	Default     string
	Description string
	// Choices are the values the flag takes; a switch takes true and false.
	Choices []string
	// Legacy, when set, is the value for tables opened before flag values were stored with the
	// table (Options.Legacy): a default may change, a stored game may not.
	Legacy string
	// Applies, when set, says whether the flag matters under these options (a map's reading of
	// the expansions' rules matters only with them on): a table keeps the value of a flag only
	// where it applies, so that tables opened before the flag existed keep their state.
	Applies func(Options) bool
	// field is where an engine flag lives in Options; map flags live in Options.Variant.
	field   func(*Options) *string
	boolean func(*Options) *bool
}

var switchChoices = []string{"true", "false"}

// BoolFlag declares a switch.
func BoolFlag(name string, def bool, description string) Flag {
	return Flag{Name: name, Default: strconv.FormatBool(def), Description: description, Choices: switchChoices}
}

func engineSwitch(name string, def bool, description string, field func(*Options) *bool) Flag {
	f := BoolFlag(name, def, description)
	f.boolean = field
	return f
}

var engineFlags = []Flag{
	engineSwitch("largeCityAnchorBeforeConnection", false, "printed large cities are anchors before any tile connects them (OQ-04)",
		func(o *Options) *bool { return &o.LargeCityAnchorBeforeConnection }),
	engineSwitch("cloisterOffMapCountsFilled", true, "unplayable squares around a cloister count as filled (OQ-09)",
		func(o *Options) *bool { return &o.CloisterOffMapCountsFilled }),
	{Name: "ferryModel", Default: FerryLanding, Description: "a: roads stop at the water; c: roads run on across a ferry (OQ-10)",
		Choices: []string{FerryLanding, FerryRoadsContinue}, field: func(o *Options) *string { return &o.FerryModel }},
	engineSwitch("innsCathedralsScoring", false, "inns and cathedrals score as in Inns & Cathedrals (OQ-34)",
		func(o *Options) *bool { return &o.InnsCathedralsScoring }),
	engineSwitch("innsCathedrals", false, "the full rules of Inns & Cathedrals: inns, cathedrals and the big meeple (R3.1, rules:ic)",
		func(o *Options) *bool { return &o.InnsCathedrals }),
	engineSwitch("tradersBuilders", false, "the full rules of Traders & Builders: goods, the builder and the pig (R3.2, rules:tb)",
		func(o *Options) *bool { return &o.TradersBuilders }),
}

// EngineFlags are the engine's rule options (game/RULES.md), with the chosen interpretations as
// defaults (DefaultOptions).
func EngineFlags() []Flag { return slices.Clone(engineFlags) }

// When makes the flag matter only where applies holds (see Flag.Applies).
func (f Flag) When(applies func(Options) bool) Flag {
	f.Applies = applies
	return f
}

// AppliesTo reports whether the flag matters under options o.
func (f Flag) AppliesTo(o Options) bool { return f.Applies == nil || f.Applies(o) }

// FindFlag finds a flag by name, ignoring case.
func FindFlag(flags []Flag, name string) (Flag, bool) {
	for _, f := range flags {
		if strings.EqualFold(f.Name, strings.TrimSpace(name)) {
			return f, true
		}
	}
	return Flag{}, false
}

// Value is the flag's value in these options: what a table set, else its default.
func (o Options) Value(f Flag) string {
	switch {
	case f.boolean != nil:
		return strconv.FormatBool(*f.boolean(&o))
	case f.field != nil:
		if v := *f.field(&o); v != "" {
			return v
		}
		return f.Default
	}
	if v, ok := o.Variant[f.Name]; ok {
		return v
	}
	if o.Legacy && f.Legacy != "" {
		return f.Legacy
	}
	return f.Default
}

// On reads a switch.
func (f Flag) On(o Options) bool { return o.Value(f) == "true" }

// Set gives the flag a value, one of its choices.
func (o *Options) Set(f Flag, value string) error {
	v := strings.ToLower(strings.TrimSpace(value))
	ok := false
	for _, c := range f.Choices {
		if strings.EqualFold(c, v) {
			v, ok = c, true
		}
	}
	if !ok {
		return fmt.Errorf("rule %s takes %s, not %q (%s)", f.Name, strings.Join(f.Choices, " or "), Echo(value), f.Description)
	}
	switch {
	case f.boolean != nil:
		*f.boolean(o) = v == "true"
	case f.field != nil:
		*f.field(o) = v
	default:
		// A copy: options are copied with the tables that hold them, and must not change under
		// a table that only shares them.
		m := maps.Clone(o.Variant)
		if m == nil {
			m = map[string]string{}
		}
		m[f.Name] = v
		o.Variant = m
	}
	return nil
}
