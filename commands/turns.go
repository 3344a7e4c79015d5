package commands

import (
	"errors"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Turns replays a table's moves from its deal and calls fn after each finished turn (and once
// more at the end of a game that is over) with the turn's number, its line of /carc history
// written in language code (a code or a locale, as lang.For reads it) and the game as it stood
// after it: what the web page's history steps through. fn must not keep g, which goes on being
// played. The turn still running is left out, so nothing depends on what is still hidden.
func Turns(t *table.Table, code string, fn func(turn int, line string, g *game.Game) error) error {
	if t.Game == nil {
		return errors.New("the game has not started")
	}
	e := t.Entry()
	g, err := game.NewGame(e.Map, e.Variant, t.Setup)
	if err != nil {
		return err
	}
	var events []game.Event
	for _, l := range t.Moves {
		turn := g.Turn
		if t.Status == table.Playing && turn >= t.Game.Turn {
			break
		}
		ev, err := g.Apply(l.Move)
		if err != nil {
			return err
		}
		events = append(events, ev...)
		if g.Turn != turn || g.Over() {
			if err := fn(turn, historyLine(lang.For(code).Plain(), t, g, turn, events), g); err != nil {
				return err
			}
			events = nil
		}
	}
	return nil
}
