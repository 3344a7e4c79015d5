package commands

import (
	"regexp"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
)

// spotIn is a meeple spot in the reader's words beside the spot as it is typed: "Wiese field:NL",
// "城市 city:N". Where the reader's word for the feature is the typed one (English), the typed
// spot alone says it.
func spotIn(p *lang.Printer, spot string) string {
	kind, _, _ := strings.Cut(spot, ":")
	if spot == "" || isNoneSpot(spot) {
		return spot
	}
	word := featureIn(p, kind)
	if word == kind {
		return spot
	}
	return p.T("spot_words", lang.A{"Feature": word, "Spot": spot})
}

func isNoneSpot(spot string) bool { return strings.EqualFold(spot, "none") }

// spotsIn writes the spots among a value ("city:N", "builder road:E", "city:N, road:E") with
// the reader's words beside them, and leaves any other value as it is.
func spotsIn(p *lang.Printer, v string) string {
	return spotPattern.ReplaceAllStringFunc(v, func(s string) string { return spotIn(p, s) })
}

// spotPattern is a spot as the engine writes it.
var spotPattern = regexp.MustCompile(`\b(?:(?:city|road|field):(?:[NESW][LR]?|inner)|cloister)\b`)

// spotList is a list of spots as a value of a refusal: each with the reader's words beside it.
type spotList []string

func (l spotList) in(p *lang.Printer) string {
	out := make([]string, len(l))
	for i, s := range l {
		out[i] = spotsIn(p, s)
	}
	return join(p, out)
}
