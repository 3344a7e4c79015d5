package commands

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// NeedsGame tells whether in is a command that runs only at a game of its place: with none, it
// is refused (Handle), while a command that runs anywhere (/carc new, /carc help) answers.
func NeedsGame(in Input) bool {
	switch in.Command {
	case "place", "meeple", "chips":
		return true
	case "carc", "turn", "table":
		sub, ok := Lookup(tableCommands[in.Command], in.Sub)
		return ok && !sub.anywhere
	}
	return false
}

// GameOver refuses in, a command that needs a game (NeedsGame), at a place whose last game, ended,
// is t: it says that the game here is over and how it ended, and what can be done now: look at it
// with /carc board, or start another with /carc new. Any other command is Handle's.
func GameOver(t *table.Table, in Input) Reply {
	if t == nil || !NeedsGame(in) {
		return Handle(nil, in)
	}
	return failT(t, in, "game_over_here", lang.A{"How": in.own().T(howItEnded(t), nil), "Map": DefaultMap})
}

// howItEnded names the catalogues' message saying how the game at t ended.
func howItEnded(t *table.Table) string {
	switch {
	case t.Adjudicated != "", t.Status == table.Playing && t.League != nil:
		// A league game ended while its table still plays was adjudicated before adjudication
		// was a step of the record: its store holds the end, its snapshot none.
		return "over_how_adjudicated"
	case t.Game == nil:
		return "over_how_closed"
	case t.Status == table.Finished && endedUnattended(t):
		return "over_how_unattended"
	case t.Status == table.Finished && endedByResignations(t):
		return "over_how_resigned"
	case t.Status == table.Finished:
		return "over_how_finished"
	case t.League != nil:
		return "over_how_abandoned_league"
	}
	return "over_how_abandoned"
}

// endedUnattended tells whether t's game was ended by the bot's step for a table no person plays
// at any more (EndUnattended): its last move ends the game where it stands.
func endedUnattended(t *table.Table) bool {
	n := len(t.Moves)
	return n > 0 && t.Moves[n-1].Move.Kind == game.MoveEnd
}

// endedByResignations tells whether t's game ended because its players resigned until one was
// left, not because its tiles ran out.
func endedByResignations(t *table.Table) bool {
	left := 0
	for _, pl := range t.Game.Players {
		if !pl.Resigned {
			left++
		}
	}
	return left < 2 && left < len(t.Game.Players)
}
