package postgres

import (
	"context"
	"crypto/rand"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// WebSecret is the secret the web pages' links are signed with (see storage.Store.WebSecret):
// made by the first process that asks, and the same for every process after it.
func (s *Store) WebSecret() ([]byte, error) {
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("web links secret: %w", err)
	}
	var secret []byte
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO web_secret (secret) VALUES ($1) ON CONFLICT DO NOTHING`, fresh); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT secret FROM web_secret`).Scan(&secret)
	})
	if err != nil {
		return nil, fmt.Errorf("web links secret: %w", s.explain("write", err))
	}
	return secret, nil
}

// WebLinkGeneration is the generation of the links to a game's or a league's page: 0 until an
// administrator first revokes them.
func (s *Store) WebLinkGeneration(id string) (uint64, error) {
	var gen int64
	err := s.read(func(ctx context.Context, q querier) error {
		err := q.QueryRow(ctx, `SELECT generation FROM web_links WHERE id = $1`, id).Scan(&gen)
		if isNoRows(err) {
			return nil
		}
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("web link of %s: %w", id, s.explain("read", err))
	}
	return uint64(gen), nil
}

// RevokeWebLinks makes every link given out so far to id's page invalid, and returns the new
// generation, whose links work.
func (s *Store) RevokeWebLinks(id string) (uint64, error) {
	var gen int64
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO web_links (id, generation) VALUES ($1, 1)
			ON CONFLICT (id) DO UPDATE SET generation = web_links.generation + 1
			RETURNING generation`, id).Scan(&gen)
	})
	if err != nil {
		return 0, fmt.Errorf("revoke the web links of %s: %w", id, s.explain("write", err))
	}
	return uint64(gen), nil
}

// dumpWebLinks reads the secret and the generations, for Dump.
func dumpWebLinks(ctx context.Context, tx pgx.Tx) (storage.WebLinks, error) {
	var w storage.WebLinks
	err := tx.QueryRow(ctx, `SELECT secret FROM web_secret`).Scan(&w.Secret)
	if err != nil && !isNoRows(err) {
		return w, err
	}
	rows, err := tx.Query(ctx, `SELECT id, generation FROM web_links ORDER BY id`)
	if err != nil {
		return w, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var gen int64
		if err := rows.Scan(&id, &gen); err != nil {
			return w, err
		}
		if w.Generations == nil {
			w.Generations = map[string]uint64{}
		}
		w.Generations[id] = uint64(gen)
	}
	return w, rows.Err()
}

// restoreWebLinks writes what dumpWebLinks read, for Restore.
func restoreWebLinks(ctx context.Context, tx pgx.Tx, w storage.WebLinks) error {
	if w.Secret != nil {
		if _, err := tx.Exec(ctx, `INSERT INTO web_secret (secret) VALUES ($1)
			ON CONFLICT (only_row) DO UPDATE SET secret = EXCLUDED.secret`, w.Secret); err != nil {
			return err
		}
	}
	for id, gen := range w.Generations {
		if _, err := tx.Exec(ctx, `INSERT INTO web_links (id, generation) VALUES ($1, $2)
			ON CONFLICT (id) DO UPDATE SET generation = EXCLUDED.generation`, id, int64(gen)); err != nil {
			return err
		}
	}
	return nil
}
