package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// GuildSettings returns a server's settings; the zero value for a server that set none.
func (s *Store) GuildSettings(guildID string) (storage.GuildSettings, error) {
	var g storage.GuildSettings
	if err := s.readDoc(`SELECT settings FROM guilds WHERE guild_id = $1`, guildID, &g); err != nil {
		return storage.GuildSettings{}, fmt.Errorf("load the settings of server %s: %w", guildID, err)
	}
	return g, nil
}

// SetGuildSettings replaces a server's settings.
func (s *Store) SetGuildSettings(guildID string, g storage.GuildSettings) error {
	if err := storage.CheckID("guild id", guildID); err != nil {
		return fmt.Errorf("save the settings of server %s: %w", guildID, err)
	}
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		return putDoc(ctx, tx, upsertGuild, guildID, g)
	})
	if err != nil {
		return fmt.Errorf("save the settings of server %s: %w", guildID, s.explain("write", err))
	}
	return nil
}

// dumpGuilds reads every server's settings, for Dump.
func dumpGuilds(ctx context.Context, tx pgx.Tx) ([]storage.GuildRecord, error) {
	rows, err := tx.Query(ctx, `SELECT guild_id, settings FROM guilds ORDER BY guild_id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (storage.GuildRecord, error) {
		var g storage.GuildRecord
		var doc []byte
		if err := row.Scan(&g.GuildID, &doc); err != nil {
			return g, err
		}
		return g, decode(doc, &g.Settings)
	})
}

// restoreGuilds writes what dumpGuilds read, for Restore.
func restoreGuilds(ctx context.Context, tx pgx.Tx, guilds []storage.GuildRecord) error {
	for _, g := range guilds {
		if err := storage.CheckID("guild id", g.GuildID); err != nil {
			return err
		}
		if err := putDoc(ctx, tx, upsertGuild, g.GuildID, g.Settings); err != nil {
			return err
		}
	}
	return nil
}

// upsertGuild replaces a server's settings.
const upsertGuild = `INSERT INTO guilds (guild_id, settings) VALUES ($1, $2)
	ON CONFLICT (guild_id) DO UPDATE SET settings = EXCLUDED.settings`
