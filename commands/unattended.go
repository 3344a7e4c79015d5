package commands

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// AI seats never play alone: a table where no human plays any more (each one resigned, was
// removed, or left the lobby, and only AI seats are left) ends at once. The bot records the end as
// a step of its own right after the change that left no human, so that a
// replay ends the game at the same place; a game stored before this rule replays as it was played.

// EndUnattended ends a table no human plays at any more: a lobby is closed, a running game ends
// at once with its final scoring (game.MoveEnd), as if the stack had run out.
func EndUnattended(t *table.Table) Reply {
	if !t.Unattended() {
		return fail(t, "A person still plays at this table, or it is not open: it does not end for want of one.")
	}
	x := table.Begin(t, "bot")
	if t.Status == table.Lobby {
		if err := x.Do(table.Abandon(table.ReasonUnattended)); err != nil {
			return fail(t, "%v", err)
		}
		return changed(x, Reply{Text: "No person is seated at this table any more, so it is closed: AI players do not play alone. " +
			"/carc new opens a new game."})
	}
	if err := x.Do(table.Move(game.Move{Kind: game.MoveEnd, Player: t.Game.Current})); err != nil {
		return fail(t, "%s", errorText(err))
	}
	return afterMoves(tablePrinter(x.Table), x, "No person plays at this table any more, so the game ends here: AI players do not play on alone. "+
		"It is scored as it stands, with the final scoring of every unfinished feature.")
}
