package storage

import (
	"bytes"
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
)

// LeagueExportFormat names the document ExportLeague writes.
const LeagueExportFormat = "carcassonne-maps-bot/league"

// LeagueExport is a league with all its seasons, and the ratings and rated games of its guild.
// The games themselves are exported one by one (Export).
type LeagueExport struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	League  league.League   `json:"league"`
	Seasons []league.Season `json:"seasons"`
	Ratings []PoolRating    `json:"ratings"`
	Rated   []RatedGame     `json:"rated"`
}

// PoolRating is one stored rating: a player's in one pool (Map "" for overall) of a guild.
type PoolRating struct {
	Map    string        `json:"map"`
	UserID string        `json:"user_id"`
	Rating league.Rating `json:"rating"`
}

// ExportLeague returns a league as an indented JSON LeagueExport.
func (s *Store) ExportLeague(id string) ([]byte, error) {
	doc := LeagueExport{Format: LeagueExportFormat, Version: 1}
	var err error
	if doc.League, err = s.League(id); err != nil {
		return nil, fmt.Errorf("export league %s: %w", id, err)
	}
	if doc.Seasons, err = s.Seasons(id); err != nil {
		return nil, fmt.Errorf("export league %s: %w", id, err)
	}
	if doc.Rated, err = s.RatedGames(doc.League.Guild, "", 0); err != nil {
		return nil, fmt.Errorf("export league %s: %w", id, err)
	}
	err = s.view(func(tx *bolt.Tx) error {
		b, err := leagueBucket(tx, bucketRatings)
		if err != nil {
			return err
		}
		prefix := append([]byte(doc.League.Guild), 0)
		c := b.Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			var pr PoolRating
			rest := k[len(prefix):]
			for i, ch := range rest {
				if ch == 0 {
					pr.Map, pr.UserID = string(rest[:i]), string(rest[i+1:])
					break
				}
			}
			if err := decodeJSON(k, v, &pr.Rating); err != nil {
				return err
			}
			doc.Ratings = append(doc.Ratings, pr)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("export league %s: %w", id, err)
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("export league %s: %w", id, err)
	}
	return data, nil
}

// ImportLeague stores a league export in one transaction: the league (ErrExists if its id is
// taken), its seasons, and the guild's ratings and rated games, which replace those stored.
func (s *Store) ImportLeague(data []byte) (league.League, error) {
	var doc LeagueExport
	if err := json.Unmarshal(data, &doc); err != nil {
		return league.League{}, fmt.Errorf("import league: %w", invalidf("not a JSON league export: %v", err))
	}
	l := doc.League
	if doc.Format != LeagueExportFormat || doc.Version != 1 {
		return l, fmt.Errorf("import league %s: %w", l.ID, invalidf("format %q version %d is not %q version 1", doc.Format, doc.Version, LeagueExportFormat))
	}
	if err := checkID("league id", l.ID); err != nil {
		return l, fmt.Errorf("import league: %w", err)
	}
	err := s.update(func(tx *bolt.Tx) error {
		lb, err := leagueBucket(tx, bucketLeagues)
		if err != nil {
			return err
		}
		if lb.Get([]byte(l.ID)) != nil {
			return ErrExists
		}
		if err := putLeague(tx, l, doc.Seasons); err != nil {
			return err
		}
		rb, err := leagueBucket(tx, bucketRatings)
		if err != nil {
			return err
		}
		for _, pr := range doc.Ratings {
			if err := putJSON(rb, ratingKey(l.Guild, pr.Map, pr.UserID), pr.Rating); err != nil {
				return err
			}
		}
		hb, err := leagueBucket(tx, bucketRated)
		if err != nil {
			return err
		}
		for _, g := range doc.Rated {
			if err := putJSON(hb, ratedKey(l.Guild, g.At, g.GameID), g); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return l, fmt.Errorf("import league %s: %w", l.ID, err)
	}
	return l, nil
}
