package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// applyResult writes a game's result in tx: the season's fixture, then the ratings and the rated
// history unless the game is unrated. Rows are locked season first, then ratings by user id.
func applyResult(ctx context.Context, tx pgx.Tx, r league.GameResult) error {
	if r.League != "" {
		season, err := lockSeason(ctx, tx, r.League, r.Season)
		if err != nil {
			return fmt.Errorf("season %d of league %s: %w", r.Season, r.League, err)
		}
		if err := storage.RecordFixture(&season, r); err != nil {
			return err
		}
		if err := putSeason(ctx, tx, season); err != nil {
			return err
		}
	}
	if r.Unrated != "" {
		return nil
	}
	return rateResult(ctx, tx, r)
}

// rateResult applies a rated game to its players' ratings and the rated history in tx, ratings
// locked by user id.
func rateResult(ctx context.Context, tx pgx.Tx, r league.GameResult) error {
	fresh, err := json.Marshal(league.NewRating())
	if err != nil {
		return err
	}
	var shown []float64
	for _, pool := range storage.RatingPools(r) {
		book := league.Book{}
		for _, p := range sorted(r.Players) {
			if _, err := tx.Exec(ctx, `INSERT INTO ratings (guild, pool, user_id, rating) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
				r.Guild, pool, p, fresh); err != nil {
				return err
			}
			var doc []byte
			if err := tx.QueryRow(ctx, `SELECT rating FROM ratings WHERE guild = $1 AND pool = $2 AND user_id = $3 FOR UPDATE`,
				r.Guild, pool, p).Scan(&doc); err != nil {
				return err
			}
			var rt league.Rating
			if err := decode(doc, &rt); err != nil {
				return err
			}
			book[p] = rt
		}
		if err := storage.Rate(book, r); err != nil {
			return err
		}
		for _, p := range r.Players {
			doc, err := json.Marshal(book[p])
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE ratings SET rating = $4 WHERE guild = $1 AND pool = $2 AND user_id = $3`,
				r.Guild, pool, p, doc); err != nil {
				return err
			}
			if pool == "" {
				shown = append(shown, book[p].Shown())
			}
		}
	}
	doc, err := json.Marshal(league.RatedGame{GameResult: r, Shown: shown})
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO rated (guild, at_ns, game_id, doc) VALUES ($1, $2, $3, $4)
		ON CONFLICT (guild, at_ns, game_id) DO UPDATE SET doc = EXCLUDED.doc`, r.Guild, r.At.UnixNano(), r.GameID, doc)
	return err
}

// Rating returns a player's rating in a guild's pool; a new rating for a player who has none.
func (s *Store) Rating(guild, mapID, user string) (league.Rating, error) {
	r := league.NewRating()
	err := s.read(func(ctx context.Context, q querier) error {
		var doc []byte
		err := q.QueryRow(ctx, `SELECT rating FROM ratings WHERE guild = $1 AND pool = $2 AND user_id = $3`, guild, mapID, user).Scan(&doc)
		if isNoRows(err) {
			return nil
		}
		if err != nil {
			return err
		}
		return decode(doc, &r)
	})
	if err != nil {
		return league.Rating{}, fmt.Errorf("load the rating of %s in %s: %w", user, guild, s.explain("read", err))
	}
	return r, nil
}

// Leaderboard returns every rated player of a guild's pool, best shown rating first.
func (s *Store) Leaderboard(guild, mapID string) ([]league.RatingRow, error) {
	var out []league.RatingRow
	err := s.read(func(ctx context.Context, q querier) error {
		rows, err := q.Query(ctx, `SELECT user_id, rating FROM ratings WHERE guild = $1 AND pool = $2`, guild, mapID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var row league.RatingRow
			var doc []byte
			if err := rows.Scan(&row.UserID, &doc); err != nil {
				return err
			}
			if err := decode(doc, &row.Rating); err != nil {
				return err
			}
			out = append(out, row)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("load the leaderboard of %s: %w", guild, s.explain("read", err))
	}
	storage.SortLeaderboard(out)
	return out, nil
}

// RatedGames returns a guild's rated games, newest first: all, or those of user; at most limit
// (0: no limit).
func (s *Store) RatedGames(guild, user string, limit int) ([]league.RatedGame, error) {
	var out []league.RatedGame
	err := s.read(func(ctx context.Context, q querier) error {
		var lim *int
		if limit > 0 {
			lim = &limit
		}
		rows, err := q.Query(ctx, `SELECT doc FROM rated WHERE guild = $1 AND ($2 = '' OR doc->'players' ? $2)
			ORDER BY at_ns DESC, game_id DESC LIMIT $3`, guild, user, lim)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var doc []byte
			var g league.RatedGame
			if err := rows.Scan(&doc); err != nil {
				return err
			}
			if err := decode(doc, &g); err != nil {
				return err
			}
			out = append(out, g)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("load the rated games of %s: %w", guild, s.explain("read", err))
	}
	return out, nil
}
