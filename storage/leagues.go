package storage

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// League buckets (schema version 2; doc.go lists every bucket):
//
//	leagues    league id -> league.League as JSON
//	seasons    league id, NUL, season number (uint32, big-endian) -> league.Season as gob: a
//	           season of 10,000 games decodes about five times faster than as JSON, which is what
//	           keeps /league standings within its 50 ms (exports are JSON)
//	ratings    guild id, NUL, map id ("" for the overall pool), NUL, user id -> league.Rating
//	rated      guild id, NUL, finish time (Unix ns, big-endian), game id -> league.RatedGame as JSON
var (
	bucketLeagues = []byte("leagues")
	bucketSeasons = []byte("seasons")
	bucketRatings = []byte("ratings")
	bucketRated   = []byte("rated")
)

// leagueBuckets are created by schema version 2. They are looked up through leagueBucket, so a
// store opened by the test-only version-1 migration list still serves games.
var leagueBuckets = [][]byte{bucketLeagues, bucketSeasons, bucketRatings, bucketRated}

// createV2 creates the league and rating buckets.
func createV2(tx *bolt.Tx) error {
	for _, name := range []string{"leagues", "seasons", "ratings", "rated"} {
		if _, err := tx.CreateBucket([]byte(name)); err != nil {
			return fmt.Errorf("create bucket %s: %w", name, err)
		}
	}
	return nil
}

// leagueBucket returns a bucket of schema 2, ErrCorrupt if the file lacks it.
func leagueBucket(tx *bolt.Tx, name []byte) (*bolt.Bucket, error) {
	if b := tx.Bucket(name); b != nil {
		return b, nil
	}
	return nil, fmt.Errorf("%w: bucket %q is missing", ErrCorrupt, name)
}

func seasonKey(leagueID string, n int) []byte {
	return binary.BigEndian.AppendUint32(append([]byte(leagueID), 0), uint32(n))
}

func putSeason(b *bolt.Bucket, season league.Season) error {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(season); err != nil {
		return err
	}
	return b.Put(seasonKey(season.League, season.Number), buf.Bytes())
}

// getSeason reads a season: ErrNotFound if there is none, ErrCorrupt if it does not decode.
func getSeason(b *bolt.Bucket, leagueID string, n int, season *league.Season) error {
	k := seasonKey(leagueID, n)
	v := b.Get(k)
	if v == nil {
		return ErrNotFound
	}
	return decodeSeason(k, v, season)
}

func decodeSeason(k, v []byte, season *league.Season) error {
	if err := gob.NewDecoder(bytes.NewReader(v)).Decode(season); err != nil {
		return fmt.Errorf("%w: season %q does not decode: %w", ErrCorrupt, k, err)
	}
	return nil
}

// SaveLeague stores a league and the given seasons (new or changed) in one transaction.
func (s *Store) SaveLeague(l league.League, seasons ...league.Season) error {
	if err := checkID("league id", l.ID); err != nil {
		return fmt.Errorf("save league %s: %w", l.ID, err)
	}
	err := s.update(func(tx *bolt.Tx) error { return putLeague(tx, l, seasons) })
	if err != nil {
		return fmt.Errorf("save league %s: %w", l.ID, err)
	}
	return nil
}

func putLeague(tx *bolt.Tx, l league.League, seasons []league.Season) error {
	lb, err := leagueBucket(tx, bucketLeagues)
	if err != nil {
		return err
	}
	sb, err := leagueBucket(tx, bucketSeasons)
	if err != nil {
		return err
	}
	if err := putJSON(lb, []byte(l.ID), l); err != nil {
		return err
	}
	for _, season := range seasons {
		if season.League != l.ID {
			return invalidf("season %d belongs to league %q", season.Number, season.League)
		}
		if err := keepResults(sb, &season); err != nil {
			return err
		}
		if err := putSeason(sb, season); err != nil {
			return err
		}
	}
	return nil
}

// keepResults copies into season the results the stored season has and it lacks: a game that
// ended (and recorded its result in its own transaction) after the caller read the season is not
// forgotten when the caller saves it.
func keepResults(sb *bolt.Bucket, season *league.Season) error {
	var stored league.Season
	err := getSeason(sb, season.League, season.Number, &stored)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	MergeResults(season, stored)
	return nil
}

// League returns a league.
func (s *Store) League(id string) (league.League, error) {
	var l league.League
	err := s.view(func(tx *bolt.Tx) error {
		b, err := leagueBucket(tx, bucketLeagues)
		if err != nil {
			return err
		}
		return getJSON(b, []byte(id), &l)
	})
	if err != nil {
		return league.League{}, fmt.Errorf("load league %s: %w", id, err)
	}
	return l, nil
}

// Leagues returns the leagues of a guild (every guild when guild is empty).
func (s *Store) Leagues(guild string) ([]league.League, error) {
	var out []league.League
	err := s.view(func(tx *bolt.Tx) error {
		b, err := leagueBucket(tx, bucketLeagues)
		if err != nil {
			return err
		}
		return b.ForEach(func(k, v []byte) error {
			var l league.League
			if err := decodeJSON(k, v, &l); err != nil {
				return err
			}
			if guild == "" || l.Guild == guild {
				out = append(out, l)
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("list the leagues of %s: %w", guild, err)
	}
	return out, nil
}

// Season returns season n of a league.
func (s *Store) Season(leagueID string, n int) (league.Season, error) {
	var season league.Season
	err := s.view(func(tx *bolt.Tx) error {
		b, err := leagueBucket(tx, bucketSeasons)
		if err != nil {
			return err
		}
		return getSeason(b, leagueID, n, &season)
	})
	if err != nil {
		return league.Season{}, fmt.Errorf("load season %d of league %s: %w", n, leagueID, err)
	}
	return season, nil
}

// Seasons returns every season of a league, oldest first.
func (s *Store) Seasons(leagueID string) ([]league.Season, error) {
	var out []league.Season
	err := s.view(func(tx *bolt.Tx) error {
		b, err := leagueBucket(tx, bucketSeasons)
		if err != nil {
			return err
		}
		prefix := append([]byte(leagueID), 0)
		c := b.Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			var season league.Season
			if err := decodeSeason(k, v, &season); err != nil {
				return err
			}
			out = append(out, season)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list the seasons of league %s: %w", leagueID, err)
	}
	return out, nil
}
