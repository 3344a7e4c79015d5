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
