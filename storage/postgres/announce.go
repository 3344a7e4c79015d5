package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Where an announcement waits: a game's latest one in the game's row (the ann_ columns), which
// the move's UPDATE writes anyway, so a move adds no row and no index entry for it; the others
// in the announcements table. A move that finds its row's announcement not said yet (by this
// process, as far as it knows) moves it to the table first (spillRow); one said is simply
// replaced, and its clear forgotten. A claim moves the due ones from the rows to the table and
// says them from there.

const announceColumns = `game_id, seq, channel, message, app_id, token, token_ns, created_ns, owner`

// rowAnnounceColumns are a game row's announcement, in the order of announceColumns.
const rowAnnounceColumns = `id, ann_seq, ann_channel, ann_message, ann_app_id, ann_token, ann_token_ns, ann_created_ns, ann_owner`

const insertAnnouncement = `INSERT INTO announcements (` + announceColumns + `) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
	ON CONFLICT DO NOTHING`

// spillRow moves a game's pending announcement from its row to the table, in a transaction that
// holds the row's lock and then replaces it.
const spillRow = `INSERT INTO announcements (` + announceColumns + `) SELECT ` + rowAnnounceColumns + `
	FROM games WHERE id = $1 AND ann_pending ON CONFLICT DO NOTHING`

// setRowAnnouncement sets a game's row announcement: $2 to $10 are rowAnnounceArgs.
const setRowAnnouncement = `UPDATE games SET ann_pending = $2, ann_seq = $3, ann_channel = $4, ann_message = $5,
	ann_app_id = $6, ann_token = $7, ann_token_ns = $8, ann_created_ns = $9, ann_owner = $10 WHERE id = $1`

// clearRowAnnouncement is what a row says when it holds no announcement.
const clearRowAnnouncement = `ann_pending = false, ann_seq = 0, ann_channel = NULL, ann_message = NULL, ann_app_id = NULL,
	ann_token = NULL, ann_token_ns = NULL, ann_created_ns = NULL, ann_owner = NULL`

// rowAnnounceArgs are the values of a game row's announcement columns (ann_pending first) for
// a move committed as entry seq that announces a, or of none when a is nil.
func rowAnnounceArgs(a *storage.Announcement, seq uint64, owner int64) []any {
	if a == nil {
		return []any{false, int64(0), nil, nil, nil, nil, nil, nil, nil}
	}
	return append([]any{true}, announceArgs(a, seq, owner)[1:]...)
}

// replaced is what a move does with the announcement its game's row holds (pending, of log
// entry seq): keep it in the table (spill) unless this process said it, in which case it may be
// overwritten, and its clear is forgotten once the move commits (forget).
func (s *Store) replaced(game string, pending bool, seq uint64) (spill, forget bool) {
	if !pending {
		return false, false
	}
	if s.clears != nil && s.clears.Said(game, seq) {
		return false, true
	}
	return true, false
}

// announceArgs are the arguments of insertAnnouncement for a move committed as entry seq.
func announceArgs(a *storage.Announcement, seq uint64, owner int64) []any {
	var tokenNS int64
	if !a.TokenTime.IsZero() {
		tokenNS = a.TokenTime.UnixNano()
	}
	return []any{a.GameID, int64(seq), a.Channel, []byte(a.Message), a.AppID, a.Token, tokenNS, a.Created.UnixNano(), owner}
}

func scanAnnouncement(row pgx.Row) (storage.Announcement, error) {
	a, _, err := scanRowAnnouncement(row)
	return a, err
}

// scanRowAnnouncement reads announceColumns or rowAnnounceColumns, and the writer's owner id.
func scanRowAnnouncement(row pgx.Row) (storage.Announcement, int64, error) {
	var a storage.Announcement
	var seq, tokenNS, createdNS, owner int64
	var msg []byte
	if err := row.Scan(&a.GameID, &seq, &a.Channel, &msg, &a.AppID, &a.Token, &tokenNS, &createdNS, &owner); err != nil {
		return a, 0, err
	}
	a.Seq, a.Message, a.Created, a.Owner = uint64(seq), msg, time.Unix(0, createdNS).UTC(), strconv.FormatInt(owner, 10)
	if tokenNS != 0 {
		a.TokenTime = time.Unix(0, tokenNS).UTC()
	}
	return a, owner, nil
}

// Announced records that the announcement of a game's move was said: its row is deleted within
// storage.ClearEvery, with those of every move said meanwhile, and by Close (see
// storage.ClearEvery for why the wait is safe). Clearing one that is gone (another process said
// it) is not an error.
func (s *Store) Announced(gameID string, seq uint64) error {
	if s.clears == nil {
		return fmt.Errorf("clear the announcement of move %d of game %s: %w: database %s is open read-only; nothing was changed",
			seq, gameID, storage.ErrReadOnly, s.name)
	}
	s.clears.Add(gameID, seq)
	return nil
}

