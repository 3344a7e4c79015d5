package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Dump reads everything beside the games (see storage.Dump), in one consistent read.
func (s *Store) Dump() (storage.Dump, error) {
	var d storage.Dump
	if err := s.flushClears(); err != nil {
		return d, fmt.Errorf("dump %s: %w", s.name, err)
	}
	ctx, cancel := s.ctx()
	defer cancel()
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT user_id, settings, stats FROM players ORDER BY user_id`)
		if err != nil {
			return err
		}
		d.Players, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (storage.PlayerRecord, error) {
			var p storage.PlayerRecord
			var settings, stats []byte
			if err := row.Scan(&p.UserID, &settings, &stats); err != nil {
				return p, err
			}
			if err := decode(settings, &p.Settings); err != nil {
				return p, err
			}
			return p, decode(stats, &p.Stats)
		})
		if err != nil {
			return err
		}
		if d.Leagues, err = docs[league.League](ctx, tx, `SELECT doc FROM leagues ORDER BY id`); err != nil {
			return err
		}
		if d.Seasons, err = docs[league.Season](ctx, tx, `SELECT doc FROM seasons ORDER BY league_id, number`); err != nil {
			return err
		}
		if d.Rated, err = docs[league.RatedGame](ctx, tx, `SELECT doc FROM rated ORDER BY guild, at_ns, game_id`); err != nil {
			return err
		}
		rows, err = tx.Query(ctx, `SELECT guild, pool, user_id, rating FROM ratings ORDER BY guild, pool, user_id`)
		if err != nil {
			return err
		}
		d.Ratings, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (storage.GuildRating, error) {
			var r storage.GuildRating
			var raw []byte
			if err := row.Scan(&r.Guild, &r.Map, &r.UserID, &raw); err != nil {
				return r, err
			}
			return r, decode(raw, &r.Rating)
		})
		if err != nil {
			return err
		}
		if d.Guilds, err = dumpGuilds(ctx, tx); err != nil {
			return err
		}
		if d.WebLinks, err = dumpWebLinks(ctx, tx); err != nil {
			return err
		}
		d.Announcements, err = readAnnouncements(ctx, tx)
		return err
	})
	if err != nil {
		return storage.Dump{}, fmt.Errorf("dump %s: %w", s.name, s.explain("read", err))
	}
	return d, nil
}

// docs reads a query's single JSON column into values of T.
func docs[T any](ctx context.Context, tx pgx.Tx, sql string) ([]T, error) {
	rows, err := tx.Query(ctx, sql)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (T, error) {
		var v T
		var raw []byte
		if err := row.Scan(&raw); err != nil {
			return v, err
		}
		return v, decode(raw, &v)
	})
}

// Restore writes a Dump in one transaction (see storage.Store.Restore).
func (s *Store) Restore(d storage.Dump) error {
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		for _, p := range d.Players {
			if err := storage.CheckID("user id", p.UserID); err != nil {
				return err
			}
			settings, _ := json.Marshal(p.Settings)
			stats, _ := json.Marshal(p.Stats)
			if _, err := tx.Exec(ctx, `INSERT INTO players (user_id, settings, stats) VALUES ($1, $2, $3)
				ON CONFLICT (user_id) DO UPDATE SET settings = EXCLUDED.settings, stats = EXCLUDED.stats`, p.UserID, settings, stats); err != nil {
				return err
			}
		}
		for _, l := range d.Leagues {
			doc, _ := json.Marshal(l)
			if _, err := tx.Exec(ctx, `INSERT INTO leagues (id, guild, doc) VALUES ($1, $2, $3)
				ON CONFLICT (id) DO UPDATE SET guild = EXCLUDED.guild, doc = EXCLUDED.doc`, l.ID, l.Guild, doc); err != nil {
				return err
			}
		}
		for _, season := range d.Seasons {
			if err := putSeason(ctx, tx, season); err != nil {
				return err
			}
		}
		for _, r := range d.Ratings {
			raw, _ := json.Marshal(r.Rating)
			if _, err := tx.Exec(ctx, `INSERT INTO ratings (guild, pool, user_id, rating) VALUES ($1, $2, $3, $4)
				ON CONFLICT (guild, pool, user_id) DO UPDATE SET rating = EXCLUDED.rating`, r.Guild, r.Map, r.UserID, raw); err != nil {
				return err
			}
		}
		for _, g := range d.Rated {
			raw, _ := json.Marshal(g)
			if _, err := tx.Exec(ctx, `INSERT INTO rated (guild, at_ns, game_id, doc) VALUES ($1, $2, $3, $4)
				ON CONFLICT (guild, at_ns, game_id) DO UPDATE SET doc = EXCLUDED.doc`, g.Guild, g.At.UnixNano(), g.GameID, raw); err != nil {
				return err
			}
		}
		if err := restoreGuilds(ctx, tx, d.Guilds); err != nil {
			return err
		}
		if err := restoreAnnouncements(ctx, tx, d.Announcements); err != nil {
			return err
		}
		return restoreWebLinks(ctx, tx, d.WebLinks)
	})
	if err != nil {
		return fmt.Errorf("restore into %s: %w", s.name, s.explain("write", err))
	}
	return nil
}

// Keep carries over the texts PostgreSQL cannot keep: U+0000, which jsonb (the players, leagues,
// seasons and ratings) refuses, becomes U+FFFD, the replacement character (storage.TextKeeper).
func (s *Store) Keep(d *storage.Dump) []string {
	return storage.KeepText(d, func(r rune) bool { return r != 0 }, '\uFFFD')
}
