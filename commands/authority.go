package commands

import (
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Office is what an administrative power acts on: a friendly table, a rated game, or a league
// with its seasons and games. Every power (a table's skip, kick, abandon and revoke; a league's
// kick and its season's start, pause, resume, end and next) asks Administers, the one rule of
// who administers what: a friendly table is administered by its creator and members with Manage Channels;
// what counts beyond a table never by one who plays in it, whatever role they hold, or a player
// could end a rival's turn, stop a game they are losing, remove an opponent or time a league to
// suit them. A rated friendly is administered by members with Manage Channels, a league and its
// games by the league's creator and members with Manage Server; a league's player is anyone who
// is a member or plays in its season (league.PlaysIn). Meanwhile the turn deadline (and a league's
// round deadline) keeps such a game moving without anyone's decision.
type Office struct {
	// League marks a league, or one of its games.
	League bool
	// Rated marks a rated friendly game.
	Rated bool
	// Creator is the id of the table's or the league's creator.
	Creator string
}

// Holder is who would use a power: their roles where they ask, and whether they play in the
// office (seated at the game, or a player of the league).
type Holder struct {
	User     string
	Channels bool // Manage Channels
	Server   bool // Manage Server
	Plays    bool
}

// Administers tells whether h may use the office's powers.
func (o Office) Administers(h Holder) bool {
	switch {
	case o.League:
		return (h.User == o.Creator || h.Server) && !h.Plays
	case o.Rated:
		return h.Channels && !h.Plays
	}
	return h.User == o.Creator || h.Channels
}

// office is the table's office: its league's, a rated game's or a friendly table's.
func office(c *table.Table) Office {
	if c.League != nil {
		return Office{League: true, Creator: c.League.Creator.ID}
	}
	return Office{Rated: c.Rated(), Creator: c.Creator.ID}
}

// MarkLeague makes the table a game of the league: the bot records it when it opens a fixture, so
// that it holds across restarts and replays.
func MarkLeague(t *table.Table, l table.LeagueGame) Reply {
	p := tablePrinter(t)
	if t == nil {
		return failIn(nil, p, "league_mark_no_table", nil)
	}
	if t.League != nil {
		return failIn(t, p, "league_mark_twice", lang.A{"League": lang.Name(t.League.Name)})
	}
	if l.ID == "" || (l.Policy != league.PolicyScoreStands && l.Policy != league.PolicyForfeit) {
		return failIn(t, p, "league_mark_bad", lang.A{"Policy": game.Echo(string(l.Policy))})
	}
	x := table.Begin(t, "bot")
	if err := x.Do(table.MarkLeague(l)); err != nil {
		return fail(t, "%v", err)
	}
	p = tablePrinter(x.Table)
	return changed(x, Reply{Text: p.T("league_marked", lang.A{"League": lang.Name(l.Name), "Season": l.Season, "Admins": administrators(p, x.Table)})})
}

// Administers tells whether in's user may administer the game (the bot asks it for the actions
// it runs itself, such as resuming a game on hold); if not, why, and who may. what is the action's
// id, as in "resume" (the catalogues' admin_what_resume).
func Administers(t *table.Table, in Input, what string) (bool, string) {
	return administers(t, in, what)
}

// administers tells whether in's user may administer the game; if not, why, and who may, in the
// user's language. what is the id of the action refused (admin_what_WHAT: "skip", "kick"). An
// input replayed from an old record (Input.Accepted) was accepted under the rules of its time: it
// keeps that authority whatever today's rules say.
func administers(c *table.Table, in Input, what string) (bool, string) {
	if in.Accepted {
		return true, ""
	}
	return administersToday(c, in, what)
}

// administersToday is administers by today's rules alone (Office.Administers).
func administersToday(c *table.Table, in Input, what string) (bool, string) {
	o := office(c)
	h := Holder{User: in.User.ID, Channels: in.Admin, Server: in.Manager, Plays: c.PlayedBy(in.User.ID) || c.League != nil && in.InLeague}
	if o.Administers(h) {
		return true, ""
	}
	p := in.own()
	a := lang.A{"Admins": administrators(p, c), "What": p.T("admin_what_"+what, nil)}
	switch {
	case o.League:
		a["League"], a["Moving"] = lang.Name(c.League.Name), keepsMoving(p, c)
		return false, p.T("admin_only_league", a)
	case o.Rated:
		a["Moving"] = keepsMoving(p, c)
		return false, p.T("admin_only_rated", a)
	}
	return false, p.T("admin_only", a)
}

// administeredApart tells whether the game counts beyond its table (a league's or a rated game),
// so that only its own administrators remove a player, and no vote does. Until record version 2
// such games were administered like friendly ones: a step replayed from then (Input.Accepted)
// follows the rules of a friendly table, unless today's administrators took it, as they could
// once the rule came in.
func administeredApart(c *table.Table, in Input, what string) bool {
	if c.League == nil && !c.Rated() {
		return false
	}
	if !in.Accepted {
		return true
	}
	ok, _ := administersToday(c, in, what)
	return ok
}

// administrators names who administers the game.
func administrators(p *lang.Printer, c *table.Table) string {
	switch {
	case c.League != nil:
		return p.T("admins_league", lang.A{"Creator": lang.Name(c.League.Creator.Name), "League": lang.Name(c.League.Name)})
	case c.Rated():
		return p.T("admins_rated", nil)
	}
	return p.T("admins_table", lang.A{"Creator": lang.Name(c.Creator.Name)})
}

// removers names who may remove a player who missed the table's limit of turns.
func removers(p *lang.Printer, c *table.Table) string {
	if c.League != nil || c.Rated() {
		return administrators(p, c)
	}
	return p.T("removers_table", nil)
}

// keepsMoving says what moves a game on that its players cannot administer.
func keepsMoving(p *lang.Printer, c *table.Table) string {
	s := c.Settings
	a := lang.A{"Lets": p.T("moving_lets_deadline", lang.A{"Deadline": DurationText(p, s.Deadline)}), "Policy": p.T("moving_skip", nil)}
	if s.Policy == table.PolicyAuto {
		a["Policy"] = p.T("moving_auto", nil)
	}
	if s.Bank > 0 {
		a["Lets"] = p.T("moving_lets_bank", nil)
	}
	text := p.T("moving", a)
	if c.League != nil {
		text += p.T("moving_league", lang.A{"Policy": leaguePolicyText(p, c.League.Policy)})
	}
	return text
}

// leaguePolicyText says how a league adjudicates a game stopped before its end.
func leaguePolicyText(p *lang.Printer, policy league.Policy) string {
	if policy == league.PolicyForfeit {
		return p.T("league_policy_forfeit", nil)
	}
	return p.T("league_policy_score", nil)
}

// Adjudicate ends a league game still running at its round's deadline, as the bot's step of its
// record: the players placed by the league's rule p (the table's own when it carries the
// league's mark), announced with the rule, the places, the points by source and the deal's key,
// in the table's language, else in guildLocale.
func Adjudicate(t *table.Table, p league.Policy, guildLocale string) Reply {
	pr := PublicLanguage(t, guildLocale)
	if t == nil || t.Status != table.Playing {
		return fail(t, "%s", pr.T("adjudicate_not_playing", nil))
	}
	if t.League != nil {
		p = t.League.Policy
	}
	x := table.Begin(t, "bot")
	if err := x.Do(table.Adjudicate(p)); err != nil {
		return fail(t, "%v", err)
	}
	c := x.Table
	places, err := c.AdjudicatedPlaces(p)
	if err != nil {
		return failIn(t, pr, "admin_not_adjudicated", lang.A{"Why": err})
	}
	text := pr.T("league_adjudicated", lang.A{"Policy": leaguePolicyText(pr, p), "Result": resultText(pr, c, placesText(pr, c, places, p))})
	return spoken(pr, changed(x, Reply{Text: text, Image: EndImage}))
}

// OpenLeagueGame opens a game of a league as a table: the first player opens it with the league's
// options (newIn, its /carc new), the league's mark makes it the league's, the others join and the
// first starts it. It returns the reply to each of these changes in order, each with its step.
func OpenLeagueGame(newIn Input, mark table.LeagueGame, others []table.User) ([]Reply, error) {
	changes := []func(*table.Table) Reply{
		func(*table.Table) Reply { return Handle(nil, newIn) },
		func(t *table.Table) Reply { return MarkLeague(t, mark) },
	}
	for _, u := range others {
		changes = append(changes, func(t *table.Table) Reply {
			return Handle(t, Input{User: u, Command: "carc", Sub: "join", Local: newIn.Local, Langs: Langs{GuildLocale: newIn.GuildLocale}})
		})
	}
	changes = append(changes, func(t *table.Table) Reply {
		return Handle(t, Input{User: newIn.User, Command: "carc", Sub: "start", Local: newIn.Local, Langs: Langs{GuildLocale: newIn.GuildLocale}})
	})
	var t *table.Table
	replies := make([]Reply, 0, len(changes))
	for i, change := range changes {
		r := change(t)
		if !r.OK {
			return nil, fmt.Errorf("opening game %s, step %d was refused: %s", newIn.Table, i+1, r.Text)
		}
		replies, t = append(replies, r), r.Table
	}
	return replies, nil
}