// deleteAnnouncements is the flush of s.clears: the announcements said since the last one are
// taken off their games' rows and out of the table, in one round trip to the server (the
// transaction sent as one batch), committed without waiting for the server's disk. Lost in a
// crash of the server, an announcement is said again, and the bot's message nonce makes Discord
// return the first message instead of posting a second.
//
// The flush never waits for a move: a row a move holds is skipped (SKIP LOCKED), and its clear
// is tried again at the next flush unless the move replaced the announcement meanwhile. Until
// then the clear stays said (storage.Clears.Said), so a move of this process overwrites it
// rather than moving it to the table; a move of another process may move it there, and the
// table's rows are deleted last, so one moved before the check of the skipped rows is deleted
// now and one moved after it is deleted by the next flush.
func (s *Store) deleteAnnouncements(said []storage.Said) error {
	games, seqs := make([]string, len(said)), make([]int64, len(said))
	for i, k := range said {
		games[i], seqs[i] = k.GameID, int64(k.Seq)
	}
	ctx, cancel := s.ctx()
	defer cancel()
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("clear the announcements of %d moves said: %w", len(said), s.explain("write", err))
	}
	defer func() {
		if conn.Conn().PgConn().TxStatus() != 'I' {
			_, _ = conn.Exec(ctx, "ROLLBACK")
		}
		conn.Release()
	}()
	const keys = `unnest($1::text[], $2::bigint[]) AS d(game_id, seq)`
	b := &pgx.Batch{}
	b.Queue("BEGIN")
	b.Queue("SET LOCAL synchronous_commit = off")
	b.Queue(`UPDATE games g SET `+clearRowAnnouncement+` FROM (SELECT r.id FROM games r JOIN `+keys+`
		ON r.id = d.game_id AND r.ann_seq = d.seq WHERE r.ann_pending FOR UPDATE OF r SKIP LOCKED) l WHERE g.id = l.id`, games, seqs)
	b.Queue(`SELECT d.game_id, d.seq FROM `+keys+` JOIN games g ON g.id = d.game_id AND g.ann_seq = d.seq WHERE g.ann_pending`, games, seqs)
	b.Queue(`DELETE FROM announcements a USING `+keys+` WHERE a.game_id = d.game_id AND a.seq = d.seq`, games, seqs)
	b.Queue("COMMIT")
	br := conn.SendBatch(ctx, b)
	var skipped []storage.Said
	for i := range b.Len() {
		if i != 3 {
			if _, err = br.Exec(); err != nil {
				break
			}
			continue
		}
		var rows pgx.Rows
		if rows, err = br.Query(); err != nil {
			break
		}
		for rows.Next() {
			var k storage.Said
			var seq int64
			if err = rows.Scan(&k.GameID, &seq); err != nil {
				break
			}
			k.Seq = uint64(seq)
			skipped = append(skipped, k)
		}
		rows.Close()
		if err == nil {
			err = rows.Err()
		}
		if err != nil {
			break
		}
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("clear the announcements of %d moves said: %w", len(said), s.explain("write", err))
	}
	s.clears.Restore(skipped)
	return nil
}

// flushClears deletes the announcements said before a read of them, so the read shows what is
// still to say.
func (s *Store) flushClears() error {
	if s.clears == nil {
		return nil
	}
	return s.clears.Flush()
}

// claimBatch bounds the announcements one ClaimAnnouncements looks at.
const claimBatch = 100

// ClaimAnnouncements calls say for every announcement that is this process's to make at now: those
// whose writer's session is gone and those that waited longer than storage.AnnounceGrace. Each is
// claimed with FOR UPDATE SKIP LOCKED in a transaction of its own, held while say runs and
// committed with the row's deletion when say returns nil, so one process makes it and the others
// skip it. An announcement whose say failed stays for a later call, with its game's later ones (a
// channel's turns keep their order). It returns how many were said.
func (s *Store) ClaimAnnouncements(now time.Time, say func(storage.Announcement) error) (int, error) {
	if s.readOnly {
		return 0, nil
	}
	// This process's own said announcements are deleted first, and never said again even if
	// that fails.
	if err := s.flushClears(); err != nil {
		s.log.Warn("could not clear the announcements said", "err", err)
	}
	if err := s.spillDue(now); err != nil {
		return 0, fmt.Errorf("read the announcements: %w", s.explain("write", err))
	}
	ctx, cancel := s.ctx()
	type key struct {
		game string
		seq  int64
	}
	var due []key
	rows, err := s.pool.Query(ctx, `SELECT game_id, seq FROM announcements a WHERE a.created_ns < $1 OR NOT `+ownerAlive("a.owner", "$2")+`
		ORDER BY game_id, seq LIMIT `+strconv.Itoa(claimBatch), now.Add(-storage.AnnounceGrace).UnixNano(), now.UnixNano())
	if err == nil {
		for rows.Next() {
			var k key
			if err = rows.Scan(&k.game, &k.seq); err != nil {
				break
			}
			if !s.clears.Said(k.game, uint64(k.seq)) {
				due = append(due, k)
			}
		}
		rows.Close()
		if err == nil {
			err = rows.Err()
		}
	}
	cancel()
	if err != nil {
		return 0, fmt.Errorf("read the announcements: %w", s.explain("read", err))
	}
	n, failed := 0, map[string]bool{}
	for _, k := range due {
		if failed[k.game] {
			continue
		}
		said, err := s.claim(k.game, k.seq, say)
		if errors.Is(err, errNotSaid) {
			failed[k.game] = true
			continue
		}
		if err != nil {
			return n, fmt.Errorf("claim the announcement of move %d of game %s: %w", k.seq, k.game, s.explain("write", err))
		}
		if said {
			n++
		}
	}
	return n, nil
}

