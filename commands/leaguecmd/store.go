package leaguecmd

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// The league commands read and save through the interfaces below, which the bot's store
// satisfies (bot passes it): storage builds on game/league, so this package does not import
// storage, and the dependencies point one way.

// Store is what the league commands need of the store.
type Store interface {
	Leagues(guild string) ([]league.League, error)
	Season(leagueID string, n int) (league.Season, error)
	Seasons(leagueID string) ([]league.Season, error)
	SaveLeague(l league.League, seasons ...league.Season) error
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
	ForPlayers(err error) lang.Message
}

// RatingStore is what /player rating and /carc leaderboard need of the store.
type RatingStore interface {
	Rating(guild, mapID, user string) (league.Rating, error)
	Leaderboard(guild, mapID string) ([]league.RatingRow, error)
	RatedGames(guild, user string, limit int) ([]league.RatedGame, error)
	Failures
}
