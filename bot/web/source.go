package web

import (
	"errors"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// ErrNotFound is what a source answers for an id it does not know.
var ErrNotFound = errors.New("no such page")

// Game is a game as the pages read it.
type Game struct {
	// Table is a copy the page may read while play goes on.
	Table *table.Table
	// Version changes whenever the table does (the store's sequence number): pictures are cached
	// under it.
	Version uint64
	// Deadline is the running turn's deadline; zero when there is none.
	Deadline time.Time
	// Record reads the game's record, for the downloads of a finished game.
	Record func() ([]record.Stored, error)
	// GuildLocale is the language of the game's server as last known: its pictures' language
	// when the table has none of its own.
	GuildLocale string
}

// Games is where the pages find games: the bot's games in memory and its store.
type Games interface {
	WebGame(id string) (Game, error)
}

// Versions is what a source of games may add so that a page's script can ask whether its game
// moved on without the game being read: its version alone, as Game.Version would say. A source
// without it is asked for the whole game.
type Versions interface {
	WebVersion(id string) (uint64, error)
}

// League is a league as its page reads it: the league, its current season and the players'
// ratings on its map.
type League struct {
	League  league.League
	Season  league.Season
	Ratings []Rating
}

// Rating is one member's rating on the league's map (μ − 3σ, as the bot shows it).
type Rating struct {
	Name        string
	Rating      float64
	Games       int
	Provisional bool
}

// Leagues is where the pages find leagues.
type Leagues interface {
	WebLeague(id string) (League, error)
}
