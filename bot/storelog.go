package bot

import (
	"errors"
	"log/slog"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// loggedStore is the store as the league and rating commands use it. They tell players only what a
// failure means (storage.ForPlayers); the failure itself, with the database's path and the
// system's error, is logged here for the host. A league or season not found is an answer, not a
// failure.
type loggedStore struct {
	store Store
	log   *slog.Logger
}

// commandStore is the store for leagues.Handle, RatingText and LeaderboardText.
func (b *Bot) commandStore() loggedStore { return loggedStore{b.store, b.log} }

// failed logs err, the failure of op (on what the attributes name), and returns it.
func (s loggedStore) failed(op string, err error, attrs ...any) error {
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		s.log.Error("could not "+op, append(attrs, "err", err)...)
	}
	return err
}

func (s loggedStore) Leagues(guild string) ([]league.League, error) {
	v, err := s.store.Leagues(guild)
	return v, s.failed("read the leagues", err, "guild", guild)
}

func (s loggedStore) Season(leagueID string, n int) (league.Season, error) {
	v, err := s.store.Season(leagueID, n)
	return v, s.failed("read a season", err, "league", leagueID, "season", n)
}

func (s loggedStore) Seasons(leagueID string) ([]league.Season, error) {
	v, err := s.store.Seasons(leagueID)
	return v, s.failed("read the seasons", err, "league", leagueID)
}

func (s loggedStore) SaveLeague(l league.League, seasons ...league.Season) error {
	return s.failed("save a league", s.store.SaveLeague(l, seasons...), "league", l.ID)
}

func (s loggedStore) Rating(guild, mapID, user string) (league.Rating, error) {
	v, err := s.store.Rating(guild, mapID, user)
	return v, s.failed("read a rating", err, "guild", guild, "user", user)
}

func (s loggedStore) Leaderboard(guild, mapID string) ([]storage.RatingRow, error) {
	v, err := s.store.Leaderboard(guild, mapID)
	return v, s.failed("read the leaderboard", err, "guild", guild)
}

func (s loggedStore) RatedGames(guild, user string, limit int) ([]storage.RatedGame, error) {
	v, err := s.store.RatedGames(guild, user, limit)
	return v, s.failed("read the rated games", err, "guild", guild, "user", user)
}
