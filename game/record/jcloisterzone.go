package record

import (
	"encoding/json"
	"errors"
	"slices"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record/jcz"
)

var exportFormats = []string{"record", "jcloisterzone"}

// ExportFormats are the formats /carc export writes: the bot's own record, and JCloisterZone's
// saved game (classic table, the base tiles and whole expansions, once the game is over).
func ExportFormats() []string { return slices.Clone(exportFormats) }

// JCloisterZone writes a complete document of a game of the classic table as a JCloisterZone
// saved game (.jcz); created stamps it with when it is written (zero: no stamp).
func JCloisterZone(d Document, created time.Time) ([]byte, error) {
	if !d.Complete || d.Setup == nil {
		return nil, errors.New("it holds the whole deal, so it is written once the game is over")
	}
	moves := make([]game.Move, len(d.Moves))
	for i, m := range d.Moves {
		moves[i] = m.Move
	}
	sg, err := jcz.Export(*d.Setup, moves, jcz.Meta{GameID: d.Game, Name: d.Title, Created: created})
	if err != nil {
		return nil, err
	}
	return json.MarshalIndent(sg, "", "  ")
}
