package postgres

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// PlayerSettings returns a player's settings; the zero Settings for a player who set none.
func (s *Store) PlayerSettings(userID string) (storage.Settings, error) {
	var out storage.Settings
	if err := s.readDoc(`SELECT settings FROM players WHERE user_id = $1`, userID, &out); err != nil {
		return storage.Settings{}, fmt.Errorf("load the settings of player %s: %w", userID, err)
	}
	return out, nil
}

// PlayerStats returns a player's stats; zero for a player who finished no game.
func (s *Store) PlayerStats(userID string) (storage.Stats, error) {
	var out storage.Stats
	if err := s.readDoc(`SELECT stats FROM players WHERE user_id = $1`, userID, &out); err != nil {
		return storage.Stats{}, fmt.Errorf("load the stats of player %s: %w", userID, err)
	}
	return out, nil
}

// readDoc reads the one JSON document that query selects for key into v, leaving v as it is
// when no row has it.
func (s *Store) readDoc(query, key string, v any) error {
	err := s.read(func(ctx context.Context, q querier) error {
		var doc []byte
		err := q.QueryRow(ctx, query, key).Scan(&doc)
		if isNoRows(err) {
			return nil
		}
		if err != nil {
			return err
		}
		return decode(doc, v)
	})
	return s.explain("read", err)
}

// putDoc runs an upsert of the JSON of v under key.
func putDoc(ctx context.Context, tx pgx.Tx, upsert, key string, v any) error {
	doc, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, upsert, key, doc)
	return err
}

// upsertSettings replaces a player's settings, keeping their stats.
const upsertSettings = `INSERT INTO players (user_id, settings) VALUES ($1, $2)
	ON CONFLICT (user_id) DO UPDATE SET settings = EXCLUDED.settings`

// EachPlayerSettings calls fn with the settings of every player who has any, in user id order;
// an error from fn stops the walk and is returned.
func (s *Store) EachPlayerSettings(fn func(userID string, settings storage.Settings) error) error {
	err := s.read(func(ctx context.Context, q querier) error {
		rows, err := q.Query(ctx, `SELECT user_id, settings FROM players ORDER BY user_id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			var doc []byte
			if err := rows.Scan(&id, &doc); err != nil {
				return err
			}
			var settings storage.Settings
			if err := decode(doc, &settings); err != nil {
				return err
			}
			if err := fn(id, settings); err != nil {
				return err
			}
		}
		return rows.Err()
	})
	if err != nil {
		return fmt.Errorf("read every player's settings: %w", s.explain("read", err))
	}
	return nil
}

// SetPlayerSettings replaces a player's settings, keeping their stats.
func (s *Store) SetPlayerSettings(userID string, settings storage.Settings) error {
	if err := storage.CheckID("user id", userID); err != nil {
		return fmt.Errorf("save the settings of player %s: %w", userID, err)
	}
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		return putDoc(ctx, tx, upsertSettings, userID, settings)
	})
	if err != nil {
		return fmt.Errorf("save the settings of player %s: %w", userID, s.explain("write", err))
	}
	return nil
}

// recordResults adds a game that just ended to its players' stats, locking their rows in sorted
// order so that two games ending together never deadlock.
func recordResults(ctx context.Context, tx pgx.Tx, rec storage.GameRecord) error {
	for _, userID := range sorted(rec.Players) {
		if _, err := tx.Exec(ctx, `INSERT INTO players (user_id) VALUES ($1) ON CONFLICT DO NOTHING`, userID); err != nil {
			return err
		}
		var doc []byte
		if err := tx.QueryRow(ctx, `SELECT stats FROM players WHERE user_id = $1 FOR UPDATE`, userID).Scan(&doc); err != nil {
			return err
		}
		var stats storage.Stats
		if err := decode(doc, &stats); err != nil {
			return err
		}
		storage.AddResult(&stats, rec, userID)
		out, err := json.Marshal(stats)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE players SET stats = $2 WHERE user_id = $1`, userID, out); err != nil {
			return err
		}
	}
	return nil
}

// decode reads a stored document, calling one that does not decode corrupt.
func decode(doc []byte, v any) error {
	if err := json.Unmarshal(doc, v); err != nil {
		return fmt.Errorf("%w: a stored document does not decode: %w", storage.ErrCorrupt, err)
	}
	return nil
}
