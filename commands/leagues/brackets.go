package leagues

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
)

// stageText labels a double elimination cup's game with its bracket and round ("" for others).
func stageText(st *league.Stage) string {
	if st == nil {
		return ""
	}
	return " (" + st.String() + ")"
}

// bracketMark is a player's place in a double elimination cup, as the standings picture shows it
// after their name ("" for other formats).
func bracketMark(b map[string]league.BracketStanding, id string) string {
	st, ok := b[id]
	switch {
	case !ok:
		return ""
	case st.Bracket == league.WinnersBracket:
		return " (winners')"
	case st.Bracket == league.LosersBracket:
		return " (losers')"
	case st.Out > 0:
		return " (out)"
	}
	return " (champion)"
}

// bracketsText tells who stands where in a double elimination cup: the players of each bracket,
// those out with the round of their second loss, and the champion ("" for other formats).
func bracketsText(s league.Season) string {
	b := s.Brackets()
	if b == nil {
		return ""
	}
	var winners, losers, out []string
	champion := ""
	for _, m := range s.Members {
		switch st := b[m.ID]; {
		case st.Bracket == league.WinnersBracket:
			winners = append(winners, m.Name)
		case st.Bracket == league.LosersBracket:
			losers = append(losers, m.Name)
		case st.Out > 0:
			out = append(out, fmt.Sprintf("%s (round %d)", m.Name, st.Out))
		default:
			champion = m.Name
		}
	}
	list := func(names []string) string {
		if len(names) == 0 {
			return "nobody"
		}
		slices.Sort(names)
		return strings.Join(names, ", ")
	}
	if champion != "" {
		return fmt.Sprintf("%s wins the cup. Out: %s.", champion, list(out))
	}
	return fmt.Sprintf("Winners' bracket (no loss): %s. Losers' bracket (one loss): %s. Out: %s.", list(winners), list(losers), list(out))
}
