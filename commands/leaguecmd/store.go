package leaguecmd

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// The league commands read and save through the store's roles (storage.Leagues, storage.Ratings),
// with how its failures read to players (Failures): the host passes its store so, and local play
// its leagues in memory (Memory).

// Store is what the league commands need of the store.
type Store interface {
	storage.Leagues
	Failures
}

// Failures is how a store's errors read to the commands.
type Failures interface {
	// NotFound tells whether err says that nothing is stored under what was asked for (a season
	// not started yet): an answer, not a failure.
	NotFound(err error) bool
	// ForPlayers says what a failure means to the people playing, as a message of the catalogues
	// the reply that tells it writes in its reader's language, never the server's paths or system
	// errors.
	ForPlayers(err error) msg.Message
}

// RatingStore is what /player rating and /carc leaderboard need of the store.
type RatingStore interface {
	storage.Ratings
	Failures
}
