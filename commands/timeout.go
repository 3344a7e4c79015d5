package commands

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Timeout applies the deadline policy to the current player: skip the turn as it stands (an
// unplaced tile goes back into the stack, an open choice takes its default), or let the autopilot
// (the easy AI, AutopilotLevel) play for them until the turn passes. The step records the moves
// the autopilot made, so that a replay never asks it again.
func Timeout(t *table.Table, policy string) Reply { return TimeoutIn(t, policy, "") }

// TimeoutIn is Timeout announced in the table's language, else in guildLocale, the language of
// the table's server as last known (a deadline answers no one's interaction).
func TimeoutIn(t *table.Table, policy, guildLocale string) Reply {
	return timeout(t, policy, guildLocale, func(x *table.Tx, seat int) error {
		if policy == table.PolicySkip {
			return x.Do(table.Move(game.Move{Kind: game.MoveSkip, Player: seat}))
		}
		return autopilot(x, AutopilotLevel, seat)
	})
}

// timeout counts the current player's missed turn under policy and plays the moves play makes
// for them, as one change by the bot.
func timeout(t *table.Table, policy, guildLocale string, play func(x *table.Tx, seat int) error) Reply {
	if t == nil || t.Status != table.Playing {
		return failIn(t, PublicLanguage(t, guildLocale), "timeout_no_game", nil)
	}
	if policy != table.PolicySkip && policy != table.PolicyAuto {
		return failIn(t, PublicLanguage(t, guildLocale), "timeout_bad_policy", lang.A{"Policy": game.Echo(policy)})
	}
	seat := t.Game.Current
	x := table.Begin(t, "bot")
	if err := x.Do(table.Timeout(seat, policy)); err != nil {
		return fail(t, "%s", errorTextIn(PublicLanguage(t, guildLocale), err))
	}
	if err := play(x, seat); err != nil {
		return fail(t, "%s", errorTextIn(PublicLanguage(t, guildLocale), err))
	}
	c := x.Table
	p := PublicLanguage(c, guildLocale)
	a := lang.A{"Player": lang.Name(c.Seats[seat].Name), "Missed": p.N("n_missed_count", c.Missed[seat], nil)}
	lead := p.T("timeout_skipped", a)
	if policy == table.PolicyAuto {
		lead = p.T("timeout_autopilot", a)
	}
	if c.Missed[seat] >= c.Settings.MissedLimit {
		a["Removers"] = removers(p, c)
		lead += p.T("timeout_removable", a)
	}
	return spoken(p, afterMoves(p, x, lead))
}
