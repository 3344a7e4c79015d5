package commands

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// OutcomeOf is the outcome (league.Outcome) of t's game as it stands. A game played to its end places its players
// by score, those who resigned or were removed last; a league's game stopped before its end (an
// administrator abandoned it, or its round's deadline ended it or passes while it runs) is adjudicated by its
// league's rule (table.Table.AdjudicatedPlaces). The bot computes it when a game ends, and bot import again
// from an imported game's record, so that a league's file never brings results of its own.
func OutcomeOf(t *table.Table) (league.Outcome, error) {
	o := league.Outcome{Map: t.Setup.Map, Players: make([]string, len(t.Seats)), Unrated: t.Unrated()}
	out := make([]bool, len(t.Seats))
	for i, u := range t.Seats {
		o.Players[i] = u.ID
		o.Scores = append(o.Scores, t.Game.Players[i].Score)
		out[i] = t.Game.Players[i].Resigned
		if left := t.LeftBy(i); left.ID != "" {
			o.Players[i], out[i] = left.ID, true
		}
	}
	o.Places = league.PlacesLast(o.Scores, out)
	if policy := t.AdjudicatedBy(); policy != "" {
		places, err := t.AdjudicatedPlaces(policy)
		if err != nil {
			return league.Outcome{}, err
		}
		o.Places, o.Adjudicated = places, true
	}
	return o, nil
}
