package commands

import (
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

func carcAdmin(t *table.Table, in Input) Reply {
	if in.Sub != "abandon" && in.Sub != "skip" {
		return failT(t, in, "admin_not_admin", lang.A{"Sub": game.Echo(in.Sub)})
	}
	if ok, why := administers(t, in, in.Sub); !ok {
		return fail(t, "%s", why)
	}
	if in.Sub == "abandon" {
		if t.Status == table.Finished || t.Status == table.Abandoned {
			return failT(t, in, "admin_already_over", nil)
		}
		return abandon(t, in.User, public(t, in))
	}
	if t.Status != table.Playing {
		return failT(t, in, "admin_no_game", nil)
	}
	cur, _ := t.Current()
	x := table.Begin(t, in.User.ID)
	if err := x.Do(table.Move(game.Move{Kind: game.MoveSkip, Player: t.Game.Current})); err != nil {
		return fail(t, "%v", err)
	}
	p := public(t, in)
	return afterMoves(p, x, p.T("admin_skipped", lang.A{"Admin": lang.Name(in.User.Name), "Player": lang.Name(cur.Name)}))
}

// abandon stops the game where it stands. A league's game is not a played result then: it is
// adjudicated by the league's rule, exactly like a game still running at its round's deadline.
func abandon(t *table.Table, by table.User, p *lang.Printer) Reply {
	x := table.Begin(t, by.ID)
	if err := x.Do(table.Abandon("")); err != nil {
		return fail(t, "%v", err)
	}
	c := x.Table
	if c.Game == nil {
		return changed(x, Reply{Text: p.T("admin_abandoned_lobby", lang.A{"Admin": lang.Name(by.Name)})})
	}
	if l := c.League; l != nil {
		places, err := c.AdjudicatedPlaces(l.Policy)
		if err != nil {
			return failIn(t, p, "admin_not_adjudicated", lang.A{"Why": err})
		}
		return changed(x, Reply{Text: p.T("admin_abandoned_league", lang.A{"Admin": lang.Name(by.Name), "League": lang.Name(l.Name),
			"Policy": leaguePolicyText(p, l.Policy), "Result": resultText(p, c, placesText(p, c, places, l.Policy))})})
	}
	return changed(x, Reply{Text: p.T("admin_abandoned", lang.A{"Admin": lang.Name(by.Name), "Result": resultText(p, c, standings(p, c))})})
}

// placesText lists the places of an adjudicated game, best first.
func placesText(pr *lang.Printer, c *table.Table, places []int, p league.Policy) string {
	order := make([]int, len(places))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return places[a] - places[b] })
	parts := make([]string, len(order))
	for n, i := range order {
		parts[n] = fmt.Sprintf("%d. %s %s", places[i], pr.Shown(c.Seats[i].Name), pr.Number(c.Game.Players[i].Score))
		switch {
		case c.Game.Players[i].Resigned || c.LeftBy(i).ID != "":
			parts[n] += pr.T("place_out", nil)
		case i == c.Game.Current && !c.Game.Over() && p == league.PolicyForfeit:
			parts[n] += pr.T("place_forfeits", nil)
		}
	}
	return pr.T("places", lang.A{"List": join(pr, parts)})
}

// carcKick removes a player. In the lobby the creator may; in a friendly game, someone with Manage
// Channels at any time, and once the player has missed the table's limit of turns (missed:) the
// creator at once, or the other players by a vote (async tables often lose their creator). In a
// rated or league game only its administrators may, at any time (authority.go).
func carcKick(t *table.Table, in Input) Reply {
	who := in.Options["player"]
	seat := t.FindSeat(who)
	if seat < 0 {
		return failT(t, in, "kick_not_seated", lang.A{"Value": game.Echo(who), "Seats": seatList(in.own(), t)})
	}
	name := t.Seats[seat].Name
	if t.Status == table.Lobby {
		if ok, why := administers(t, in, "kick_lobby"); !ok {
			return fail(t, "%s", why)
		}
		x := table.Begin(t, in.User.ID)
		if err := x.Do(table.Leave(t.Seats[seat])); err != nil {
			return fail(t, "%v", err)
		}
		return changed(x, Reply{Text: public(t, in).T("kick_removed_lobby", lang.A{"Admin": lang.Name(in.User.Name), "Player": lang.Name(name)})})
	}
	if t.Status != table.Playing {
		return failT(t, in, "admin_already_over", nil)
	}
	if t.Game.Players[seat].Resigned {
		return failT(t, in, "kick_already_out", lang.A{"Player": lang.Name(name)})
	}
	if in.User.ID == t.Seats[seat].ID {
		return failT(t, in, "kick_self", nil)
	}
	p := public(t, in)
	if administeredApart(t, in, "kick") {
		// No player removes a rival from a game that counts beyond the table, not even by a vote.
		if ok, why := administers(t, in, "kick"); !ok {
			return fail(t, "%s", why)
		}
		return kick(t, table.Begin(t, in.User.ID), seat, p, p.T("kick_removed", lang.A{"Admin": lang.Name(in.User.Name), "Player": lang.Name(name)}))
	}
	if in.Admin {
		return kick(t, table.Begin(t, in.User.ID), seat, p, p.T("kick_removed", lang.A{"Admin": lang.Name(in.User.Name), "Player": lang.Name(name)}))
	}
	missed, limit := t.Missed[seat], t.Settings.MissedLimit
	voter := t.Seat(in.User.ID) >= 0 && !t.Game.Players[t.Seat(in.User.ID)].Resigned
	if in.User.ID != t.Creator.ID && !voter {
		return failT(t, in, "kick_who", lang.A{"Creator": lang.Name(t.Creator.Name)})
	}
	if missed < limit {
		own := in.own()
		return failT(t, in, "kick_not_yet", lang.A{"Player": lang.Name(name), "Missed": own.N("n_turns_missed", missed, nil),
			"Limit": own.N("n_missed_turns", limit, nil), "N": limit})
	}
	if in.User.ID == t.Creator.ID {
		return kick(t, table.Begin(t, in.User.ID), seat, p, p.T("kick_removed_missed", lang.A{"Admin": lang.Name(in.User.Name), "Player": lang.Name(name),
			"Missed": p.N("n_turns_missed", missed, nil)}))
	}
	return kickApproval(t, in.User, seat, p)
}

