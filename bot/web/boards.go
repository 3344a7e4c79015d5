package web

import (
	"errors"
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
)

// errFound stops a replay once it reached the position asked for.
var errFound = errors.New("found")

// viewAt is the redacted view of position n of a game's history (see gamePage.Positions) and the
// options to draw it with: the deal, the board after a finished turn, or the turn being played,
// which shows the drawn tile's legal squares and the spot markers as the bot's own board does.
// pause is called between the turns of the replay (draw.go); its error stops it.
func viewAt(t *table.Table, n, positions int, pause func() error) (*game.View, render.Options, error) {
	o := render.Options{Kind: render.Full}
	if n == positions-1 && t.Status == table.Playing {
		v := t.Game.View(false)
		o.Markers = true
		if t.Game.Phase == game.PhasePlace && v.Drawn != nil {
			o.Legal = t.Game.LegalPlacements(*v.Drawn)
		}
		return v, o, nil
	}
	if n == positions-1 && t.Status != table.Playing {
		// The end: the final board with its banner of the places and the points by kind.
		return t.Game.View(false), render.Options{Kind: render.End}, nil
	}
	if n == 0 {
		e := t.Entry()
		g, err := game.NewGame(e.Map, e.Variant, t.Setup)
		if err != nil {
			return nil, o, err
		}
		return g.View(false), o, nil
	}
	var v *game.View
	i := 0
	err := commands.Turns(t, lang.English, func(_ int, _ string, g *game.Game) error {
		if err := pause(); err != nil {
			return err
		}
		if i++; i == n {
			v = g.View(false)
			return errFound
		}
		return nil
	})
	if v == nil {
		if err == nil {
			err = fmt.Errorf("position %d is past the end", n)
		}
		return nil, o, err
	}
	return v, o, nil
}

// boardPNG draws position n of a game's history with the words of language code, the page's.
func boardPNG(t *table.Table, n, positions int, code string, pause func() error) ([]byte, error) {
	v, o, err := viewAt(t, n, positions, pause)
	if err != nil {
		return nil, err
	}
	o.Words = commands.WordsFor(code)
	return render.PNG(v, o)
}
