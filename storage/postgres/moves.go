package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// AppendMove commits one move in one transaction (log entry, snapshot, record, timers and, when
// the move ends the game, stats, ratings and season), committed before it returns. The game's
// row is locked first, so moves of one game from any number of processes are applied one at a
// time, each checked against Commit.ExpectSeq (storage.ErrConflict). applied is false, and
// nothing changes, when the interaction id is already in the game's log.
func (s *Store) AppendMove(c storage.Commit) (applied bool, err error) {
	if err := storage.CheckCommit(&c); err != nil {
		return false, fmt.Errorf("append move to game %s: %w", c.GameID, err)
	}
	err = s.write(func(ctx context.Context, tx pgx.Tx) (err error) {
		applied, err = appendMove(ctx, tx, c)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("append move to game %s: %w", c.GameID, s.explain("write", err))
	}
	return applied, nil
}

// appendMove is the transaction of AppendMove. A plain move (no change of players, not the
// end) takes two round trips inside the transaction: the row lock with the interaction check,
// then one batch of the log entry, the timer set and the game's columns.
func appendMove(ctx context.Context, tx pgx.Tx, c storage.Commit) (bool, error) {
	var seen *int64
	rec, err := scanGame(tx.QueryRow(ctx, `SELECT `+gameColumns+`,
		(SELECT seq FROM moves WHERE game_id = $1 AND interaction_id = $2) FROM games WHERE id = $1 FOR UPDATE`,
		c.GameID, c.Move.InteractionID), &seen)
	if err != nil {
		return false, notFound(err)
	}
	if seen != nil {
		return false, nil
	}
	if rec.Status.Terminal() {
		return false, storage.ErrFinished
	}
	if rec.Seq != c.ExpectSeq {
		return false, &storage.ConflictError{GameID: c.GameID, Expected: c.ExpectSeq, Actual: rec.Seq}
	}
	rec.Seq++
	rec.Hash, rec.Updated = c.Hash, c.Move.Time
	insertMove := `INSERT INTO moves (game_id, seq, actor, data, at_ns, interaction_id) VALUES ($1, $2, $3, $4, $5, $6)`
	moveArgs := []any{c.GameID, int64(rec.Seq), c.Move.Actor, []byte(c.Move.Data), c.Move.Time.UnixNano(), c.Move.InteractionID}
	if c.Players == nil && !c.Status.Terminal() {
		if c.Status != "" {
			rec.Status = c.Status
		}
		b := &pgx.Batch{}
		b.Queue(insertMove, moveArgs...)
		queueTimers(b, c.GameID, rec.Seq, c.Timers)
		b.Queue(`UPDATE games SET status = $2, seq = $3, hash = $4, updated_ns = $5, snapshot = $6 WHERE id = $1`,
			c.GameID, string(rec.Status), int64(rec.Seq), rec.Hash, rec.Updated.UnixNano(), c.Snapshot)
		return true, tx.SendBatch(ctx, b).Close()
	}
	if _, err := tx.Exec(ctx, insertMove, moveArgs...); err != nil {
		return false, err
	}
	if c.Players != nil {
		rec.Players = c.Players
	}
	if c.Status.Terminal() {
		err = endGame(ctx, tx, &rec, c.Status, c.Standings, c.Move.Time, c.Result)
	} else {
		if c.Status != "" {
			rec.Status = c.Status
		}
		err = replaceTimers(ctx, tx, c.GameID, rec.Seq, c.Timers)
	}
	if err != nil {
		return false, err
	}
	return true, saveRecord(ctx, tx, rec, c.Snapshot)
}
