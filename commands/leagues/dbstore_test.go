package leagues

import (
	"errors"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// dbStore is the bot's database as the commands see it (the bot passes its own such store).
type dbStore struct{ *storage.Store }

func (s dbStore) NotFound(err error) bool { return errors.Is(err, storage.ErrNotFound) }
func (s dbStore) ForPlayers(err error) lang.Message {
	return lang.Message{ID: "store_" + string(storage.ProblemOf(err))}
}

func (s dbStore) Leaderboard(guild, mapID string) ([]RatingRow, error) {
	v, err := s.Store.Leaderboard(guild, mapID)
	out := make([]RatingRow, len(v))
	for i, r := range v {
		out[i] = RatingRow{UserID: r.UserID, Rating: r.Rating}
	}
	return out, err
}

func (s dbStore) RatedGames(guild, user string, limit int) ([]RatedGame, error) {
	v, err := s.Store.RatedGames(guild, user, limit)
	out := make([]RatedGame, len(v))
	for i, g := range v {
		out[i] = RatedGame{Map: g.Map, Players: g.Players, Scores: g.Scores, Places: g.Places, Shown: g.Shown, At: g.At}
	}
	return out, err
}
