package leagues

import (
	"time"

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
	Leaderboard(guild, mapID string) ([]RatingRow, error)
	RatedGames(guild, user string, limit int) ([]RatedGame, error)
	Failures
}

// RatingRow is a player's rating in a server, overall or on one map.
type RatingRow struct {
	UserID string
	Rating league.Rating
}

// RatedGame is one rated game of a player: its players in seat order, their scores and places,
// and each one's shown rating after it.
type RatedGame struct {
	Map     string
	Players []string
	Scores  []int
	Places  []int
	Shown   []float64
	At      time.Time
}
