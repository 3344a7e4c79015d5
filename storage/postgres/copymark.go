package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// CopyMark returns the mark of a copy bot migrate has not finished, or nil (see storage.CopyMark).
func (s *Store) CopyMark() (*storage.CopyMark, error) {
	var m *storage.CopyMark
	err := s.read(func(ctx context.Context, q querier) error {
		var from string
		var started int64
		err := q.QueryRow(ctx, `SELECT source, started_ns FROM copy_mark`).Scan(&from, &started)
		if isNoRows(err) {
			return nil
		}
		if err == nil {
			m = &storage.CopyMark{From: from, Started: time.Unix(0, started).UTC()}
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read the copy mark of %s: %w", s.name, s.explain("read", err))
	}
	return m, nil
}

// MarkCopy marks the database as an unfinished copy.
func (s *Store) MarkCopy(m storage.CopyMark) error {
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO copy_mark (source, started_ns) VALUES ($1, $2)
			ON CONFLICT (only_row) DO UPDATE SET source = EXCLUDED.source, started_ns = EXCLUDED.started_ns`, m.From, m.Started.UnixNano())
		return err
	})
	if err != nil {
		return fmt.Errorf("mark %s as a copy of %s: %w", s.name, m.From, s.explain("write", err))
	}
	return nil
}

// UnmarkCopy removes the mark: the copy is whole.
func (s *Store) UnmarkCopy() error {
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM copy_mark`)
		return err
	})
	if err != nil {
		return fmt.Errorf("unmark %s as a copy: %w", s.name, s.explain("write", err))
	}
	return nil
}
