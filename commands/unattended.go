package commands

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// AI seats never play alone: a table where no human plays any more (each one resigned, was
// removed, or left the lobby, and only AI seats are left) ends at once. The bot records the end as
// an entry of its own (Entry.Unattended) right after the change that left no human, so that a
// replay ends the game at the same place; a game stored before this rule replays as it was played.

// HumanPlays reports whether a person still plays at the table: a seat that is not an AI's, in
// the lobby, or in the running game without having resigned.
func (t *Table) HumanPlays() bool {
	for i, u := range t.Seats {
		if _, isAI := AILevel(u); isAI {
			continue
		}
		if t.Game == nil || t.Status == Lobby || !t.Game.Players[i].Resigned {
			return true
		}
	}
	return false
}

// Unattended reports whether the table is open (a lobby or a running game) with no human left
// to play: EndUnattended ends it.
func (t *Table) Unattended() bool {
	return t != nil && (t.Status == Lobby || t.Status == Playing) && !t.HumanPlays()
}

// EndUnattended ends a table no human plays at any more: a lobby is closed, a running game ends
// at once with its final scoring (game.MoveEnd), as if the stack had run out.
func EndUnattended(t *Table) Reply {
	if !t.Unattended() {
		return fail(t, "A person still plays at this table, or it is not open: it does not end for want of one.")
	}
	c := t.clone()
	if c.Status == Lobby {
		c.Status = Abandoned
		return Reply{OK: true, Changed: true, Table: c, Text: "No person is seated at this table any more, so it is closed: AI players do not play alone. " +
			"/carc new opens a new game."}
	}
	m := game.Move{Kind: game.MoveEnd, Player: c.Game.Current}
	events, err := c.play("bot", m)
	if err != nil {
		return fail(t, "%s", errorText(err))
	}
	return afterMoves(c, events, []game.Move{m}, "No person plays at this table any more, so the game ends here: AI players do not play on alone. "+
		"It is scored as it stands, with the final scoring of every unfinished feature.")
}