// spillDue moves the row announcements due at now (as ClaimAnnouncements chooses them) to the
// table, where they are claimed one by one. A row a move holds is skipped: that move moves or
// replaces its announcement itself.
func (s *Store) spillDue(now time.Time) error {
	ctx, cancel := s.ctx()
	defer cancel()
	return s.tx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+rowAnnounceColumns+` FROM games a WHERE ann_pending
			AND (ann_created_ns < $1 OR NOT `+ownerAlive("a.ann_owner", "$2")+`) ORDER BY id LIMIT `+strconv.Itoa(claimBatch)+`
			FOR UPDATE SKIP LOCKED`, now.Add(-storage.AnnounceGrace).UnixNano(), now.UnixNano())
		if err != nil {
			return err
		}
		var due []storage.Announcement
		var owners []int64
		for rows.Next() {
			a, owner, err := scanRowAnnouncement(rows)
			if err != nil {
				rows.Close()
				return err
			}
			due, owners = append(due, a), append(owners, owner)
		}
		rows.Close()
		if err := rows.Err(); err != nil || len(due) == 0 {
			return err
		}
		b := &pgx.Batch{}
		ids := make([]string, len(due))
		for i, a := range due {
			ids[i] = a.GameID
			b.Queue(insertAnnouncement, announceArgs(&a, a.Seq, owners[i])...)
		}
		b.Queue(`UPDATE games SET `+clearRowAnnouncement+` WHERE id = ANY($1)`, ids)
		return tx.SendBatch(ctx, b).Close()
	})
}

// errNotSaid rolls back the claim of an announcement whose say failed.
var errNotSaid = errors.New("the announcement was not made")

// claim locks one announcement (unless another process holds it, or it is gone), says it, and
// deletes it in the same transaction. say runs without the store's timeout: it talks to Discord.
func (s *Store) claim(game string, seq int64, say func(storage.Announcement) error) (said bool, err error) {
	err = pgx.BeginFunc(context.Background(), s.pool, func(tx pgx.Tx) error {
		ctx, cancel := s.ctx()
		a, err := scanAnnouncement(tx.QueryRow(ctx, `SELECT `+announceColumns+` FROM announcements
			WHERE game_id = $1 AND seq = $2 FOR UPDATE SKIP LOCKED`, game, seq))
		cancel()
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // said by another process meanwhile, or being said
		}
		if err != nil {
			return err
		}
		if say(a) != nil {
			return errNotSaid
		}
		ctx, cancel = s.ctx()
		defer cancel()
		_, err = tx.Exec(ctx, `DELETE FROM announcements WHERE game_id = $1 AND seq = $2`, game, seq)
		said = err == nil
		return err
	})
	return said, err
}

// Announcements returns every announcement still to make, in game and move order: for tests and
// for an operator's look.
func (s *Store) Announcements() ([]storage.Announcement, error) {
	if err := s.flushClears(); err != nil {
		return nil, fmt.Errorf("read the announcements: %w", err)
	}
	var out []storage.Announcement
	err := s.read(func(ctx context.Context, q querier) (err error) {
		out, err = readAnnouncements(ctx, q)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read the announcements: %w", s.explain("read", err))
	}
	return out, nil
}

// readAnnouncements reads every announcement, from the table and the games' rows.
func readAnnouncements(ctx context.Context, q querier) ([]storage.Announcement, error) {
	rows, err := q.Query(ctx, `SELECT `+announceColumns+` FROM announcements
		UNION ALL SELECT `+rowAnnounceColumns+` FROM games WHERE ann_pending ORDER BY 1, 2`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []storage.Announcement
	for rows.Next() {
		a, err := scanAnnouncement(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// restoreAnnouncements writes the announcements another store kept (Restore) to the table, under
// owner 0, which no process holds: the first process that claims announcements says them.
func restoreAnnouncements(ctx context.Context, tx pgx.Tx, list []storage.Announcement) error {
	for _, a := range list {
		if err := storage.CheckID("announcement game", a.GameID); err != nil {
			return err
		}
		if a.Seq == 0 {
			return storage.Invalid("the announcement of game %s names no move", a.GameID)
		}
		if err := storage.CheckAnnouncement(&a); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, insertAnnouncement, announceArgs(&a, a.Seq, 0)...); err != nil {
			return err
		}
	}
	return nil
}
