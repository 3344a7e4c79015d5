package commands

import (
	"fmt"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

func carcAdmin(t *table.Table, in Input) Reply {
	what := map[string]string{"abandon": "abandon", "skip": "skip"}[in.Sub]
	if what == "" {
		return fail(t, "/carc %s is not an admin command.", game.Echo(in.Sub))
	}
	if ok, why := administers(t, in, what); !ok {
		return fail(t, "%s", why)
	}
	if in.Sub == "abandon" {
		if t.Status == table.Finished || t.Status == table.Abandoned {
			return fail(t, "The game is already over.")
		}
		return abandon(t, in.User)
	}
	if t.Status != table.Playing {
		return fail(t, "No game is running.")
	}
	cur, _ := t.Current()
	x := table.Begin(t, in.User.ID)
	if err := x.Do(table.Move(game.Move{Kind: game.MoveSkip, Player: t.Game.Current})); err != nil {
		return fail(t, "%v", err)
	}
	return afterMoves(public(t, in), x, fmt.Sprintf("%s skipped %s's turn.", in.User.Name, cur.Name))
}

// abandon stops the game where it stands. A league's game is not a played result then: it is
// adjudicated by the league's rule, exactly like a game still running at its round's deadline.
func abandon(t *table.Table, by table.User) Reply {
	x := table.Begin(t, by.ID)
	if err := x.Do(table.Abandon("")); err != nil {
		return fail(t, "%v", err)
	}
	c := x.Table
	if c.Game == nil {
		return changed(x, Reply{Text: fmt.Sprintf("%s abandoned the table before the game started.", by.Name)})
	}
	if l := c.League; l != nil {
		places, err := AdjudicatedPlaces(c, l.Policy)
		if err != nil {
			return fail(t, "The game cannot be adjudicated: %v.", err)
		}
		return changed(x, Reply{Text: fmt.Sprintf(
			"%s abandoned this game of %s. It is adjudicated like a game unfinished at the round's deadline: %s.\n%s",
			by.Name, l.Name, leaguePolicyText(l.Policy), resultText(tablePrinter(c), c, placesText(c, places, l.Policy)))})
	}
	return changed(x, Reply{Text: by.Name + " abandoned the game. Final standings: " + resultText(tablePrinter(c), c, standings(tablePrinter(c), c))})
}

// placesText lists the places of an adjudicated game, best first.
func placesText(c *table.Table, places []int, p league.Policy) string {
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

// carcKick removes a player. In the lobby the creator may; in a friendly game, someone with Manage
// Channels at any time, and once the player has missed the table's limit of turns (missed:) the
// creator at once, or the other players by a vote (async tables often lose their creator). In a
// rated or league game only its administrators may, at any time (authority.go).
func carcKick(t *table.Table, in Input) Reply {
	who := in.Options["player"]
	seat := t.FindSeat(who)
	if seat < 0 {
		return fail(t, "player:%s is not at this table: choose %s.", game.Echo(who), seatList(t))
	}
	name := t.Seats[seat].Name
	if t.Status == table.Lobby {
		if ok, why := administers(t, in, "remove a player from the lobby"); !ok {
			return fail(t, "%s", why)
		}
		x := table.Begin(t, in.User.ID)
		if err := x.Do(table.Leave(t.Seats[seat])); err != nil {
			return fail(t, "%v", err)
		}
		return changed(x, Reply{Text: fmt.Sprintf("%s removed %s from the table.", in.User.Name, name)})
	}
	if t.Status != table.Playing {
		return fail(t, "The game is over.")
	}
	if t.Game.Players[seat].Resigned {
		return fail(t, "Nothing to do: %s is already out of the game.", name)
	}
	if in.User.ID == t.Seats[seat].ID {
		return fail(t, "To leave the game yourself, use /carc resign.")
	}
	if t.League != nil || t.Rated() {
		// No player removes a rival from a game that counts beyond the table, not even by a vote.
		if ok, why := administers(t, in, "remove a player"); !ok {
			return fail(t, "%s", why)
		}
		return kick(t, table.Begin(t, in.User.ID), seat, fmt.Sprintf("%s removed %s from the game", in.User.Name, name))
	}
	if in.Admin {
		return kick(t, table.Begin(t, in.User.ID), seat, fmt.Sprintf("%s removed %s from the game", in.User.Name, name))
	}
	missed, limit := t.Missed[seat], t.Settings.MissedLimit
	voter := t.Seat(in.User.ID) >= 0 && !t.Game.Players[t.Seat(in.User.ID)].Resigned
	if in.User.ID != t.Creator.ID && !voter {
		return fail(t, "Only the players, %s who opened the table, or someone with Manage Channels can remove a player.", t.Creator.Name)
	}
	if missed < limit {
		return fail(t, "Not yet: %s has missed %s; a player can be removed after %s (missed:%d), or at any time by someone with Manage Channels.",
			name, Plural(missed, "turn", "turns"), Plural(limit, "missed turn", "missed turns"), limit)
	}
	if in.User.ID == t.Creator.ID {
		return kick(t, table.Begin(t, in.User.ID), seat, fmt.Sprintf("%s removed %s, who missed %s, from the game", in.User.Name, name, Plural(missed, "turn", "turns")))
	}
	return kickApproval(t, in.User, seat)
}

// kick removes the player of seat from the running game, as part of the change x: the bot
// resigns for them, or an AI plays the seat on.
func kick(t *table.Table, x *table.Tx, seat int, what string) Reply {
	if err := x.Do(table.Kick(seat)); err != nil {
		return fail(t, "%v", err)
	}
	return leaveSeat(t, x, seat, "bot", what)
}

// kickApproval records u's agreement to remove the player of seat (opening the vote if it is not
// open for them), and removes them once every other player agreed.
func kickApproval(t *table.Table, u table.User, seat int) Reply {
	x := table.Begin(t, u.ID)
	if err := x.Do(table.VoteKick(seat, true)); err != nil {
		return fail(t, "%v", err)
	}
	c := x.Table
	name := c.Seats[seat].Name
	wait := c.KickWaitingFor()
	if len(wait) == 0 {
		return kick(t, x, seat, fmt.Sprintf("The other players agreed to remove %s, who missed %s", name, Plural(c.Missed[seat], "turn", "turns")))
	}
	var ping []string
	for _, i := range wait {
		ping = append(ping, humans(c.Seats[i])...)
	}
	return changed(x, Reply{Ping: ping,
		Text: fmt.Sprintf("%s asks to remove %s, who missed %s. Every other player must agree; waiting for %s:", u.Name, name,
			Plural(c.Missed[seat], "turn", "turns"), seatNames(c, wait)),
		Buttons: [][]Button{{{ID: ComponentID(c, "kick", "yes"), Label: "Agree to remove " + Truncate(name, 40), Style: Danger},
			{ID: ComponentID(c, "kick", "no"), Label: "Keep them", Style: Secondary}}}})
}

func seatNames(c *table.Table, seats []int) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = c.Seats[s].Name
	}
	return strings.Join(names, ", ")
}

