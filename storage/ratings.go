package storage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

func checkResult(r *league.GameResult) error {
	for _, err := range []error{checkID("result guild", r.Guild), checkID("result game id", r.GameID), checkPlayers(r.Players)} {
		if err != nil {
			return err
		}
	}
	if len(r.Scores) != len(r.Players) || len(r.Places) != len(r.Players) {
		return invalidf("the result has %d players, %d scores and %d places", len(r.Players), len(r.Scores), len(r.Places))
	}
	if r.At.IsZero() {
		r.At = time.Now()
	}
	r.At = r.At.UTC()
	return nil
}

// applyResult writes a game's result in tx: the season's fixture, then the ratings and the rated
// history unless the game is unrated. A rating error (places that do not fit the players) fails
// the whole transaction, the game's end with it.
func applyResult(tx *bolt.Tx, r league.GameResult) error {
	if r.League != "" {
		sb, err := leagueBucket(tx, bucketSeasons)
		if err != nil {
			return err
		}
		var season league.Season
		if err := getSeason(sb, r.League, r.Season, &season); err != nil {
			return fmt.Errorf("season %d of league %s: %w", r.Season, r.League, err)
		}
		if err := RecordFixture(&season, r); err != nil {
			return err
		}
		if err := putSeason(sb, season); err != nil {
			return err
		}
	}
	if r.Unrated != "" {
		return nil
	}
	return rateResult(tx, r)
}

// rateResult applies a rated game to its players' ratings and the rated history in tx.
func rateResult(tx *bolt.Tx, r league.GameResult) error {
	rb, err := leagueBucket(tx, bucketRatings)
	if err != nil {
		return err
	}
	var shown []float64
	for _, pool := range RatingPools(r) {
		book := league.Book{}
		for _, p := range r.Players {
			var rt league.Rating
			if err := getJSON(rb, ratingKey(r.Guild, pool, p), &rt); err == nil {
				book[p] = rt
			} else if !errors.Is(err, ErrNotFound) {
				return err
			}
		}
		if err := Rate(book, r); err != nil {
			return err
		}
		for _, p := range r.Players {
			if err := putJSON(rb, ratingKey(r.Guild, pool, p), book[p]); err != nil {
				return err
			}
			if pool == "" {
				shown = append(shown, book[p].Shown())
			}
		}
	}
	hb, err := leagueBucket(tx, bucketRated)
	if err != nil {
		return err
	}
	return putJSON(hb, ratedKey(r.Guild, r.At, r.GameID), league.RatedGame{GameResult: r, Shown: shown})
}

func ratingKey(guild, pool, user string) []byte {
	k := append(append([]byte(guild), 0), pool...)
	return append(append(k, 0), user...)
}

func ratedKey(guild string, at time.Time, gameID string) []byte {
	k := binary.BigEndian.AppendUint64(append([]byte(guild), 0), uint64(at.UnixNano()))
	return append(k, gameID...)
}

// FinishWithResult ends a game outside a move, as Finish does, and applies its result in the same
// transaction: how a league game stopped at its round's deadline is adjudicated.
func (s *Store) FinishWithResult(id string, status Status, standings []Standing, r league.GameResult) error {
	return s.finish(id, status, standings, r.At, &r)
}

// Rating returns a player's rating in a guild, overall (mapID "") or on one map; a new rating
// for a player who has none there.
func (s *Store) Rating(guild, mapID, user string) (league.Rating, error) {
	r := league.NewRating()
	err := s.view(func(tx *bolt.Tx) error {
		b, err := leagueBucket(tx, bucketRatings)
		if err != nil {
			return err
		}
		if err := getJSON(b, ratingKey(guild, mapID, user), &r); !errors.Is(err, ErrNotFound) {
			return err
		}
		return nil
	})
	if err != nil {
		return league.Rating{}, fmt.Errorf("load the rating of %s in %s: %w", user, guild, err)
	}
	return r, nil
}

// Leaderboard returns every rated player of a guild's pool (mapID "" for overall), best shown
// rating first.
func (s *Store) Leaderboard(guild, mapID string) ([]league.RatingRow, error) {
	var out []league.RatingRow
	err := s.view(func(tx *bolt.Tx) error {
		b, err := leagueBucket(tx, bucketRatings)
		if err != nil {
			return err
		}
		prefix := ratingKey(guild, mapID, "")
		c := b.Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			row := league.RatingRow{UserID: string(k[len(prefix):])}
			if err := decodeJSON(k, v, &row.Rating); err != nil {
				return err
			}
			out = append(out, row)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load the leaderboard of %s: %w", guild, err)
	}
	SortLeaderboard(out)
	return out, nil
}

// RatedGames returns a guild's rated games, newest first: all of them when user is empty, else
// those of user; at most limit (0: no limit).
func (s *Store) RatedGames(guild, user string, limit int) ([]league.RatedGame, error) {
	var out []league.RatedGame
	err := s.view(func(tx *bolt.Tx) error {
		b, err := leagueBucket(tx, bucketRated)
		if err != nil {
			return err
		}
		prefix := append([]byte(guild), 0)
		c := b.Cursor()
		// Walk back from the end of the guild's range: the key after the prefix's last key.
		var k, v []byte
		if after, _ := c.Seek(append([]byte(guild), 1)); after == nil {
			k, v = c.Last()
		} else {
			k, v = c.Prev()
		}
		for ; k != nil && bytes.HasPrefix(k, prefix) && (limit == 0 || len(out) < limit); k, v = c.Prev() {
			var g league.RatedGame
			if err := decodeJSON(k, v, &g); err != nil {
				return err
			}
			if user == "" || slices.Contains(g.Players, user) {
				out = append(out, g)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load the rated games of %s: %w", guild, err)
	}
	return out, nil
}
