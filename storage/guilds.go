package storage

import (
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// bucketGuilds holds one JSON document per server: guild id -> GuildSettings. It is created by the
// first write, so files of every schema version read it as empty (every server on the defaults).
var bucketGuilds = []byte("guilds")

// GuildSettings are a server's own settings. Zero values mean the bot's defaults.
type GuildSettings struct {
	// VacationDays is how many days of vacation a year each member may take (/player vacation);
	// 0 means the bot's default, a negative value none at all.
	VacationDays int `json:"vacation_days,omitempty"`
	// Locale is the server's language as Discord last told it (guild_locale, like "de"): the
	// language of what the bot posts there with no interaction behind it (timers, AI turns,
	// league rounds, web pictures). Empty until a member first interacts.
	Locale string `json:"locale,omitempty"`
	// FollowThreads are the followers' threads of the server's running games, by game id and
	// the channel each was opened in ("GAME CHANNEL"): one per game and channel, kept while the
	// game runs, whoever follows in it.
	FollowThreads map[string]string `json:"follow_threads,omitempty"`
}

// GuildSettings returns a server's settings; a server that never set any gets the zero value.
func (s *Store) GuildSettings(guildID string) (GuildSettings, error) {
	var g GuildSettings
	err := s.view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketGuilds)
		if b == nil {
			return nil
		}
		if err := getJSON(b, []byte(guildID), &g); err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
		return nil
	})
	if err != nil {
		return GuildSettings{}, fmt.Errorf("load the settings of server %s: %w", guildID, err)
	}
	return g, nil
}

// SetGuildSettings replaces a server's settings.
func (s *Store) SetGuildSettings(guildID string, g GuildSettings) error {
	if err := checkID("guild id", guildID); err != nil {
		return fmt.Errorf("save the settings of server %s: %w", guildID, err)
	}
	err := s.update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketGuilds)
		if err != nil {
			return err
		}
		return putJSON(b, []byte(guildID), g)
	})
	if err != nil {
		return fmt.Errorf("save the settings of server %s: %w", guildID, err)
	}
	return nil
}

// readGuilds reads every server's settings, for Dump.
func readGuilds(tx *bolt.Tx) ([]GuildRecord, error) {
	b := tx.Bucket(bucketGuilds)
	if b == nil {
		return nil, nil
	}
	var out []GuildRecord
	err := b.ForEach(func(k, v []byte) error {
		g := GuildRecord{GuildID: string(k)}
		if err := decodeJSON(k, v, &g.Settings); err != nil {
			return err
		}
		out = append(out, g)
		return nil
	})
	return out, err
}

// writeGuilds writes what readGuilds read, for Restore.
func writeGuilds(tx *bolt.Tx, guilds []GuildRecord) error {
	if len(guilds) == 0 {
		return nil
	}
	b, err := tx.CreateBucketIfNotExists(bucketGuilds)
	if err != nil {
		return err
	}
	for _, g := range guilds {
		if err := checkID("guild id", g.GuildID); err != nil {
			return err
		}
		if err := putJSON(b, []byte(g.GuildID), g.Settings); err != nil {
			return err
		}
	}
	return nil
}
