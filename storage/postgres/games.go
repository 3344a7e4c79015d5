package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// querier is what both a transaction and the pool can do.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// gameColumns are the columns scanGame reads, in its order.
const gameColumns = `record, status, seq, hash, updated_ns`

// scanGame reads a game's record: the document, with what every move changes from its columns.
func scanGame(row pgx.Row, extra ...any) (storage.GameRecord, error) {
	var rec storage.GameRecord
	var doc []byte
	var status string
	var seq, updated int64
	var hash string
	if err := row.Scan(append([]any{&doc, &status, &seq, &hash, &updated}, extra...)...); err != nil {
		return rec, err
	}
	if err := json.Unmarshal(doc, &rec); err != nil {
		return rec, fmt.Errorf("%w: the record does not decode: %w", storage.ErrCorrupt, err)
	}
	rec.Status, rec.Seq, rec.Hash, rec.Updated = storage.Status(status), uint64(seq), hash, time.Unix(0, updated).UTC()
	return rec, nil
}

func notFound(err error) error {
	if isNoRows(err) {
		return storage.ErrNotFound
	}
	return err
}

// CreateGame stores a new game with its initial snapshot and makes it the active game of its
// place: storage.ErrExists if the id is taken, storage.ErrChannelBusy if the place has one.
func (s *Store) CreateGame(rec storage.GameRecord, snapshot []byte, hash string) error {
	if err := storage.CheckNewGame(&rec, snapshot, hash); err != nil {
		return fmt.Errorf("create game %s: %w", rec.ID, err)
	}
	err := s.write(func(ctx context.Context, tx pgx.Tx) error { return insertGame(ctx, tx, rec, snapshot) })
	if err != nil {
		return fmt.Errorf("create game %s: %w", rec.ID, s.explain("write", err))
	}
	return nil
}

// insertGame writes the row of a new game, refusing a taken id or a busy place.
func insertGame(ctx context.Context, tx pgx.Tx, rec storage.GameRecord, snapshot []byte) error {
	doc, finished, err := recordColumns(rec)
	if err != nil {
		return err
	}
	tag, err := tx.Exec(ctx, `INSERT INTO games (id, record, status, place, active, guild, seq, hash, updated_ns, finished_ns, snapshot, aside)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (id) DO NOTHING`,
		rec.ID, doc, string(rec.Status), rec.Place(), !rec.Status.Terminal(), rec.Guild, int64(rec.Seq), rec.Hash, rec.Updated.UnixNano(), finished, snapshot,
		rec.Aside != nil)
	if sqlState(err) == codeUniqueViolation {
		var other string
		_ = tx.QueryRow(ctx, `SELECT id FROM games WHERE place = $1 AND active`, rec.Place()).Scan(&other)
		return fmt.Errorf("%w: %s is playing game %s", storage.ErrChannelBusy, rec.Place(), other)
	}
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return storage.ErrExists
	}
	return nil
}

// Game returns the record of a game.
func (s *Store) Game(id string) (storage.GameRecord, error) {
	var rec storage.GameRecord
	err := s.read(func(ctx context.Context, q querier) (err error) {
		rec, err = scanGame(q.QueryRow(ctx, `SELECT `+gameColumns+` FROM games WHERE id = $1`, id))
		return notFound(err)
	})
	if err != nil {
		return storage.GameRecord{}, fmt.Errorf("load game %s: %w", id, s.explain("read", err))
	}
	return rec, nil
}

// ActiveGame returns the id of the active game of a channel or thread.
func (s *Store) ActiveGame(place string) (id string, ok bool, err error) {
	err = s.read(func(ctx context.Context, q querier) error {
		err := q.QueryRow(ctx, `SELECT id FROM games WHERE place = $1 AND active`, place).Scan(&id)
		if isNoRows(err) {
			return nil
		}
		ok = err == nil
		return err
	})
	if err != nil {
		return "", false, fmt.Errorf("look up the game of %s: %w", place, s.explain("read", err))
	}
	return id, ok, nil
}

