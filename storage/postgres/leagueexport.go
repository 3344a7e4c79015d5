package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// ExportLeague returns a league as an indented JSON storage.LeagueExport: the league, its
// seasons, and its guild's ratings and rated games.
func (s *Store) ExportLeague(id string) ([]byte, error) {
	doc := storage.LeagueExport{Format: storage.LeagueExportFormat, Version: 1}
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
	err = s.read(func(ctx context.Context, q querier) error {
		rows, err := q.Query(ctx, `SELECT pool, user_id, rating FROM ratings WHERE guild = $1 ORDER BY pool, user_id`, doc.League.Guild)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var pr storage.PoolRating
			var raw []byte
			if err := rows.Scan(&pr.Map, &pr.UserID, &raw); err != nil {
				return err
			}
			if err := decode(raw, &pr.Rating); err != nil {
				return err
			}
			doc.Ratings = append(doc.Ratings, pr)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("export league %s: %w", id, s.explain("read", err))
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("export league %s: %w", id, err)
	}
	return data, nil
}

// ImportLeague stores a league export in one transaction: the league (storage.ErrExists if its
// id is taken), its seasons, and the guild's ratings and rated games, which replace those stored.
func (s *Store) ImportLeague(data []byte) (league.League, error) {
	var doc storage.LeagueExport
	if err := json.Unmarshal(data, &doc); err != nil {
		return league.League{}, fmt.Errorf("import league: %w", storage.Invalid("not a JSON league export: %v", err))
	}
	l := doc.League
	if doc.Format != storage.LeagueExportFormat || doc.Version != 1 {
		return l, fmt.Errorf("import league %s: %w", l.ID, storage.Invalid("format %q version %d is not %q version 1", doc.Format, doc.Version, storage.LeagueExportFormat))
	}
	if err := storage.CheckSeasons(l, doc.Seasons); err != nil {
		return l, fmt.Errorf("import league: %w", err)
	}
	// What jsonb cannot keep (U+0000) is carried over in the form it keeps, as by bot migrate.
	if kept := storage.KeepText(&doc, func(r rune) bool { return r != 0 }, '\uFFFD'); len(kept) > 0 {
		s.log.Warn("a league's texts held characters PostgreSQL cannot keep: imported with U+FFFD in their place", "league", l.ID, "texts", kept)
		l = doc.League
	}
	ldoc, err := json.Marshal(l)
	if err != nil {
		return l, err
	}
	err = s.write(func(ctx context.Context, tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO leagues (id, guild, doc) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, l.ID, l.Guild, ldoc)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return storage.ErrExists
		}
		for _, season := range doc.Seasons {
			if err := putSeason(ctx, tx, season); err != nil {
				return err
			}
		}
		for _, pr := range doc.Ratings {
			raw, err := json.Marshal(pr.Rating)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO ratings (guild, pool, user_id, rating) VALUES ($1, $2, $3, $4)
				ON CONFLICT (guild, pool, user_id) DO UPDATE SET rating = EXCLUDED.rating`, l.Guild, pr.Map, pr.UserID, raw); err != nil {
				return err
			}
		}
		for _, g := range doc.Rated {
			raw, err := json.Marshal(g)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO rated (guild, at_ns, game_id, doc) VALUES ($1, $2, $3, $4)
				ON CONFLICT (guild, at_ns, game_id) DO UPDATE SET doc = EXCLUDED.doc`, l.Guild, g.At.UnixNano(), g.GameID, raw); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return l, fmt.Errorf("import league %s: %w", l.ID, s.explain("write", err))
	}
	return l, nil
}