// kickVote answers a click on a kick vote's buttons.
func kickVote(t *table.Table, user table.User, c Component) Reply {
	if t.Kick == nil || t.Status != table.Playing {
		return fail(t, "There is no vote to remove a player open.")
	}
	if t.League != nil || t.Rated() {
		_, why := administers(t, Input{User: user}, "remove a player")
		return fail(t, "%s", why)
	}
	seat := t.Seat(user.ID)
	if seat < 0 || seat == t.Kick.Seat || t.Game.Players[seat].Resigned {
		return fail(t, "Only the other players vote on removing %s.", t.Seats[t.Kick.Seat].Name)
	}
	if c.Arg == "no" {
		name := t.Seats[t.Kick.Seat].Name
		x := table.Begin(t, user.ID)
		if err := x.Do(table.VoteKick(t.Kick.Seat, false)); err != nil {
			return fail(t, "%v", err)
		}
		return changed(x, Reply{Text: fmt.Sprintf("%s wants to keep %s; %s stays in the game.", user.Name, name, name)})
	}
	if slices.Contains(t.Kick.Approvals, user.ID) {
		return Reply{OK: true, Ephemeral: true, Table: t, Text: "You have already agreed; waiting for " + seatNames(t, t.KickWaitingFor()) + "."}
	}
	return kickApproval(t, user, t.Kick.Seat)
}
