package bot

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// storeProblem is what a failed call of the store means to the people playing, as the message of
// its kind (storage.ProblemOf), written in the language of the message that tells it: never the
// server's paths or system errors, which the caller logs for the host.
func storeProblem(err error) msg.Message {
	return msg.Message{ID: "store_" + string(storage.ProblemOf(err))}
}
