package leaguecmd

import (
	"errors"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// dbStore is the bot's database as the commands see it (the bot passes its own such store).
type dbStore struct{ *storage.Store }

func (s dbStore) NotFound(err error) bool { return errors.Is(err, storage.ErrNotFound) }
func (s dbStore) ForPlayers(err error) msg.Message {
	return msg.Message{ID: "store_" + string(storage.ProblemOf(err))}
}
