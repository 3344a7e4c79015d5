package bot

import (
	"encoding/json"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// localRecord tells whether a game's record was made at a local table (bot play), as the event
// that created its table says: such a game is played in the terminal, never by the host.
func localRecord(setup []byte) bool {
	var first table.Step
	if json.Unmarshal(setup, &first) != nil || len(first.Events) == 0 {
		return false
	}
	return first.Events[0].Kind == table.KindCreate && first.Events[0].Local
}
