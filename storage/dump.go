package storage

import (
	"bytes"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// Dump is everything a store keeps beside its games: players, leagues and their seasons,
// ratings and rated games, and what the web pages' links are signed with. With the games (each copied by Export and Import) it is how bot
// migrate copies a whole database from one store to the other.
type Dump struct {
	Players []PlayerRecord     `json:"players"`
	Leagues []league.League    `json:"leagues"`
	Seasons []league.Season    `json:"seasons"`
	Ratings []GuildRating      `json:"ratings"`
	Rated   []league.RatedGame `json:"rated"`
	Guilds  []GuildRecord      `json:"guilds"`
	// WebLinks keeps the links given out to the web pages valid in the other store.
	WebLinks WebLinks `json:"web_links"`
	// Announcements are the committed moves still to announce: in the other store, their writer
	// is gone, so the first bot that opens it says them.
	Announcements []Announcement `json:"announcements,omitempty"`
}

// GuildRecord is one server's settings.
type GuildRecord struct {
	GuildID  string        `json:"guild_id"`
	Settings GuildSettings `json:"settings"`
}

// WebLinks is what the web pages' links are signed with: the secret (nil until a link was first
// made) and each revoked page's generation.
type WebLinks struct {
	Secret      []byte            `json:"secret,omitempty"`
	Generations map[string]uint64 `json:"generations,omitempty"`
}

// PlayerRecord is one player's settings and stats.
type PlayerRecord struct {
	UserID   string   `json:"user_id"`
	Settings Settings `json:"settings"`
	Stats    Stats    `json:"stats"`
}

// GuildRating is one stored rating: a player's in one pool (Map "" for overall) of a guild.
type GuildRating struct {
	Guild string `json:"guild"`
	PoolRating
}

// GameIDs lists every game, live or archived, by id.
func (s *Store) GameIDs() ([]string, error) {
	var ids []string
	err := s.view(func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketGames).ForEachBucket(func(k []byte) error { ids = append(ids, string(k)); return nil }); err != nil {
			return err
		}
		return tx.Bucket(bucketArchive).ForEach(func(k, _ []byte) error { ids = append(ids, string(k)); return nil })
	})
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	return ids, nil
}

// Dump reads everything beside the games, in one consistent read.
func (s *Store) Dump() (Dump, error) {
	var d Dump
	if err := s.flushClears(); err != nil {
		return Dump{}, fmt.Errorf("dump %s: %w", s.path, err)
	}
	err := s.view(func(tx *bolt.Tx) error {
		err := tx.Bucket(bucketPlayers).ForEach(func(k, v []byte) error {
			var p player
			if err := decodeJSON(k, v, &p); err != nil {
				return err
			}
			d.Players = append(d.Players, PlayerRecord{UserID: string(k), Settings: p.Settings, Stats: p.Stats})
			return nil
		})
		if err != nil {
			return err
		}
		for _, name := range leagueBuckets {
			b, err := leagueBucket(tx, name)
			if err != nil {
				return err
			}
			err = b.ForEach(func(k, v []byte) error {
				switch {
				case bytes.Equal(name, bucketLeagues):
					var l league.League
					if err := decodeJSON(k, v, &l); err != nil {
						return err
					}
					d.Leagues = append(d.Leagues, l)
				case bytes.Equal(name, bucketSeasons):
					var season league.Season
					if err := decodeSeason(k, v, &season); err != nil {
						return err
					}
					d.Seasons = append(d.Seasons, season)
				case bytes.Equal(name, bucketRatings):
					parts := bytes.SplitN(k, []byte{0}, 3)
					if len(parts) != 3 {
						return fmt.Errorf("%w: rating key %q", ErrCorrupt, k)
					}
					r := GuildRating{Guild: string(parts[0]), PoolRating: PoolRating{Map: string(parts[1]), UserID: string(parts[2])}}
					if err := decodeJSON(k, v, &r.Rating); err != nil {
						return err
					}
					d.Ratings = append(d.Ratings, r)
				default:
					var g league.RatedGame
					if err := decodeJSON(k, v, &g); err != nil {
						return err
					}
					d.Rated = append(d.Rated, g)
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		if d.Guilds, err = readGuilds(tx); err != nil {
			return err
		}
		if d.WebLinks, err = readWebLinks(tx); err != nil {
			return err
		}
		d.Announcements, err = readAnnouncements(tx, func(Announcement) bool { return true })
		return err
	})
	if err != nil {
		return Dump{}, fmt.Errorf("dump %s: %w", s.path, err)
	}
	return d, nil
}

// Restore writes a Dump in one transaction, replacing the players, leagues, seasons, ratings,
// rated games and announcements it names. Players' stats are taken as they are (the games are imported apart,
// which leaves stats alone).
func (s *Store) Restore(d Dump) error {
	err := s.update(func(tx *bolt.Tx) error {
		for _, p := range d.Players {
			if err := checkID("user id", p.UserID); err != nil {
				return err
			}
			if err := putJSON(tx.Bucket(bucketPlayers), []byte(p.UserID), player{Settings: p.Settings, Stats: p.Stats}); err != nil {
				return err
			}
		}
		lb, err := leagueBucket(tx, bucketLeagues)
		if err != nil {
			return err
		}
		for _, l := range d.Leagues {
			if err := putJSON(lb, []byte(l.ID), l); err != nil {
				return err
			}
		}
		sb, err := leagueBucket(tx, bucketSeasons)
		if err != nil {
			return err
		}
		for _, season := range d.Seasons {
			if err := putSeason(sb, season); err != nil {
				return err
			}
		}
		rb, err := leagueBucket(tx, bucketRatings)
		if err != nil {
			return err
		}
		for _, r := range d.Ratings {
			if err := putJSON(rb, ratingKey(r.Guild, r.Map, r.UserID), r.Rating); err != nil {
				return err
			}
		}
		hb, err := leagueBucket(tx, bucketRated)
		if err != nil {
			return err
		}
		for _, g := range d.Rated {
			if err := putJSON(hb, ratedKey(g.Guild, g.At, g.GameID), g); err != nil {
				return err
			}
		}
		if err := writeGuilds(tx, d.Guilds); err != nil {
			return err
		}
		for _, a := range d.Announcements {
			if err := restoreAnnouncement(tx, a); err != nil {
				return err
			}
		}
		return writeWebLinks(tx, d.WebLinks)
	})
	if err != nil {
		return fmt.Errorf("restore into %s: %w", s.path, err)
	}
	return nil
}
