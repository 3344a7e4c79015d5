package commands

import (
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
)

// Who administers a game (skips a turn, abandons the game, removes a player): at a friendly table
// its creator and members with Manage Channels. A game whose result counts beyond the table is
// never administered by one of its players (design §7), or a player could end a rival's turn,
// stop a game they are losing or remove an opponent: a rated friendly is administered by members
// with Manage Channels who do not play in it, a league's game by the league's creator and members
// with Manage Server who do not play in it. Meanwhile the turn deadline (and a league's round
// deadline) keeps such a game moving without anyone's decision.

// LeagueGame marks a table as a game of a league. The bot records it in the game's record when
// it opens the fixture (Entry.League), so that it holds across restarts and replays; the policy is
// the league's, fixed when the league was created.
type LeagueGame struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Season int    `json:"season"`
	// Creator is the league's creator, who administers its games (with Manage Server members).
	Creator User          `json:"creator"`
	Policy  league.Policy `json:"policy"`
}

// markLeague applies Entry.League: the table becomes a game of the league.
func markLeague(t *Table, l LeagueGame) Reply {
	if t == nil {
		return fail(nil, "A league mark without a table.")
	}
	if t.League != nil {
		return fail(t, "This table is already a game of the league %s.", t.League.Name)
	}
	if l.ID == "" || (l.Policy != league.PolicyScoreStands && l.Policy != league.PolicyForfeit) {
		return fail(t, "A league mark with no league or an unknown policy (%q).", l.Policy)
	}
	c := t.clone()
	c.League = &l
	return Reply{OK: true, Changed: true, Table: c, Text: fmt.Sprintf("This table is a game of %s, season %d: %s administers it.",
		l.Name, l.Season, administrators(c))}
}

// playedBy tells whether a user plays, or played, in the game: seated (also after resigning), or
// the player who left a seat to an AI.
func (t *Table) playedBy(id string) bool {
	return t.Seat(id) >= 0 || slices.ContainsFunc(t.Left, func(u User) bool { return u.ID == id })
}

// rated tells whether the running game counts for the server's ratings (a friendly on Discord).
func (t *Table) rated() bool {
	return t.Status != Lobby && !t.Local && t.Unrated() == ""
}

// Administers tells whether in's user may administer the game (the bot asks it for the actions
// it runs itself, such as resuming a game on hold); if not, why, and who may. what is the action,
// as in "resume the game".
func Administers(t *Table, in Input, what string) (bool, string) { return administers(t, in, what) }

// administers tells whether in's user may administer the game; if not, why, and who may.
// what is the action refused, as in "skip a turn".
func administers(c *Table, in Input, what string) (bool, string) {
	plays := c.playedBy(in.User.ID)
	switch {
	case c.League != nil:
		if (in.User.ID == c.League.Creator.ID || in.Manager) && !plays {
			return true, ""
		}
		return false, fmt.Sprintf("This is a game of the league %s: only %s can %s, and never in a game they play in. %s",
			c.League.Name, administrators(c), what, keepsMoving(c))
	case c.rated():
		if in.Admin && !plays {
			return true, ""
		}
		return false, fmt.Sprintf("This game is rated: only %s can %s. %s", administrators(c), what, keepsMoving(c))
	}
	if in.User.ID == c.Creator.ID || in.Admin {
		return true, ""
	}
	return false, fmt.Sprintf("Only %s can %s.", administrators(c), what)
}

// administrators names who administers the game.
func administrators(c *Table) string {
	switch {
	case c.League != nil:
		return fmt.Sprintf("%s, who runs %s, or a member with Manage Server who does not play in the game", c.League.Creator.Name, c.League.Name)
	case c.rated():
		return "a member with Manage Channels who does not play in the game"
	}
	return fmt.Sprintf("%s, who opened the table, or someone with Manage Channels", c.Creator.Name)
}

// removers names who may remove a player who missed the table's limit of turns.
func removers(c *Table) string {
	if c.League != nil || c.rated() {
		return administrators(c)
	}
	return "the creator, a channel admin or a vote of the other players"
}

// keepsMoving says what moves a game on that its players cannot administer.
func keepsMoving(c *Table) string {
	s := c.Settings
	policy := "their turn is skipped"
	if s.Policy == PolicyAuto {
		policy = "the autopilot plays their turn"
	}
	text := fmt.Sprintf("Meanwhile the turn deadline keeps the game moving: when a player lets %s pass, %s (a missed turn).",
		formatDuration(s.Deadline), policy)
	if c.League != nil {
		text += " At the round's deadline " + leaguePolicyText(c.League.Policy) + "."
	}
	return text
}

// leaguePolicyText says how a league adjudicates a game stopped before its end.
func leaguePolicyText(p league.Policy) string {
	if p == league.PolicyForfeit {
		return "a game still running is lost by the player whose turn it is, the others placed by score"
	}
	return "a game still running ends as the score stands"
}

// AdjudicatedPlaces are the places of a league game stopped before its end (at its round's
// deadline, or abandoned by an administrator), by the league's policy: players who resigned or
// were removed come last as in a finished game, and under PolicyForfeit so does the player whose
// turn it is.
func AdjudicatedPlaces(t *Table, p league.Policy) ([]int, error) {
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

// AdjudicatedText announces a league game stopped at its round's deadline: the league's rule, the
// places, the points by source and the deal's key.
func AdjudicatedText(t *Table, p league.Policy, places []int) string {
	return fmt.Sprintf("The round's deadline has passed: the game ends here, adjudicated by the league's rule (%s).\n%s",
		leaguePolicyText(p), resultText(t, placesText(t, places, p)))
}