// gamesWhere reads the records of the games a condition on their row selects, by id.
func gamesWhere(ctx context.Context, q querier, cond string) ([]storage.GameRecord, error) {
	rows, err := q.Query(ctx, `SELECT `+gameColumns+` FROM games WHERE `+cond+` ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var recs []storage.GameRecord
	for rows.Next() {
		rec, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	}
	return recs, rows.Err()
}

// ActiveGames returns the records of every game that is not over.
func (s *Store) ActiveGames() ([]storage.GameRecord, error) {
	var recs []storage.GameRecord
	err := s.read(func(ctx context.Context, q querier) (err error) {
		recs, err = gamesWhere(ctx, q, `active`)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list active games: %w", s.explain("read", err))
	}
	return recs, nil
}

// Snapshot returns a game's latest state.
func (s *Store) Snapshot(id string) (storage.Snapshot, error) {
	var snap storage.Snapshot
	err := s.read(func(ctx context.Context, q querier) error {
		var seq int64
		err := q.QueryRow(ctx, `SELECT seq, hash, snapshot FROM games WHERE id = $1`, id).Scan(&seq, &snap.Hash, &snap.State)
		snap.Seq = uint64(seq)
		return notFound(err)
	})
	if err != nil {
		return storage.Snapshot{}, fmt.Errorf("load the snapshot of game %s: %w", id, s.explain("read", err))
	}
	return snap, nil
}

// Moves returns a game's whole log in order.
func (s *Store) Moves(id string) ([]storage.Move, error) {
	var moves []storage.Move
	err := s.read(func(ctx context.Context, q querier) (err error) {
		var n int
		if err := q.QueryRow(ctx, `SELECT 1 FROM games WHERE id = $1`, id).Scan(&n); err != nil {
			return notFound(err)
		}
		moves, err = readMoves(ctx, q, id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("load the moves of game %s: %w", id, s.explain("read", err))
	}
	return moves, nil
}

func readMoves(ctx context.Context, q querier, id string) ([]storage.Move, error) {
	rows, err := q.Query(ctx, `SELECT seq, actor, data, at_ns, interaction_id FROM moves WHERE game_id = $1 ORDER BY seq`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	moves := []storage.Move{}
	for rows.Next() {
		var m storage.Move
		var seq, at int64
		var data []byte
		if err := rows.Scan(&seq, &m.Actor, &data, &at, &m.InteractionID); err != nil {
			return nil, err
		}
		if want := int64(len(moves) + 1); seq != want {
			return nil, fmt.Errorf("%w: log entry %d found where %d was expected", storage.ErrCorrupt, seq, want)
		}
		m.Seq, m.Data, m.Time = uint64(seq), data, time.Unix(0, at).UTC()
		moves = append(moves, m)
	}
	return moves, rows.Err()
}

// lockGame locks a game's row for the rest of tx and returns its record.
func lockGame(ctx context.Context, tx pgx.Tx, id string) (storage.GameRecord, error) {
	rec, err := scanGame(tx.QueryRow(ctx, `SELECT `+gameColumns+` FROM games WHERE id = $1 FOR UPDATE`, id))
	return rec, notFound(err)
}

// lockWritable is lockGame for a change of the game: a game set aside is read-only.
func lockWritable(ctx context.Context, tx pgx.Tx, id string) (storage.GameRecord, error) {
	rec, err := lockGame(ctx, tx, id)
	if err == nil && rec.Aside != nil {
		return rec, &storage.AsideError{GameID: id, Reason: rec.Aside.Reason}
	}
	return rec, err
}

// saveRecord writes a game's record and its columns.
func saveRecord(ctx context.Context, tx pgx.Tx, rec storage.GameRecord, snapshot []byte) error {
	doc, finished, err := recordColumns(rec)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE games SET record = $2, status = $3, active = $4, seq = $5, hash = $6, updated_ns = $7,
		finished_ns = $8, snapshot = COALESCE($9, snapshot), aside = $10 WHERE id = $1`,
		rec.ID, doc, string(rec.Status), !rec.Status.Terminal(), int64(rec.Seq), rec.Hash, rec.Updated.UnixNano(), finished, snapshot, rec.Aside != nil)
	return err
}

