package game

// MapRules is everything a map brings: its grid, its Map-Chips rules, and how players meet them.
// Each map's package exports one and the variants registry lists them; nothing else in the project
// needs to know which map is played. Its own rules in a few sentences (for /carc rules) and its
// line of /carc help are words, in its catalogue: rules_ID_1, rules_ID_2... and help_map_ID.
type MapRules struct {
	ID      string
	Title   string
	Map     *Map
	Variant Variant
	// Actions are the variant's chip actions, for the command surface.
	Actions []ActionSpec
	// Flags are the map's rule options (its RULES.md) with their defaults and meaning.
	Flags []Flag
	// Fixes are the hidden parts of the map's setup a table script may fix (!setup NAME VALUE).
	Fixes []Fix
	// Test marks maps that exist for tests; they are not offered to players in Discord.
	Test bool
}

// Fix is a hidden part of a map's setup that a table script may fix: the variant's Setup reads
// Setup.Fixed[Name] instead of dealing it at random.
type Fix struct {
	Name string
	// Usage shows how to write the value: "purple=A,B,C,D,E/U,V,W,X,D ...".
	Usage string
	// Check validates a value when the script gives it; Setup reports what only the deal can tell.
	Check func(value string) error
}

// ActionStep is when in a turn an action is taken; a whole-turn /place puts its actions there.
type ActionStep string

// Steps of a turn where actions are taken.
const (
	// StepSource is before the draw (take an island tile instead of drawing).
	StepSource ActionStep = "source"
	// StepMeeple is after the placement, before the meeple (sell a wine, lay a treat).
	StepMeeple ActionStep = "meeple"
	// StepFinish is after the meeple, before the scoring (upgrade a meeple).
	StepFinish ActionStep = "finish"
	// StepDecide is after the turn is scored (buy an extra turn).
	StepDecide ActionStep = "decide"
)

// ActionSpec describes a variant action for the command surface: its name, its options, and when
// it is taken.
type ActionSpec struct {
	Name        string
	Description string
	Options     []ActionOption
	Step        ActionStep
	// Shortcut, if set, is an option of /place that takes the action: its value fills the
	// action's first option (treat:H3), or is yes for an action without options (isle:yes).
	Shortcut string
	// ShortcutOptions are further options of the action that /place takes under their own names
	// with the shortcut (stack:2 with island:purple).
	ShortcutOptions []string
}

// ActionOption is one option of an action, with its fixed choices if it has any.
type ActionOption struct {
	Name        string
	Description string
	Choices     []string
	Required    bool
	// Normal, if set, writes a typed value in the form the legal actions give it (a payment in
	// any order as the one order they list), so that every way of writing it names it; without
	// it, values compare regardless of case and blanks.
	Normal func(value string) string
}
