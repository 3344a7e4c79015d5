package commands

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

func carcAdmin(t, c *Table, in Input) Reply {
	what := map[string]string{"abandon": "abandon", "skip": "skip"}[in.Sub]
	if what == "" {
		return fail(t, "/carc %s is not an admin command.", in.Sub)
	}
	if ok, why := administers(c, in, what); !ok {
		return fail(t, "%s", why)
	}
	switch in.Sub {
	case "abandon":
		if c.Status == Finished || c.Status == Abandoned {
			return fail(t, "The game is already over.")
		}
		return abandon(t, c, in.User)
	default:
		if c.Status != Playing {
			return fail(t, "No game is running.")
		}
		cur, _ := c.Current()
		m := game.Move{Kind: game.MoveSkip, Player: c.Game.Current}
		events, err := c.play(in.User.ID, m)
		if err != nil {
			return fail(t, "%v", err)
		}
		return afterMoves(c, events, []game.Move{m}, fmt.Sprintf("%s skipped %s's turn.", in.User.Name, cur.Name))
	}
}

// abandon stops the game where it stands. A league's game is not a played result then: it is
// adjudicated by the league's rule, exactly like a game still running at its round's deadline.
func abandon(t, c *Table, by User) Reply {
	c.Status = Abandoned
	c.Undo, c.Kick = nil, nil
	if c.Game == nil {
		return Reply{OK: true, Changed: true, Table: c, Text: fmt.Sprintf("%s abandoned the table before the game started.", by.Name)}
	}
	if l := c.League; l != nil {
		places, err := AdjudicatedPlaces(c, l.Policy)
		if err != nil {
			return fail(t, "The game cannot be adjudicated: %v.", err)
		}
		return Reply{OK: true, Changed: true, Table: c, Text: fmt.Sprintf(
			"%s abandoned this game of %s. It is adjudicated like a game unfinished at the round's deadline: %s.\n%s",
			by.Name, l.Name, leaguePolicyText(l.Policy), resultText(c, placesText(c, places, l.Policy)))}
	}
	return Reply{OK: true, Changed: true, Table: c, Text: by.Name + " abandoned the game. Final standings: " + resultText(c, standings(c))}
}

// placesText lists the places of an adjudicated game, best first.
func placesText(c *Table, places []int, p league.Policy) string {
	order := make([]int, len(places))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return places[a] - places[b] })
	parts := make([]string, len(order))
	for n, i := range order {
		parts[n] = fmt.Sprintf("%d. %s %d", places[i], c.Seats[i].Name, c.Game.Players[i].Score)
		switch {
		case c.Game.Players[i].Resigned || c.LeftBy(i).ID != "":
			parts[n] += " (out of the game)"
		case i == c.Game.Current && !c.Game.Over() && p == league.PolicyForfeit:
			parts[n] += " (to move: forfeits)"
		}
	}
	return "Places: " + strings.Join(parts, ", ") + "."
}

// KickVote is a vote of the other players to remove one who missed too many turns.
type KickVote struct {
	Seat      int      `json:"seat"`
	Approvals []string `json:"approvals"`
}

// carcKick removes a player. In the lobby the creator may; in a friendly game, someone with Manage
// Channels at any time, and once the player has missed the table's limit of turns (missed:) the
// creator at once, or the other players by a vote (async tables often lose their creator). In a
// rated or league game only its administrators may, at any time (authority.go).
func carcKick(t, c *Table, in Input) Reply {
	who := in.Options["player"]
	seat := c.findSeat(who)
	if seat < 0 {
		return fail(t, "player:%s is not at this table: choose %s.", game.Echo(who), seatList(c))
	}
	name := c.Seats[seat].Name
	if c.Status == Lobby {
		if ok, why := administers(c, in, "remove a player from the lobby"); !ok {
			return fail(t, "%s", why)
		}
		_ = c.leave(c.Seats[seat])
		return Reply{OK: true, Changed: true, Table: c, Text: fmt.Sprintf("%s removed %s from the table.", in.User.Name, name)}
	}
	if c.Status != Playing {
		return fail(t, "The game is over.")
	}
	if c.Game.Players[seat].Resigned {
		return fail(t, "Nothing to do: %s is already out of the game.", name)
	}
	if in.User.ID == c.Seats[seat].ID {
		return fail(t, "To leave the game yourself, use /carc resign.")
	}
	if c.League != nil || c.rated() {
		// No player removes a rival from a game that counts beyond the table, not even by a vote.
		if ok, why := administers(c, in, "remove a player"); !ok {
			return fail(t, "%s", why)
		}
		return leaveSeat(c, seat, "bot", fmt.Sprintf("%s removed %s from the game", in.User.Name, name))
	}
	if in.Admin {
		return leaveSeat(c, seat, "bot", fmt.Sprintf("%s removed %s from the game", in.User.Name, name))
	}
	missed, limit := c.Missed[seat], c.Settings.MissedLimit
	voter := c.Seat(in.User.ID) >= 0 && !c.Game.Players[c.Seat(in.User.ID)].Resigned
	if in.User.ID != c.Creator.ID && !voter {
		return fail(t, "Only the players, %s who opened the table, or someone with Manage Channels can remove a player.", c.Creator.Name)
	}
	if missed < limit {
		return fail(t, "Not yet: %s has missed %s; a player can be removed after %s (missed:%d), or at any time by someone with Manage Channels.",
			name, plural(missed, "turn", "turns"), plural(limit, "missed turn", "missed turns"), limit)
	}
	if in.User.ID == c.Creator.ID {
		return leaveSeat(c, seat, "bot", fmt.Sprintf("%s removed %s, who missed %s, from the game", in.User.Name, name, plural(missed, "turn", "turns")))
	}
	if c.Kick == nil || c.Kick.Seat != seat {
		c.Kick = &KickVote{Seat: seat}
	}
	return kickApproval(t, c, in.User)
}

