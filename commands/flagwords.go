package commands

import (
	"strings"
	"unicode"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// flagID is the catalogue message that describes a rule option: flag_ and the option's name in
// snake case (ferryModel: flag_ferry_model). The engine and the maps declare their options with
// an English description (game.Flag), which stays their documentation and the logs' text.
func flagID(f game.Flag) string {
	var b strings.Builder
	b.WriteString("flag_")
	for i, r := range f.Name {
		if unicode.IsUpper(r) && i > 0 {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// flagDescription is what a rule option does, in the reader's language; a test map's option
// without a message keeps its English.
func flagDescription(p *lang.Printer, f game.Flag) string { return known(p, flagID(f), f.Description) }

// setFlag gives a rule option a value, refused in the reader's language with the values it takes
// and what it does when the value is not one of them.
func setFlag(o *game.Options, f game.Flag, value string) error {
	for _, c := range f.Choices {
		if strings.EqualFold(c, strings.TrimSpace(value)) {
			return o.Set(f, value)
		}
	}
	return refusal("set_rule_value", lang.A{"Name": f.Name, "Choices": choicesWords(f.Choices),
		"Value": game.Echo(value), "Description": flagWords{f}})
}

// flagWords is a rule option's description as a value of a refusal.
type flagWords struct{ f game.Flag }

func (w flagWords) in(p *lang.Printer) string { return flagDescription(p, w.f) }

// choicesWords are the values an option takes, joined as the reader's language joins a list.
type choicesWords []string

func (w choicesWords) in(p *lang.Printer) string { return join(p, w) }

// flagValueIn is a rule option's value in the reader's words: a switch on or off, any other value
// (a ferry model's letter) as it is typed.
func flagValueIn(p *lang.Printer, v string) string {
	switch v {
	case "true":
		return p.T("rule_on", nil)
	case "false":
		return p.T("rule_off", nil)
	}
	return v
}
