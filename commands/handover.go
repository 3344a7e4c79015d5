package commands

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// A table opened with leaving:ai (or a level) hands the seat of a player who resigns or is
// removed to an AI instead of dropping it, so that the others play on against a full table. The
// seat keeps its score, meeples and chips; it becomes an AI seat, which the bot plays like any
// other. The game stays rated, with the player who left last (Table.Left): otherwise leaving a
// lost game would spare its loss.

// leaveSeat takes the player of seat out of the running game of t as the table chose, as part of
// the change x: the seat is handed to an AI, or dropped (the player resigns, a move made by by, or
// by x's author when by is empty). what says what happened, like "ann resigned"; p writes what the
// channel reads.
func leaveSeat(t *table.Table, x *table.Tx, seat int, by string, p *lang.Printer, what string) Reply {
	c := x.Table
	if _, isAI := table.AILevel(c.Seats[seat]); c.Settings.Leaving == "" || isAI {
		if err := x.Do(table.MoveBy(by, game.Move{Kind: game.MoveResign, Player: seat})); err != nil {
			return fail(t, "%v", err)
		}
		if x.Table.Status != table.Playing {
			// The last one left wins: no one plays on, and the end says so.
			return afterMoves(p, x, p.T("left_last_one", lang.A{"What": what}))
		}
		return afterMoves(p, x, p.T("left_others_play_on", lang.A{"What": what}))
	}
	level := c.Settings.Leaving
	name := p.Plain().T("ai_handover_name", lang.A{"Player": lang.Name(c.Seats[seat].Name), "Level": levelName(p, level)})
	if err := x.Do(table.Handover(seat, c.HandoverSeatNamed(seat, level, name))); err != nil {
		return fail(t, "%v", err)
	}
	text := p.T("handed_over", lang.A{"What": what, "Player": lang.Name(c.Seats[seat].Name)})
	if c.Unrated() == "" && !c.Local {
		text += p.T("handed_over_rated", lang.A{"Player": lang.Name(c.Left[seat].Name)})
	}
	if c.Game.Current == seat {
		text += p.T("handed_over_its_turn", nil)
	}
	return changed(x, Reply{Text: text})
}
