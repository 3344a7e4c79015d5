package leaguecmd

import (
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// stageText labels a double elimination cup's game with its bracket and round ("" for others).
func stageText(p *lang.Printer, st *league.Stage) string {
	if st == nil {
		return ""
	}
	return p.T("league_stage_paren", lang.A{"Text": stageName(p, *st)})
}

// stageName names a stage of a double elimination cup: "losers' bracket, round 2".
func stageName(p *lang.Printer, st league.Stage) string {
	switch {
	case st.Bracket == league.WinnersBracket:
		return p.T("league_stage_winners", lang.A{"Round": st.Round})
	case st.Bracket == league.LosersBracket:
		return p.T("league_stage_losers", lang.A{"Round": st.Round})
	case st.Round == 1:
		return p.T("league_stage_final", nil)
	}
	return p.T("league_stage_decider", nil)
}

// bracketMark is a player's place in a double elimination cup, as the standings picture shows it
// after their name ("" for other formats).
func bracketMark(p *lang.Printer, b map[string]league.BracketStanding, id string) string {
	st, ok := b[id]
	switch {
	case !ok:
		return ""
	case st.Bracket == league.WinnersBracket:
		return " (" + p.T("league_mark_winners", nil) + ")"
	case st.Bracket == league.LosersBracket:
		return " (" + p.T("league_mark_losers", nil) + ")"
	case st.Out > 0:
		return " (" + p.T("league_mark_out", nil) + ")"
	}
	return " (" + p.T("league_mark_champion", nil) + ")"
}

// bracketsText tells who stands where in a double elimination cup: the players of each bracket,
// those out with the round of their second loss, and the champion ("" for other formats).
func bracketsText(p *lang.Printer, s league.Season) string {
	b := s.Brackets()
	if b == nil {
		return ""
	}
	var winners, losers, out []string
	champion := ""
	for _, m := range s.Members {
		switch st := b[m.ID]; {
		case st.Bracket == league.WinnersBracket:
			winners = append(winners, p.Shown(m.Name))
		case st.Bracket == league.LosersBracket:
			losers = append(losers, p.Shown(m.Name))
		case st.Out > 0:
			out = append(out, p.T("league_out_in_round", lang.A{"Player": lang.Name(m.Name), "Round": st.Out}))
		default:
			champion = m.Name
		}
	}
	list := func(names []string) string {
		if len(names) == 0 {
			return p.T("league_nobody", nil)
		}
		slices.Sort(names)
		return strings.Join(names, ", ")
	}
	if champion != "" {
		return p.T("league_cup_won", lang.A{"Player": lang.Name(champion), "Out": list(out)})
	}
	return p.T("league_brackets", lang.A{"Winners": list(winners), "Losers": list(losers), "Out": list(out)})
}