// Finish ends a game outside a move (see storage.Store.Finish).
func (s *Store) Finish(id string, status storage.Status, standings []storage.Standing) error {
	return s.finish(id, status, standings, time.Now().UTC(), nil)
}

// FinishWithResult ends a game outside a move and applies its result in the same transaction.
func (s *Store) FinishWithResult(id string, status storage.Status, standings []storage.Standing, r league.GameResult) error {
	return s.finish(id, status, standings, r.At, &r)
}

func (s *Store) finish(id string, status storage.Status, standings []storage.Standing, at time.Time, r *league.GameResult) error {
	if err := storage.CheckFinish(status, standings, r); err != nil {
		return fmt.Errorf("finish game %s: %w", id, err)
	}
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		rec, err := lockWritable(ctx, tx, id)
		if err != nil {
			return err
		}
		if rec.Status.Terminal() {
			return storage.ErrFinished
		}
		if err := endGame(ctx, tx, &rec, status, standings, at, r); err != nil {
			return err
		}
		return saveRecord(ctx, tx, rec, nil)
	})
	if err != nil {
		return fmt.Errorf("finish game %s: %w", id, s.explain("write", err))
	}
	return nil
}

// endGame makes a game terminal in tx: its timers go, its players' stats and, with r, the
// ratings and the league season change. The caller saves rec.
func endGame(ctx context.Context, tx pgx.Tx, rec *storage.GameRecord, status storage.Status, standings []storage.Standing, at time.Time, r *league.GameResult) error {
	storage.EndGame(rec, status, standings, at)
	if _, err := tx.Exec(ctx, `DELETE FROM timers WHERE game_id = $1`, rec.ID); err != nil {
		return err
	}
	if err := recordResults(ctx, tx, *rec); err != nil {
		return err
	}
	if r != nil {
		return applyResult(ctx, tx, *r)
	}
	return nil
}

// SetHold puts a live game on hold (or lifts it with "").
func (s *Store) SetHold(id, reason string) error {
	err := s.write(func(ctx context.Context, tx pgx.Tx) error {
		rec, err := lockWritable(ctx, tx, id)
		if err != nil {
			return err
		}
		if rec.Status.Terminal() {
			return storage.ErrFinished
		}
		rec.Hold = reason
		return saveRecord(ctx, tx, rec, nil)
	})
	if err != nil {
		return fmt.Errorf("set the hold of game %s: %w", id, s.explain("write", err))
	}
	return nil
}

// LastFinished returns the most recently ended game played in a channel or thread.
func (s *Store) LastFinished(place string) (rec storage.GameRecord, snapshot []byte, ok bool, err error) {
	err = s.read(func(ctx context.Context, q querier) error {
		rec, err = scanGame(q.QueryRow(ctx, `SELECT `+gameColumns+`, snapshot FROM games WHERE place = $1 AND NOT active
			ORDER BY finished_ns DESC, id DESC LIMIT 1`, place), &snapshot)
		if isNoRows(err) {
			return nil
		}
		ok = err == nil
		return err
	})
	if err != nil {
		return storage.GameRecord{}, nil, false, fmt.Errorf("look up the last game of %s: %w", place, s.explain("read", err))
	}
	return rec, snapshot, ok, nil
}

// sorted returns ids sorted and without repeats: the order in which shared rows are locked.
func sorted(ids []string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// recordColumns are a game record's JSON and its finishing time in nanoseconds (nil while the
// game runs), as the games table keeps them.
func recordColumns(rec storage.GameRecord) (doc []byte, finished *int64, err error) {
	if doc, err = json.Marshal(rec); err != nil {
		return nil, nil, err
	}
	if rec.Status.Terminal() {
		ns := rec.Finished.UnixNano()
		finished = &ns
	}
	return doc, finished, nil
}
