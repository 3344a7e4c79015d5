package postgres

import (
	"context"
	"math/rand/v2"
	"strconv"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// A writing process tells the others that it is alive, so that they leave the announcements it
// wrote to it (announce.go), in two ways:
//
//   - a session advisory lock on (ownerLock, its owner id), held on a connection of its own: the
//     server drops it as soon as the process dies (its socket closes), so a dead process is known
//     at once, and a process that is frozen or busy keeps it;
//   - its row in owners, whose seen_ns it writes every beatEvery on that connection.
//
// A lock also vanishes when the process lives on: the server restarted, or the session was ended
// (a network cut, an administrator). So a process whose lock is missing still counts as alive
// while it has had less than OwnerGrace to take it again: its row was seen within OwnerGrace, or
// it was last seen before the server started and the server started less than OwnerGrace ago.
// The keeper goroutine of every process notices the lost session at its next beat and takes the
// lock again, under the same id, within a beat or two of the server's return. A process that stops
// cleanly marks its row gone, so its announcements pass to the others at once.

// ownerLock is the first key of the session advisory lock of each writing process, the second
// being its owner id.
const ownerLock = 0x616e6e6f // "anno"

// OwnerGrace is how long a process whose lock is missing is still taken for alive: time enough to
// notice a lost session (beatEvery) and to connect again, on a busy machine.
const OwnerGrace = 10 * time.Second

// beatEvery is how often a process writes that it is alive, and checks its session.
const beatEvery = time.Second

// ownersKept is how long the row of a process that is long gone is kept.
const ownersKept = 24 * time.Hour

// ownerAlive is SQL that is true while the writer named by the column owner is alive at the
// moment given by the Unix nanoseconds now (a placeholder such as $2).
func ownerAlive(owner, now string) string {
	grace := strconv.FormatInt(int64(OwnerGrace), 10)
	start := `(extract(epoch FROM pg_postmaster_start_time()) * 1000000000)::bigint`
	now += "::bigint"
	return `(NOT EXISTS (SELECT 1 FROM owners g WHERE g.owner = ` + owner + ` AND g.gone)
	AND (EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
	AND l.classid = ` + strconv.Itoa(ownerLock) + ` AND l.objid::bigint = ` + owner + ` AND l.objsubid = 2
	AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))
	OR EXISTS (SELECT 1 FROM owners o WHERE o.owner = ` + owner + ` AND (o.seen_ns > ` + now + ` - ` + grace + `
	OR (o.seen_ns < ` + start + ` AND ` + start + ` > ` + now + ` - ` + grace + `)))))`
}

// keeper holds the session that marks this process alive, and takes it again when it is lost.
type keeper struct {
	s  *Store
	id int64 // the owner id, the same for the life of the store

	mu   sync.Mutex
	conn *pgx.Conn // nil while the session is lost
	held bool      // the lock is taken on conn
	took int       // how many times the lock was taken
	lost bool      // the loss of the session was logged, and its return is to be

	stop     chan struct{}
	done     chan struct{}
	stopOnce sync.Once
}

// startKeeper takes this process's lock and starts the goroutine that keeps it. A first failure
// is not fatal: the store opened, so the goroutine will soon take it.
func (s *Store) startKeeper() {
	k := &keeper{s: s, id: rand.Int64N(1<<31-1) + 1, stop: make(chan struct{}), done: make(chan struct{})}
	s.keeper = k
	k.beat()
	go k.loop()
}

// ownerID is the owner id of this process's announcements; 0 when read-only (no process holds it).
func (s *Store) ownerID() int64 {
	if s.keeper == nil {
		return 0
	}
	return s.keeper.id
}

func (k *keeper) loop() {
	defer close(k.done)
	t := time.NewTicker(beatEvery)
	defer t.Stop()
	for {
		select {
		case <-k.stop:
			return
		case <-t.C:
			k.beat()
		}
	}
}

// beat writes that the process is alive; on a session that failed, it connects again and takes
// the lock again.
func (k *keeper) beat() {
	k.mu.Lock()
	defer k.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), beatEvery*5)
	defer cancel()
	if k.conn != nil && k.held {
		if err := k.write(ctx, k.conn); err == nil {
			return
		} else if !k.lost {
			k.lost = true
			k.s.log.Warn("lost the database session that marks this process alive; taking it again", "database", k.s.name, "err", err)
		}
		_ = k.conn.Close(ctx)
		k.conn, k.held = nil, false
	}
	if k.conn == nil {
		cfg := k.s.pool.Config().ConnConfig.Copy()
		conn, err := pgx.ConnectConfig(ctx, cfg)
		if err != nil {
			k.note(err)
			return
		}
		// Its beats may be lost in a crash of the server: the restart covers them (OwnerGrace).
		if _, err := conn.Exec(ctx, `SET synchronous_commit = off`); err != nil {
			_ = conn.Close(ctx)
			k.note(err)
			return
		}
		k.conn = conn
	}
	// The session of a process whose connection was cut may outlive it on the server for a while:
	// its lock then still says that the process is alive, and this one takes it once it is freed.
	if err := k.conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1::int4, $2::int4)`, ownerLock, k.id).Scan(&k.held); err != nil {
		_ = k.conn.Close(ctx)
		k.conn, k.held = nil, false
		k.note(err)
		return
	}
	if !k.held {
		return
	}
	k.took++
	if err := k.write(ctx, k.conn); err != nil {
		_ = k.conn.Close(ctx)
		k.conn, k.held = nil, false
		k.note(err)
		return
	}
	if _, err := k.conn.Exec(ctx, `DELETE FROM owners WHERE seen_ns < $1`, time.Now().Add(-ownersKept).UnixNano()); err != nil {
		k.s.log.Warn("could not delete the rows of long gone processes", "database", k.s.name, "err", err)
	}
	if k.lost {
		k.lost = false
		k.s.log.Info("took the database session that marks this process alive again", "database", k.s.name)
	}
}

// note logs the first failure to take the session, once per loss.
func (k *keeper) note(err error) {
	if !k.lost {
		k.lost = true
		k.s.log.Warn("could not take the database session that marks this process alive; trying again", "database", k.s.name, "err", err)
	}
}

// write records a beat in the process's row.
func (k *keeper) write(ctx context.Context, conn *pgx.Conn) error {
	_, err := conn.Exec(ctx, `INSERT INTO owners (owner, seen_ns, gone) VALUES ($1, $2, false)
		ON CONFLICT (owner) DO UPDATE SET seen_ns = EXCLUDED.seen_ns, gone = false`, k.id, time.Now().UnixNano())
	return err
}

// close stops the beats; when gone, it first marks the row gone (through the pool, whatever
// became of the session), which the others trust over the lock, whose release by the server
// follows the session's end a moment later: the announcements not said yet pass to them at once.
// Without gone, the session is dropped as a killed process's is (for tests): the others wait for
// OwnerGrace.
func (k *keeper) close(gone bool) {
	k.stopOnce.Do(func() { close(k.stop) })
	<-k.done
	k.mu.Lock()
	defer k.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), k.s.timeout)
	defer cancel()
	if gone {
		if _, err := k.s.pool.Exec(ctx, `INSERT INTO owners (owner, seen_ns, gone) VALUES ($1, $2, true)
			ON CONFLICT (owner) DO UPDATE SET gone = true`, k.id, time.Now().UnixNano()); err != nil {
			k.s.log.Warn("could not mark this process gone: its announcements pass to the others within a few seconds", "err", err)
		}
	}
	if k.conn != nil {
		_ = k.conn.Close(ctx)
		k.conn, k.held = nil, false
	}
}
