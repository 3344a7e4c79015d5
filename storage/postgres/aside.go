package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// A game set aside keeps its mark in its record (storage.GameRecord.Aside), which every change of
// the game reads under the row's lock: from then on they are refused (storage.ErrAside).

// SetAside sets a game aside with reason, keeping its first reason if it was already (see
// storage.Store.SetAside).
func (s *Store) SetAside(id, reason string) error {
	a := storage.Aside{Reason: reason}
	if err := storage.CheckAside(&a); err != nil {
		return fmt.Errorf("set game %s aside: %w", id, err)
	}
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		rec, err := lockGame(ctx, tx, id)
		if err != nil || rec.Aside != nil {
			return err
		}
		rec.Aside = &a
		return saveRecord(ctx, tx, rec, nil)
	})
	if err != nil {
		return fmt.Errorf("set game %s aside: %w", id, s.explain("write", err))
	}
	s.log.Warn("a game was set aside: kept untouched and read-only", "game", id, "reason", reason)
	return nil
}

// ClaimAsideNotice marks a game set aside as told to its channel and reports whether this call
// did, so that of several processes one tells it (see storage.Store.ClaimAsideNotice).
func (s *Store) ClaimAsideNotice(id string) (bool, error) {
	claimed := false
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		rec, err := lockGame(ctx, tx, id)
		switch {
		case err != nil:
			return err
		case rec.Aside == nil:
			return storage.ErrNotFound
		case rec.Aside.Told:
			return nil
		}
		rec.Aside.Told, claimed = true, true
		return saveRecord(ctx, tx, rec, nil)
	})
	if err != nil {
		return false, fmt.Errorf("claim the notice of game %s set aside: %w", id, s.explain("write", err))
	}
	return claimed, nil
}

// AsideGames lists every game set aside, by id, with its mark.
func (s *Store) AsideGames() (map[string]storage.Aside, error) {
	out := map[string]storage.Aside{}
	err := s.read(func(ctx context.Context, q querier) error {
		recs, err := gamesWhere(ctx, q, `aside`)
		for _, rec := range recs {
			out[rec.ID] = *rec.Aside
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list the games set aside: %w", s.explain("read", err))
	}
	return out, nil
}
