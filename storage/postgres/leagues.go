package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// SaveLeague stores a league and the given seasons in one transaction. A season's stored
// results that the given one lacks (a game that ended after the caller read the season) are
// kept: the season's row is locked while they are merged.
func (s *Store) SaveLeague(l league.League, seasons ...league.Season) error {
	if err := storage.CheckSeasons(l, seasons); err != nil {
		return fmt.Errorf("save league %s: %w", l.ID, err)
	}
	doc, err := json.Marshal(l)
	if err != nil {
		return fmt.Errorf("save league %s: %w", l.ID, err)
	}
	err = s.write(func(ctx context.Context, tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO leagues (id, guild, doc) VALUES ($1, $2, $3)
			ON CONFLICT (id) DO UPDATE SET guild = EXCLUDED.guild, doc = EXCLUDED.doc`, l.ID, l.Guild, doc); err != nil {
			return err
		}
		for _, season := range seasons {
			stored, err := lockSeason(ctx, tx, season.League, season.Number)
			if err == nil {
				storage.MergeResults(&season, stored)
			} else if !errors.Is(err, storage.ErrNotFound) {
				return err
			}
			if err := putSeason(ctx, tx, season); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("save league %s: %w", l.ID, s.explain("write", err))
	}
	return nil
}

func lockSeason(ctx context.Context, tx pgx.Tx, leagueID string, n int) (league.Season, error) {
	var season league.Season
	var doc []byte
	err := tx.QueryRow(ctx, `SELECT doc FROM seasons WHERE league_id = $1 AND number = $2 FOR UPDATE`, leagueID, n).Scan(&doc)
	if err != nil {
		return season, notFound(err)
	}
	return season, decode(doc, &season)
}

func putSeason(ctx context.Context, tx pgx.Tx, season league.Season) error {
	doc, err := json.Marshal(season)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO seasons (league_id, number, doc) VALUES ($1, $2, $3)
		ON CONFLICT (league_id, number) DO UPDATE SET doc = EXCLUDED.doc`, season.League, season.Number, doc)
	return err
}

// League returns a league.
func (s *Store) League(id string) (league.League, error) {
	var l league.League
	err := s.read(func(ctx context.Context, q querier) error {
		var doc []byte
		if err := q.QueryRow(ctx, `SELECT doc FROM leagues WHERE id = $1`, id).Scan(&doc); err != nil {
			return notFound(err)
		}
		return decode(doc, &l)
	})
	if err != nil {
		return league.League{}, fmt.Errorf("load league %s: %w", id, s.explain("read", err))
	}
	return l, nil
}

// Leagues returns the leagues of a guild (every guild when guild is empty), by id.
func (s *Store) Leagues(guild string) ([]league.League, error) {
	var out []league.League
	err := s.read(func(ctx context.Context, q querier) error {
		rows, err := q.Query(ctx, `SELECT doc FROM leagues WHERE $1 = '' OR guild = $1 ORDER BY id`, guild)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var doc []byte
			var l league.League
			if err := rows.Scan(&doc); err != nil {
				return err
			}
			if err := decode(doc, &l); err != nil {
				return err
			}
			out = append(out, l)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("list the leagues of %s: %w", guild, s.explain("read", err))
	}
	return out, nil
}

// Season returns season n of a league.
func (s *Store) Season(leagueID string, n int) (league.Season, error) {
	var season league.Season
	err := s.read(func(ctx context.Context, q querier) error {
		var doc []byte
		if err := q.QueryRow(ctx, `SELECT doc FROM seasons WHERE league_id = $1 AND number = $2`, leagueID, n).Scan(&doc); err != nil {
			return notFound(err)
		}
		return decode(doc, &season)
	})
	if err != nil {
		return league.Season{}, fmt.Errorf("load season %d of league %s: %w", n, leagueID, s.explain("read", err))
	}
	return season, nil
}

// Seasons returns every season of a league, oldest first.
func (s *Store) Seasons(leagueID string) ([]league.Season, error) {
	var out []league.Season
	err := s.read(func(ctx context.Context, q querier) error {
		rows, err := q.Query(ctx, `SELECT doc FROM seasons WHERE league_id = $1 ORDER BY number`, leagueID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var doc []byte
			var season league.Season
			if err := rows.Scan(&doc); err != nil {
				return err
			}
			if err := decode(doc, &season); err != nil {
				return err
			}
			out = append(out, season)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("list the seasons of league %s: %w", leagueID, s.explain("read", err))
	}
	return out, nil
}
