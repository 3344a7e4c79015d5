package table

import (
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// LeagueGame marks a table as a game of a league: who administers it (the league's creator and
// members with Manage Server, never one of its players) and how it is adjudicated if it stops
// before its end. The bot records it (a league event) when it opens the fixture; the policy is the
// league's, fixed when the league was created.
type LeagueGame struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Season int    `json:"season"`
	// Creator is the league's creator, who administers its games (with Manage Server members).
	Creator User          `json:"creator"`
	Policy  league.Policy `json:"policy"`
}

// PlayedBy tells whether a user plays, or played, in the game: seated (also after resigning), or
// the player who left a seat to an AI.
func (t *Table) PlayedBy(id string) bool {
	return t.Seat(id) >= 0 || slices.ContainsFunc(t.Left, func(u User) bool { return u.ID == id })
}

// Rated tells whether the running game counts for the server's ratings (a friendly on Discord).
func (t *Table) Rated() bool {
	return t.Status != Lobby && !t.Local && t.Unrated() == ""
}

// AdjudicatedBy is the league's rule that places the players of a league game stopped before its
// end ("" for a game played to its end, or not a league's): the rule of the adjudicate event that
// ended it at its round's deadline, or the league's for a game an administrator abandoned, or one
// still playing (a game adjudicated before adjudication was a step of its record: its store holds
// the end, its snapshot none).
func (t *Table) AdjudicatedBy() league.Policy {
	if t.Adjudicated != "" {
		return t.Adjudicated
	}
	if t.League != nil && t.Game != nil && (t.Status == Abandoned || t.Status == Playing) {
		return t.League.Policy
	}
	return ""
}

// AdjudicatedPlaces are the places of a league game stopped before its end (at its round's
// deadline, or abandoned by an administrator), by the league's policy p: players who resigned or
// were removed come last as in a finished game, and under PolicyForfeit so does the player whose
// turn it is.
func (t *Table) AdjudicatedPlaces(p league.Policy) ([]int, error) {
	scores := make([]int, len(t.Seats))
	out := make([]bool, len(t.Seats))
	for i := range t.Seats {
		scores[i] = t.Game.Players[i].Score
		out[i] = t.Game.Players[i].Resigned || t.LeftBy(i).ID != ""
	}
	toMove := -1
	if !t.Game.Over() {
		toMove = t.Game.Current
	}
	return league.Adjudicate(p, scores, out, toMove)
}
