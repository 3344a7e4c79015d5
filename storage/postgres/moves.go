package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

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
	owner := s.ownerID()
	if c.Players == nil && !c.Status.Terminal() && !s.readOnly {
		applied, err = s.appendPlain(c, owner)
	} else {
		var forget uint64
		err = s.write(func(ctx context.Context, tx pgx.Tx) (err error) {
			applied, forget, err = s.appendMove(ctx, tx, c, owner)
			return err
		})
		if err == nil && forget != 0 {
			s.clears.Forget(c.GameID, forget)
		}
	}
	if err != nil {
		return false, fmt.Errorf("append move to game %s: %w", c.GameID, s.explain("write", err))
	}
	return applied, nil
}

// lockForMove is the first statement of a move: the game's row locked, with its announcement's
// state and the seq of the log entry of the move's interaction if the log has it already.
const lockForMove = `SELECT ` + gameColumns + `, ann_pending, ann_seq,
	(SELECT seq FROM moves WHERE game_id = $1 AND interaction_id = $2) FROM games WHERE id = $1 FOR UPDATE`

// locked is the game's row as a move's lock read it.
type locked struct {
	rec storage.GameRecord
	// annPending and annSeq are the announcement the row holds.
	annPending bool
	annSeq     uint64
}

const insertMove = `INSERT INTO moves (game_id, seq, actor, data, at_ns, interaction_id) VALUES ($1, $2, $3, $4, $5, $6)`

// checkMove reads the locked row of lockForMove: the game's record, or why the move does not
// apply (applied false and a nil error: the interaction is in the log already).
func checkMove(row pgx.Row, c storage.Commit) (l locked, apply bool, err error) {
	var seen *int64
	var annSeq int64
	if l.rec, err = scanGame(row, &l.annPending, &annSeq, &seen); err != nil {
		return l, false, notFound(err)
	}
	l.annSeq = uint64(annSeq)
	rec := &l.rec
	if seen != nil {
		return l, false, nil
	}
	if rec.Aside != nil {
		return l, false, &storage.AsideError{GameID: rec.ID, Reason: rec.Aside.Reason}
	}
	if rec.Status.Terminal() {
		return l, false, storage.ErrFinished
	}
	if rec.Seq != c.ExpectSeq {
		return l, false, &storage.ConflictError{GameID: c.GameID, Expected: c.ExpectSeq, Actual: rec.Seq}
	}
	rec.Seq++
	rec.Hash, rec.Updated = c.Hash, c.Move.Time
	return l, true, nil
}

func moveArgs(c storage.Commit, seq uint64) []any {
	return []any{c.GameID, int64(seq), c.Move.Actor, []byte(c.Move.Data), c.Move.Time.UnixNano(), c.Move.InteractionID}
}

// appendPlain commits a plain move (no change of players, not the end) in two round trips: BEGIN
// with the row lock, then the log entry, the timer set, the game's columns and COMMIT, each
// pair sent as one batch. The move is acknowledged only once COMMIT succeeded.
func (s *Store) appendPlain(c storage.Commit, owner int64) (applied bool, err error) {
	ctx, cancel := s.ctx()
	defer cancel()
	for range retries {
		applied, err = s.tryPlain(ctx, c, owner)
		if !retryable(err) {
			break
		}
	}
	return applied, err
}

func (s *Store) tryPlain(ctx context.Context, c storage.Commit, owner int64) (bool, error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return false, err
	}
	// A transaction left open by a failure is rolled back; if even that fails, the pool closes
	// the connection instead of handing it out mid-transaction.
	defer func() {
		if conn.Conn().PgConn().TxStatus() != 'I' {
			_, _ = conn.Exec(ctx, "ROLLBACK")
		}
		conn.Release()
	}()
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue(lockForMove, c.GameID, c.Move.InteractionID)
	br := conn.SendBatch(ctx, b)
	_, err = br.Exec()
	var l locked
	apply := false
	if err == nil {
		l, apply, err = checkMove(br.QueryRow(), c)
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil || !apply {
		return false, err
	}
	rec := l.rec
	if c.Status != "" {
		rec.Status = c.Status
	}
	spill, forget := s.replaced(c.GameID, l.annPending, l.annSeq)
	b = &pgx.Batch{}
	b.Queue(insertMove, moveArgs(c, rec.Seq)...)
	if spill {
		b.Queue(spillRow, c.GameID)
	}
	queueTimers(b, c.GameID, rec.Seq, c.Timers)
	b.Queue(`UPDATE games SET status = $2, seq = $3, hash = $4, updated_ns = $5, snapshot = $6, ann_pending = $7, ann_seq = $8,
		ann_channel = $9, ann_message = $10, ann_app_id = $11, ann_token = $12, ann_token_ns = $13, ann_created_ns = $14,
		ann_owner = $15 WHERE id = $1`,
		append([]any{c.GameID, string(rec.Status), int64(rec.Seq), rec.Hash, rec.Updated.UnixNano(), c.Snapshot},
			rowAnnounceArgs(c.Announce, rec.Seq, owner)...)...)
	b.Queue("COMMIT")
	br = conn.SendBatch(ctx, b)
	var tag pgconn.CommandTag
	for range b.Len() {
		if tag, err = br.Exec(); err != nil {
			break
		}
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return false, err
	}
	// The server answers COMMIT with ROLLBACK, and no error, for a transaction that failed.
	if tag.String() != "COMMIT" {
		return false, fmt.Errorf("the transaction of the move ended with %s instead of COMMIT", tag)
	}
	if forget {
		s.clears.Forget(c.GameID, l.annSeq)
	}
	return true, nil
}

// appendMove is the transaction of AppendMove for a move that changes the players or ends the
// game (appendPlain commits the others). forget, when not 0, is the log entry of the said
// announcement the move replaced, whose clear is to be forgotten once the transaction commits.
func (s *Store) appendMove(ctx context.Context, tx pgx.Tx, c storage.Commit, owner int64) (applied bool, forget uint64, err error) {
	l, apply, err := checkMove(tx.QueryRow(ctx, lockForMove, c.GameID, c.Move.InteractionID), c)
	if err != nil || !apply {
		return false, 0, err
	}
	rec := l.rec
	if _, err := tx.Exec(ctx, insertMove, moveArgs(c, rec.Seq)...); err != nil {
		return false, 0, err
	}
	spill, said := s.replaced(c.GameID, l.annPending, l.annSeq)
	if spill {
		if _, err := tx.Exec(ctx, spillRow, c.GameID); err != nil {
			return false, 0, err
		}
	}
	if said {
		forget = l.annSeq
	}
	if _, err := tx.Exec(ctx, setRowAnnouncement, append([]any{c.GameID}, rowAnnounceArgs(c.Announce, rec.Seq, owner)...)...); err != nil {
		return false, 0, err
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
		return false, 0, err
	}
	return true, forget, saveRecord(ctx, tx, rec, c.Snapshot)
}