// kick removes the player of seat from the running game, as part of the change x: the bot
// resigns for them, or an AI plays the seat on.
func kick(t *table.Table, x *table.Tx, seat int, p *lang.Printer, what string) Reply {
	if err := x.Do(table.Kick(seat)); err != nil {
		return fail(t, "%v", err)
	}
	return leaveSeat(t, x, seat, "bot", p, what)
}

// kickApproval records u's agreement to remove the player of seat (opening the vote if it is not
// open for them), and removes them once every other player agreed.
func kickApproval(t *table.Table, u table.User, seat int, p *lang.Printer) Reply {
	x := table.Begin(t, u.ID)
	if err := x.Do(table.VoteKick(seat, true)); err != nil {
		return fail(t, "%v", err)
	}
	c := x.Table
	name := c.Seats[seat].Name
	missed := p.N("n_turns_missed", c.Missed[seat], nil)
	wait := c.KickWaitingFor()
	if len(wait) == 0 {
		return kick(t, x, seat, p, p.T("kick_agreed", lang.A{"Player": lang.Name(name), "Missed": missed}))
	}
	var ping []string
	for _, i := range wait {
		ping = append(ping, humans(c.Seats[i])...)
	}
	return changed(x, Reply{Ping: ping,
		Text: p.T("kick_asks", lang.A{"Admin": lang.Name(u.Name), "Player": lang.Name(name), "Missed": missed, "Waiting": seatNames(p, c, wait)}),
		Buttons: [][]Button{{{ID: ComponentID(c, "kick", "yes"), Label: p.T("kick_btn_agree", lang.A{"Player": Truncate(name, 40)}), Style: Danger},
			{ID: ComponentID(c, "kick", "no"), Label: p.T("kick_btn_keep", nil), Style: Secondary}}}})
}

func seatNames(p *lang.Printer, c *table.Table, seats []int) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = p.Shown(c.Seats[s].Name)
	}
	return join(p, names)
}

// kickVote answers a click on a kick vote's buttons.
func kickVote(t *table.Table, in Input, c Component) Reply {
	user := in.User
	if t.Kick == nil || t.Status != table.Playing {
		return failT(t, in, "kick_no_vote", nil)
	}
	if (t.League != nil || t.Rated()) && !in.Accepted {
		_, why := administers(t, in, "kick")
		return fail(t, "%s", why)
	}
	seat := t.Seat(user.ID)
	if seat < 0 || seat == t.Kick.Seat || t.Game.Players[seat].Resigned {
		return failT(t, in, "kick_only_others", lang.A{"Player": lang.Name(t.Seats[t.Kick.Seat].Name)})
	}
	if c.Arg == "no" {
		name := t.Seats[t.Kick.Seat].Name
		x := table.Begin(t, user.ID)
		if err := x.Do(table.VoteKick(t.Kick.Seat, false)); err != nil {
			return fail(t, "%v", err)
		}
		return changed(x, Reply{Text: public(t, in).T("kick_keep", lang.A{"Voter": lang.Name(user.Name), "Player": lang.Name(name)})})
	}
	if slices.Contains(t.Kick.Approvals, user.ID) {
		own := in.own()
		return Reply{OK: true, Ephemeral: true, Table: t, Text: own.T("vote_already_agreed", lang.A{"Waiting": seatNames(own, t, t.KickWaitingFor())})}
	}
	return kickApproval(t, user, t.Kick.Seat, public(t, in))
}
