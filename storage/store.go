package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"time"

	bolt "go.etcd.io/bbolt"
)

// DefaultLockTimeout is how long Open waits for a file lock held by another process when
// Options.LockTimeout is zero. Waiting forever (bbolt's default) would make a second bot hang
// silently instead of saying that one is already running.
const DefaultLockTimeout = 2 * time.Second

// Options tune Open. The zero value is right for the bot.
type Options struct {
	// LockTimeout bounds the wait for the file lock; zero means DefaultLockTimeout.
	LockTimeout time.Duration
	// ReadOnly opens the file with a shared lock and refuses every write with ErrReadOnly: for
	// inspecting a copy. A file that needs a schema migration cannot be opened read-only.
	ReadOnly bool
	// NoSync skips fsync on commit. Only for tests and benchmarks: a power cut may then lose moves
	// the bot already confirmed.
	NoSync bool
	// Logger receives migrations, rebuilt snapshots and compactions; nil discards them.
	Logger *slog.Logger
	// Engine is the rules engine, for the migrations that need it: schema 3 turns every game's
	// record into today's format. Without it, Open refuses a file that holds games to upgrade.
	Engine Engine
	// Copying opens a file bot migrate copies into: its mark of an unfinished copy, which makes
	// Open refuse it otherwise (ErrUnfinishedCopy), is no refusal then.
	Copying bool

	// openFile replaces os.OpenFile, to simulate file-system errors in tests.
	openFile func(string, int, os.FileMode) (*os.File, error)
	// migrations replaces the schema history, to test the migration runner.
	migrations []migration
	// clearEvery replaces ClearEvery; negative never clears but in a move's transaction, Close
	// and the announcements' reads, to test those.
	clearEvery time.Duration
}

// Store is the bot's database: one bbolt file, every role of Database. It is safe for concurrent use. All writes go through
// one writer goroutine that commits whatever is waiting in a single fsynced transaction (see
// writer.go); reads run in parallel with writes.
type Store struct {
	db    *bolt.DB
	path  string
	log   *slog.Logger
	locks gameLocks
	owner string // names this opening of the file in the announcements it writes
	// clears are the announcements said and not deleted yet (clears.go); nil when read-only.
	clears *Clears

	// mu guards closed; writers and readers hold it shared, Close exclusively, so Close waits for
	// the calls in flight and the database is never closed under them.
	mu     sync.RWMutex
	closed bool
	writes chan writeReq // nil when read-only
	done   chan struct{} // closed when the writer goroutine has exited
}

var _ Database = (*Store)(nil)

// Open opens (creating it if needed) the database at path, migrates its schema and starts the
// writer. Errors explain themselves: ErrLocked if another process has the file, ErrReadOnly,
// ErrCorrupt, ErrSchema.
func Open(path string, opts Options) (*Store, error) {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	timeout := opts.LockTimeout
	if timeout <= 0 {
		timeout = DefaultLockTimeout
	}
	list := opts.migrations
	if list == nil {
		list = migrations
	}
	fi, statErr := os.Stat(path)
	creating := errors.Is(statErr, fs.ErrNotExist) && !opts.ReadOnly
	if statErr == nil && fi.Size() > 0 {
		if err := checkLength(path, timeout, opts.openFile); err != nil {
			return nil, openError(path, err)
		}
	}

	db, err := openBolt(path, &bolt.Options{
		Timeout:      timeout,
		ReadOnly:     opts.ReadOnly,
		NoSync:       opts.NoSync,
		FreelistType: bolt.FreelistMapType, // faster than the array list once pages are freed and reused
		OpenFile:     opts.openFile,
	})
	if err != nil {
		return nil, openError(path, err)
	}
	if creating && !opts.NoSync {
		// A new file is durable only once its directory entry is.
		if err := syncDir(filepath.Dir(path)); err != nil {
			_ = db.Close()
			return nil, fmt.Errorf("create database %s: %w", path, explain(path, err))
		}
	}
	if err := prepare(db, list, migrationEnv{path: path, engine: opts.Engine, log: log}); err != nil {
		_ = db.Close()
		return nil, err
	}
	if !opts.Copying && opts.migrations == nil {
		var mark *CopyMark
		if err := db.View(func(tx *bolt.Tx) (err error) { mark, err = readCopyMark(tx); return err }); err != nil || mark != nil {
			_ = db.Close()
			if err == nil {
				err = UnfinishedCopy(path, *mark)
			}
			return nil, err
		}
	}
	s := &Store{db: db, path: path, log: log, owner: newOwner(), done: make(chan struct{})}
	if opts.ReadOnly {
		close(s.done)
	} else {
		s.writes = make(chan writeReq)
		go s.writeLoop()
		every := opts.clearEvery
		if every == 0 {
			every = ClearEvery
		}
		s.clears = NewClears(every, s.deleteAnnouncements, log)
	}
	return s, nil
}

