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

func appendMove(ctx context.Context, tx pgx.Tx, c storage.Commit) (bool, error) {
	rec, err := lockGame(ctx, tx, c.GameID)
	if err != nil {
		return false, err
	}
	var seen int64
	err = tx.QueryRow(ctx, `SELECT seq FROM moves WHERE game_id = $1 AND interaction_id = $2`, c.GameID, c.Move.InteractionID).Scan(&seen)
	if err == nil {
		return false, nil
	} else if !isNoRows(err) {
		return false, err
	}
	if rec.Status.Terminal() {
		return false, storage.ErrFinished
	}
	if rec.Seq != c.ExpectSeq {
		return false, &storage.ConflictError{GameID: c.GameID, Expected: c.ExpectSeq, Actual: rec.Seq}
	}
	rec.Seq++
	if _, err := tx.Exec(ctx, `INSERT INTO moves (game_id, seq, actor, data, at_ns, interaction_id) VALUES ($1, $2, $3, $4, $5, $6)`,
		c.GameID, int64(rec.Seq), c.Move.Actor, []byte(c.Move.Data), c.Move.Time.UnixNano(), c.Move.InteractionID); err != nil {
		return false, err
	}
	rec.Hash, rec.Updated = c.Hash, c.Move.Time
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
