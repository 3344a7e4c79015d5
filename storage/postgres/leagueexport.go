package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// ExportLeague returns a league as an indented JSON storage.LeagueExport: the league and its
// seasons.
func (s *Store) ExportLeague(id string) ([]byte, error) { return storage.EncodeLeague(s, id) }

// ImportLeague stores a league export in one transaction, once storage.VerifyLeagueImport has
// checked it against the games stored here: the league (storage.ErrExists if its id is taken) and
// its seasons, and the ratings of its server recomputed from its games (each applied once, in the
// order they ended, on the ratings stored).
func (s *Store) ImportLeague(data []byte, o storage.Outcomes) (league.League, error) {
	var l league.League
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		doc, results, err := storage.VerifyLeagueImport(data, func(id string) (storage.GameRecord, []byte, error) {
			var snapshot []byte
			rec, err := scanGame(tx.QueryRow(ctx, `SELECT `+gameColumns+`, snapshot FROM games WHERE id = $1`, id), &snapshot)
			return rec, snapshot, notFound(err)
		}, o)
		l = doc.League
		if err != nil {
			return err
		}
		ldoc, err := json.Marshal(l)
		if err != nil {
			return err
		}
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
		for _, r := range results {
			var rated bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM rated WHERE guild = $1 AND at_ns = $2 AND game_id = $3)`,
				r.Guild, r.At.UnixNano(), r.GameID).Scan(&rated); err != nil {
				return err
			}
			if rated {
				continue // rated here already
			}
			if err := rateResult(ctx, tx, r); err != nil {
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
