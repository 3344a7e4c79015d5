package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// ErrUsePgDump is BackupFile's answer: a PostgreSQL database is backed up by its server's tools
// (it is a storage.ErrNoBackupFile).
var ErrUsePgDump = fmt.Errorf("%w: a PostgreSQL database is backed up with pg_dump (pg_dump --format=custom --file=carc.dump URL, restored with pg_restore), or by the server's own backups; bot backup writes bbolt files only", storage.ErrNoBackupFile)

// BackupFile refuses with ErrUsePgDump, which says how to back up: pg_dump takes a consistent
// copy of a live database, which is what the bbolt store's backup gives.
func (s *Store) BackupFile(path string) error {
	return fmt.Errorf("back up database %s to %s: %w", s.name, path, ErrUsePgDump)
}

// Export returns a game as an indented JSON storage.GameExport (see storage.Store.Export).
func (s *Store) Export(id string, admin bool, e storage.Engine) ([]byte, error) {
	rec, moves, snapshot, timers, err := s.whole(id)
	if err != nil {
		return nil, fmt.Errorf("export game %s: %w", id, err)
	}
	out, err := storage.EncodeExport(rec, moves, snapshot, timers, admin, e)
	if err != nil {
		return nil, fmt.Errorf("export game %s: %w", id, err)
	}
	return out, nil
}

// whole reads everything kept about a game in one consistent read.
func (s *Store) whole(id string) (rec storage.GameRecord, moves []storage.Move, snapshot []byte, timers []storage.Timer, err error) {
	ctx, cancel := s.ctx()
	defer cancel()
	err = pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		var err error
		if rec, err = scanGame(tx.QueryRow(ctx, `SELECT `+gameColumns+`, snapshot FROM games WHERE id = $1`, id), &snapshot); err != nil {
			return notFound(err)
		}
		if moves, err = readMoves(ctx, tx, id); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT `+timerColumns+` FROM timers WHERE game_id = $1 ORDER BY at_ns, kind, user_id`, id)
		if err != nil {
			return err
		}
		timers, err = scanTimers(rows)
		return err
	})
	return rec, moves, snapshot, timers, s.explain("read", err)
}

// Import stores a game from an admin export after replaying its log with e (see
// storage.Store.Import).
func (s *Store) Import(data []byte, e storage.Engine) (storage.GameRecord, error) {
	doc, err := storage.DecodeImport(data, e)
	if err != nil {
		return storage.GameRecord{}, err
	}
	rec := doc.Game
	err = s.write(func(ctx context.Context, tx pgx.Tx) error {
		if err := insertGame(ctx, tx, rec, doc.Snapshot); err != nil {
			return err
		}
		for _, m := range doc.Moves {
			if _, err := tx.Exec(ctx, `INSERT INTO moves (game_id, seq, actor, data, at_ns, interaction_id) VALUES ($1, $2, $3, $4, $5, $6)`,
				rec.ID, int64(m.Seq), m.Actor, []byte(m.Data), m.Time.UnixNano(), m.InteractionID); err != nil {
				return err
			}
		}
		if rec.Status.Terminal() {
			return nil
		}
		return replaceTimers(ctx, tx, rec.ID, rec.Seq, doc.Timers)
	})
	if err != nil {
		return storage.GameRecord{}, fmt.Errorf("import game %s: %w", rec.ID, s.explain("write", err))
	}
	return rec, nil
}

// GameIDs lists every game, by id: what Verify and bot migrate walk.
func (s *Store) GameIDs() ([]string, error) {
	var ids []string
	err := s.read(func(ctx context.Context, q querier) error {
		rows, err := q.Query(ctx, `SELECT id FROM games ORDER BY id`)
		if err != nil {
			return err
		}
		ids, err = pgx.CollectRows(rows, pgx.RowTo[string])
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list games: %w", s.explain("read", err))
	}
	return ids, nil
}

// Verify replays every game's log with e and compares it with the stored snapshot and hash; a
// snapshot that disagrees is rebuilt from the log (under the game's row lock, if the game has not
// moved on) and reported (storage.VerifyLogs). PostgreSQL checks its own pages (data checksums,
// amcheck); Verify checks what only the bot can: that the logs and the states agree.
func (s *Store) Verify(e storage.Engine) (storage.Report, error) {
	ids, err := s.GameIDs()
	if err != nil {
		return storage.Report{}, fmt.Errorf("verify: %w", err)
	}
	read := func(id string) (storage.GameRecord, []storage.Move, []byte, error) {
		rec, moves, snapshot, _, err := s.whole(id)
		return rec, moves, snapshot, err
	}
	rebuild := func(id string, seq uint64, snapshot []byte, hash string) error {
		err := s.write(func(ctx context.Context, tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE games SET snapshot = $3, hash = $4 WHERE id = $1 AND seq = $2`, id, int64(seq), snapshot, hash)
			return err
		})
		return s.explain("write", err)
	}
	return storage.VerifyLogs(e, ids, read, rebuild, s.log)
}