// kickApproval records a player's agreement to remove the player of the open kick vote, and removes
// them once every other player agreed.
func kickApproval(t, c *Table, u User) Reply {
	if !slices.Contains(c.Kick.Approvals, u.ID) {
		c.Kick.Approvals = append(c.Kick.Approvals, u.ID)
	}
	name := c.Seats[c.Kick.Seat].Name
	wait := kickWaitingFor(c)
	if len(wait) == 0 {
		seat := c.Kick.Seat
		return leaveSeat(c, seat, "bot", fmt.Sprintf("The other players agreed to remove %s, who missed %s", name, plural(c.Missed[seat], "turn", "turns")))
	}
	var ping []string
	for _, i := range wait {
		ping = append(ping, humans(c.Seats[i])...)
	}
	return Reply{OK: true, Changed: true, Table: c, Ping: ping,
		Text: fmt.Sprintf("%s asks to remove %s, who missed %s. Every other player must agree; waiting for %s:", u.Name, name,
			plural(c.Missed[c.Kick.Seat], "turn", "turns"), seatNames(c, wait)),
		Buttons: [][]Button{{{ID: ComponentID(c, "kick", "yes"), Label: "Agree to remove " + Truncate(name, 40), Style: Danger},
			{ID: ComponentID(c, "kick", "no"), Label: "Keep them", Style: Secondary}}}}
}

// kickWaitingFor lists the seats whose agreement the kick vote still needs: the other players
// still in the game, never an AI seat (which does not vote).
func kickWaitingFor(c *Table) []int {
	var out []int
	for i, u := range c.Seats {
		if _, isAI := AILevel(u); !isAI && i != c.Kick.Seat && !c.Game.Players[i].Resigned && !slices.Contains(c.Kick.Approvals, u.ID) {
			out = append(out, i)
		}
	}
	return out
}

func seatNames(c *Table, seats []int) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = c.Seats[s].Name
	}
	return strings.Join(names, ", ")
}

// kickVote answers a click on a kick vote's buttons.
func kickVote(t *Table, user User, c Component) Reply {
	if t.Kick == nil || t.Status != Playing {
		return fail(t, "There is no vote to remove a player open.")
	}
	if t.League != nil || t.rated() {
		_, why := administers(t, Input{User: user}, "remove a player")
		return fail(t, "%s", why)
	}
	seat := t.Seat(user.ID)
	if seat < 0 || seat == t.Kick.Seat || t.Game.Players[seat].Resigned {
		return fail(t, "Only the other players vote on removing %s.", t.Seats[t.Kick.Seat].Name)
	}
	n := t.clone()
	if c.Arg == "no" {
		name := n.Seats[n.Kick.Seat].Name
		n.Kick = nil
		return Reply{OK: true, Changed: true, Table: n, Text: fmt.Sprintf("%s wants to keep %s; %s stays in the game.", user.Name, name, name)}
	}
	if slices.Contains(n.Kick.Approvals, user.ID) {
		return Reply{OK: true, Ephemeral: true, Table: t, Text: "You have already agreed; waiting for " + seatNames(n, kickWaitingFor(n)) + "."}
	}
	return kickApproval(t, n, user)
}
