package commands

import (
	"fmt"
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
)

// A table opened with leaving:ai (or a level) hands the seat of a player who resigns or is
// removed to an AI instead of dropping it, so that the others play on against a full table. The
// seat keeps its score, meeples and chips; it becomes an AI seat (aiseat.go), which the bot plays
// like any other. The game stays rated, with the player who left last (Table.Left): otherwise
// leaving a lost game would spare its loss.

// leaveSeat takes the player of seat out of the running game as the table chose: the seat is
// handed to an AI, or dropped (the player resigns). by is who made the change, for the log; what
// says what happened, like "ann resigned".
func leaveSeat(c *Table, seat int, by, what string) Reply {
	if _, isAI := AILevel(c.Seats[seat]); c.Settings.Leaving == "" || isAI {
		m := game.Move{Kind: game.MoveResign, Player: seat}
		events, err := c.play(by, m)
		if err != nil {
			return fail(c, "%v", err)
		}
		c.Kick = nil
		return afterMoves(c, events, []game.Move{m}, what+"; the others play on.")
	}
	level := c.Settings.Leaving
	if c.Left == nil {
		c.Left = make([]User, len(c.Seats))
	}
	c.Left[seat] = c.Seats[seat]
	c.Seats[seat] = User{ID: aiSeatID(c, level), Name: fmt.Sprintf("%s (AI, %s)", c.Seats[seat].Name, level)}
	c.Missed[seat] = 0
	c.Kick, c.Undo = nil, nil
	rated := ""
	if c.Unrated() == "" && !c.Local {
		rated = fmt.Sprintf(" %s is rated last, as if they had resigned.", c.Left[seat].Name)
	}
	text := fmt.Sprintf("%s; %s plays the seat on, with its score, meeples and chips.%s", what, c.Seats[seat].Name, rated)
	if c.Game.Current == seat {
		text += " It is its turn: it plays in a moment."
	}
	return Reply{OK: true, Changed: true, Table: c, Text: text}
}

// aiSeatID is an AI seat's user id not yet taken at the table.
func aiSeatID(c *Table, level ai.Level) string {
	for n := len(c.Seats); ; n++ {
		id := aiPrefix + string(level) + ":" + strconv.Itoa(n)
		if c.Seat(id) < 0 {
			return id
		}
	}
}