// openError explains a failure to open the file.
func openError(path string, err error) error {
	var explained *dbError
	if err = explain(path, err); errors.As(err, &explained) {
		return err
	}
	return fmt.Errorf("open database %s: %w", path, err)
}

// checkLength checks that an existing file holds every page its meta page counts. bbolt grows and
// syncs the file before writing beyond its end, so only a damaged or truncated copy falls short,
// and reading a page past the end could kill the process with SIGBUS. It opens the file read-only
// first because a writable open reads the free list, which may be among the missing pages.
func checkLength(path string, timeout time.Duration, openFile func(string, int, os.FileMode) (*os.File, error)) error {
	db, err := openBolt(path, &bolt.Options{ReadOnly: true, Timeout: timeout, OpenFile: openFile})
	if err != nil {
		return err
	}
	defer db.Close()
	return db.View(func(tx *bolt.Tx) error {
		fi, err := os.Stat(path)
		if err != nil {
			return err
		}
		if fi.Size() < tx.Size() {
			return &dbError{ErrCorrupt, fmt.Sprintf("database %s was truncated (an interrupted copy?): the file has %d bytes but its pages need %d; restore it from a backup",
				path, fi.Size(), tx.Size()), nil}
		}
		return nil
	})
}

// openBolt opens the file, turning a panic of bbolt on a damaged file into ErrCorrupt.
func openBolt(path string, opts *bolt.Options) (db *bolt.DB, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			db, err = nil, recovered(path, r)
		}
	}()
	return bolt.Open(path, 0o600, opts)
}

// prepare migrates the schema and checks the buckets, turning a damaged page met on the way into
// ErrCorrupt (see Store.view).
func prepare(db *bolt.DB, list []migration, env migrationEnv) (err error) {
	path := env.path
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = recovered(path, r)
		}
	}()
	if err := migrate(db, list, env); err != nil {
		return err
	}
	if err := db.View(checkBuckets); err != nil {
		return fmt.Errorf("database %s: %w", path, err)
	}
	return nil
}

// checkBuckets checks that the schema's buckets exist, so the rest of the package can use
// tx.Bucket without a nil check.
func checkBuckets(tx *bolt.Tx) error {
	for _, name := range requiredBuckets {
		if tx.Bucket(name) == nil {
			return fmt.Errorf("%w: bucket %q is missing", ErrCorrupt, name)
		}
	}
	return nil
}

// Path returns the file the store was opened on.
func (s *Store) Path() string { return s.path }

// Close waits for the calls in flight, stops the writer and closes the file. Later calls return
// ErrClosed; closing twice is harmless.
func (s *Store) Close() error {
	if s.clears != nil {
		if err := s.clears.Close(); err != nil && !errors.Is(err, ErrClosed) {
			s.log.Warn("could not clear the announcements said before closing", "err", err)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	if s.writes != nil {
		// Clears recorded while the flush above ran, before Announced saw the store closed.
		if said := s.clears.Take(); len(said) > 0 {
			done := make(chan error, 1)
			s.writes <- writeReq{fn: func(tx *bolt.Tx) error { return deleteAnnouncements(tx, said) }, done: done}
			if err := <-done; err != nil {
				s.log.Warn("could not clear the announcements said before closing", "err", err)
			}
		}
		close(s.writes)
	}
	<-s.done
	return explain(s.path, s.db.Close())
}

// view runs fn in a read transaction. The file is memory-mapped, so a damaged page can make a
// read fault (SIGBUS, SIGSEGV) instead of panicking; SetPanicOnFault turns the fault into a panic
// that is recovered as ErrCorrupt rather than killing the bot.
func (s *Store) view(fn func(*bolt.Tx) error) (err error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return ErrClosed
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = recovered(s.path, r)
		}
	}()
	return explain(s.path, s.db.View(fn))
}

// update runs fn in a write transaction and returns once it is committed and fsynced (or failed).
// fn may run more than once (see writer.go), so it must not keep state between runs.
func (s *Store) update(fn func(*bolt.Tx) error) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return ErrClosed
	}
	if s.writes == nil {
		return &dbError{ErrReadOnly, fmt.Sprintf("database %s is open read-only; nothing was changed", s.path), nil}
	}
	done := make(chan error, 1)
	s.writes <- writeReq{fn: fn, done: done}
	return explain(s.path, <-done)
}

// syncDir fsyncs a directory so that a file created or renamed in it survives a power cut.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
