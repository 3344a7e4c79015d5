package commands

import (
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// maxChoiceValue is Discord's limit for an autocomplete entry's value.
const maxChoiceValue = 100

// ruleChoices completes rules: of /carc new and /table settings: the expansions' rules (ic, tb,
// all, none) and each value of each rule option of the table's map, named with what it does in
// the reader's language. What is typed before the last comma stays, so that several options are
// chosen one after the other (rules:"tb,ferryModel=c").
func ruleChoices(p *lang.Printer, t *table.Table, in Input) []Choice {
	e, _, ok := namedMap(t, in)
	if !ok {
		return nil
	}
	typed := strings.TrimLeft(in.Options["rules"], " ")
	done := typed[:strings.LastIndexAny(typed, ", ")+1]
	var all []Choice
	add := func(value, what string) {
		if v := done + value; len(v) <= maxChoiceValue {
			all = append(all, Choice{Name: value + ": " + what, Value: v})
		}
	}
	ic, tb := p.T("box_ic", nil), p.T("box_tb", nil)
	add("ic", ic)
	add("tb", tb)
	add("all", join(p, []string{ic, tb}))
	add("none", p.T("box_none", nil))
	for _, f := range variants.Flags(e) {
		for _, c := range f.Choices {
			add(f.Name+"="+c, flagDescription(p, f))
		}
	}
	return all
}
