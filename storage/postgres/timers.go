package postgres

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// replaceTimers replaces a live game's timer set in tx; seq is the game's log position after the
// change.
func replaceTimers(ctx context.Context, tx pgx.Tx, gameID string, seq uint64, timers []storage.Timer) error {
	b := &pgx.Batch{}
	queueTimers(b, gameID, seq, timers)
	return tx.SendBatch(ctx, b).Close()
}

// queueTimers queues the statements that replace a game's timer set.
func queueTimers(b *pgx.Batch, gameID string, seq uint64, timers []storage.Timer) {
	b.Queue(`DELETE FROM timers WHERE game_id = $1`, gameID)
	if len(timers) == 0 {
		return
	}
	kinds, users, ats := make([]string, len(timers)), make([]string, len(timers)), make([]int64, len(timers))
	for i, t := range timers {
		kinds[i], users[i], ats[i] = t.Kind, t.UserID, t.At.UnixNano()
	}
	b.Queue(`INSERT INTO timers (game_id, kind, user_id, at_ns, seq) SELECT $1, k, u, a, $5 FROM unnest($2::text[], $3::text[], $4::bigint[]) AS t(k, u, a)`,
		gameID, kinds, users, ats, int64(seq))
}

// SetTimers replaces a game's timer set outside a move.
func (s *Store) SetTimers(gameID string, timers []storage.Timer) error {
	if err := storage.CheckTimers(timers); err != nil {
		return fmt.Errorf("set the timers of game %s: %w", gameID, err)
	}
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		rec, err := lockWritable(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if rec.Status.Terminal() {
			return storage.ErrFinished
		}
		return replaceTimers(ctx, tx, gameID, rec.Seq, timers)
	})
	if err != nil {
		return fmt.Errorf("set the timers of game %s: %w", gameID, s.explain("write", err))
	}
	return nil
}

const timerColumns = `game_id, kind, user_id, at_ns, seq`

func scanTimers(rows pgx.Rows) ([]storage.Timer, error) {
	defer rows.Close()
	var out []storage.Timer
	for rows.Next() {
		var t storage.Timer
		var at, seq int64
		if err := rows.Scan(&t.GameID, &t.Kind, &t.UserID, &at, &seq); err != nil {
			return nil, err
		}
		t.At, t.Seq = time.Unix(0, at).UTC(), uint64(seq)
		out = append(out, t)
	}
	return out, rows.Err()
}

// Timers returns the timer set of a game, earliest first.
func (s *Store) Timers(gameID string) ([]storage.Timer, error) {
	var out []storage.Timer
	err := s.read(func(ctx context.Context, q querier) error {
		var n int
		if err := q.QueryRow(ctx, `SELECT 1 FROM games WHERE id = $1`, gameID).Scan(&n); err != nil {
			return notFound(err)
		}
		rows, err := q.Query(ctx, `SELECT `+timerColumns+` FROM timers WHERE game_id = $1 ORDER BY at_ns, kind, user_id`, gameID)
		if err != nil {
			return err
		}
		out, err = scanTimers(rows)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("load the timers of game %s: %w", gameID, s.explain("read", err))
	}
	return out, nil
}

// dueBatch bounds the timers one DueTimers call claims, so that one process does not take a
// backlog the others could share.
const dueBatch = 500

// DueTimers claims and returns the timers due at now (At <= now), earliest first. Each is leased
// to this process until now + Options.TimerLease: no other process gets it meanwhile (the rows
// are claimed with FOR UPDATE SKIP LOCKED, so processes polling together split the due timers
// instead of waiting for each other). A timer still there when its lease ends (its process died
// before acting, or left it for later) is handed out again, to any process.
func (s *Store) DueTimers(now time.Time) ([]storage.Timer, error) {
	var due []storage.Timer
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `UPDATE timers SET lease_until_ns = $2
			WHERE (game_id, kind, user_id, at_ns) IN (
				SELECT game_id, kind, user_id, at_ns FROM timers
				WHERE at_ns <= $1 AND lease_until_ns <= $1
				AND NOT EXISTS (SELECT FROM games WHERE games.id = timers.game_id AND games.aside)
				ORDER BY at_ns LIMIT $3 FOR UPDATE SKIP LOCKED)
			RETURNING `+timerColumns, now.UnixNano(), now.Add(s.lease).UnixNano(), dueBatch)
		if err != nil {
			return err
		}
		due, err = scanTimers(rows)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list due timers: %w", s.explain("write", err))
	}
	sortTimers(due)
	return due, nil
}

// CompleteTimer removes a timer that has been acted on, unless the game's timers were replaced
// since it was read; completing twice is harmless.
func (s *Store) CompleteTimer(t storage.Timer) error {
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `DELETE FROM timers WHERE game_id = $1 AND kind = $2 AND user_id = $3 AND at_ns = $4 AND seq = $5`,
			t.GameID, t.Kind, t.UserID, t.At.UnixNano(), int64(t.Seq))
		return err
	})
	if err != nil {
		return fmt.Errorf("complete timer %s: %w", t.ID(), s.explain("write", err))
	}
	return nil
}

// sortTimers orders timers as the bbolt store's index does: by time, then game, kind and user.
func sortTimers(ts []storage.Timer) {
	slices.SortFunc(ts, func(a, b storage.Timer) int {
		return cmp.Or(a.At.Compare(b.At), cmp.Compare(a.GameID, b.GameID), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.UserID, b.UserID))
	})
}
