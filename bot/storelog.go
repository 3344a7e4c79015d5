package bot

import (
	"errors"
	"log/slog"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// LeagueStore is the store as the league and rating commands use it (leaguecmd.Store and
// leaguecmd.RatingStore). They tell players only what a failure means (storage.ForPlayers); the
// failure itself, with the database's path and the system's error, is logged here for the host.
// A league or season not found is an answer, not a failure.
type LeagueStore struct {
	store storage.Database
	log   *slog.Logger
}

// NewLeagueStore is a store for the league commands, logging its failures to log.
func NewLeagueStore(s storage.Database, log *slog.Logger) LeagueStore { return LeagueStore{s, log} }

// LeagueStore is the store as the league commands use it (leaguecmd.Handle, RatingText,
// LeaderboardText, InLeague), logging its failures to the host's log.
func (b *Host) LeagueStore() LeagueStore { return LeagueStore{b.store, b.log} }

// NotFound tells whether err says that nothing is stored under what was asked for.
func (s LeagueStore) NotFound(err error) bool { return errors.Is(err, storage.ErrNotFound) }

// ForPlayers says what a failure means to the people playing (storage.ProblemOf).
func (s LeagueStore) ForPlayers(err error) msg.Message { return storeProblem(err) }

// failed logs err, the failure of op (on what the attributes name), and returns it.
func (s LeagueStore) failed(op string, err error, attrs ...any) error {
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		s.log.Error("could not "+op, append(attrs, "err", err)...)
	}
	return err
}

func (s LeagueStore) League(id string) (league.League, error) {
	v, err := s.store.League(id)
	return v, s.failed("read a league", err, "league", id)
}

func (s LeagueStore) Leagues(guild string) ([]league.League, error) {
	v, err := s.store.Leagues(guild)
	return v, s.failed("read the leagues", err, "guild", guild)
}

func (s LeagueStore) Season(leagueID string, n int) (league.Season, error) {
	v, err := s.store.Season(leagueID, n)
	return v, s.failed("read a season", err, "league", leagueID, "season", n)
}

func (s LeagueStore) Seasons(leagueID string) ([]league.Season, error) {
	v, err := s.store.Seasons(leagueID)
	return v, s.failed("read the seasons", err, "league", leagueID)
}

func (s LeagueStore) SaveLeague(l league.League, seasons ...league.Season) error {
	return s.failed("save a league", s.store.SaveLeague(l, seasons...), "league", l.ID)
}

func (s LeagueStore) Rating(guild, mapID, user string) (league.Rating, error) {
	v, err := s.store.Rating(guild, mapID, user)
	return v, s.failed("read a rating", err, "guild", guild, "user", user)
}

func (s LeagueStore) Leaderboard(guild, mapID string) ([]league.RatingRow, error) {
	v, err := s.store.Leaderboard(guild, mapID)
	return v, s.failed("read the leaderboard", err, "guild", guild)
}

func (s LeagueStore) RatedGames(guild, user string, limit int) ([]league.RatedGame, error) {
	v, err := s.store.RatedGames(guild, user, limit)
	return v, s.failed("read the rated games", err, "guild", guild, "user", user)
}
