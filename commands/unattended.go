package commands

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// AI seats never play alone: a table where no human plays any more (each one resigned, was
// removed, or left the lobby, and only AI seats are left) ends at once. The bot records the end as
// a step of its own right after the change that left no human, so that a
// replay ends the game at the same place; a game stored before this rule replays as it was played.

// EndUnattended ends a table no human plays at any more: a lobby is closed, a running game ends
// at once with its final scoring (game.MoveEnd), as if the stack had run out. It is written in the
// table's language, else in guildLocale, its server's as last known.
func EndUnattended(t *table.Table, guildLocale string) Reply {
	p := PublicLanguage(t, guildLocale)
	if !t.Unattended() {
		return fail(t, "%s", p.T("unattended_not", nil))
	}
	x := table.Begin(t, "bot")
	if t.Status == table.Lobby {
		if err := x.Do(table.Abandon(table.ReasonUnattended)); err != nil {
			return fail(t, "%v", err)
		}
		return spoken(p, changed(x, Reply{Text: p.T("unattended_lobby", nil)}))
	}
	if err := x.Do(table.Move(game.Move{Kind: game.MoveEnd, Player: t.Game.Current})); err != nil {
		return fail(t, "%s", errorTextIn(p, err))
	}
	return spoken(p, afterMoves(p, x, p.T("unattended_game", nil)))
}
