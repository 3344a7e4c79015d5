package postgres

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Options tune Open. The zero value is right for the bot.
type Options struct {
	// Logger receives migrations; nil discards them.
	Logger *slog.Logger
	// Timeout bounds each call of the store (connecting, waiting for a row lock, the query);
	// zero means DefaultTimeout.
	Timeout time.Duration
	// TimerLease is how long a timer handed out by DueTimers is kept from the other processes;
	// zero means DefaultTimerLease.
	TimerLease time.Duration
	// MaxConns caps the connections of this process; zero means DefaultMaxConns, or the
	// pool_max_conns of the URL.
	MaxConns int32
	// ReadOnly refuses every write with storage.ErrReadOnly, for inspecting a live database.
	ReadOnly bool
	// Copying opens a database bot migrate copies into: its mark of an unfinished copy, which
	// makes Open refuse it otherwise (storage.ErrUnfinishedCopy), is no refusal then.
	Copying bool

	// migrations replaces the schema history, to test the migration runner.
	migrations []string
	// clearEvery replaces storage.ClearEvery; negative never clears but at Close and before the
	// announcements' reads, to test those.
	clearEvery time.Duration
}

// DefaultTimeout bounds one call of the store.
const DefaultTimeout = 30 * time.Second

// DefaultMaxConns is how many connections one process opens at most. Every move holds one
// connection from its row lock to its commit, and the server flushes the commits waiting at the
// same moment with one write of its log: with pgx's default (4 on a machine of up to 4 cores) the
// moves of busy games queue for a connection instead, and a process stays below 2,000 moves/s.
// Three processes take 48 of PostgreSQL's default 100.
const DefaultMaxConns = 16

// DefaultTimerLease is how long a process keeps a timer it took: long enough to apply a deadline
// or send a reminder, short enough that a dead process's timers are soon taken by another.
const DefaultTimerLease = time.Minute

// Store is the bot's database on PostgreSQL, every role of storage.Database. It is safe for concurrent use, by many goroutines
// and many processes.
type Store struct {
	pool     *pgxpool.Pool
	name     string // the database, for messages: host, port and name, never the password
	log      *slog.Logger
	timeout  time.Duration
	lease    time.Duration
	readOnly bool

	// keeper holds the session that marks this process alive for its announcements
	// (liveness.go); nil when read-only.
	keeper *keeper
	// clears are the announcements said and not deleted yet; nil when read-only.
	clears *storage.Clears
}

var _ storage.Database = (*Store)(nil)

// IsURL reports whether a --db value names a PostgreSQL database rather than a bbolt file.
func IsURL(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// Open connects to the database at url, creates or migrates its schema and returns the store.
// Errors say what is wrong: a URL that does not parse, a server that does not answer, a
// database from a newer bot (storage.ErrSchema), a read-only server (storage.ErrReadOnly).
func Open(url string, opts Options) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("%w: the database URL does not parse (want postgres://user:password@host:5432/dbname): %v",
			storage.ErrInvalid, redact(err.Error(), url))
	}
	switch {
	case opts.MaxConns > 0:
		cfg.MaxConns = opts.MaxConns
	case !strings.Contains(url, "pool_max_conns"):
		cfg.MaxConns = DefaultMaxConns
	}
	s := &Store{name: fmt.Sprintf("postgres://%s:%d/%s", cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database),
		log: opts.Logger, timeout: opts.Timeout, lease: opts.TimerLease, readOnly: opts.ReadOnly}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.timeout <= 0 {
		s.timeout = DefaultTimeout
	}
	if s.lease <= 0 {
		s.lease = DefaultTimerLease
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = 10 * time.Second
	}
	ctx, cancel := s.ctx()
	defer cancel()
	if s.pool, err = pgxpool.NewWithConfig(ctx, cfg); err != nil {
		return nil, s.explain("open", err)
	}
	if err := s.pool.Ping(ctx); err != nil {
		s.pool.Close()
		return nil, s.explain("open", err)
	}
	list := opts.migrations
	if list == nil {
		list = migrations
	}
	if opts.ReadOnly {
		err = s.checkSchema(ctx, len(list))
	} else {
		err = s.migrate(ctx, list)
	}
	if err == nil && !opts.Copying && opts.migrations == nil {
		var mark *storage.CopyMark
		if mark, err = s.CopyMark(); err == nil && mark != nil {
			err = storage.UnfinishedCopy(s.name, *mark)
		}
	}
	if err != nil {
		s.pool.Close()
		return nil, s.explain("open", err)
	}
	if !opts.ReadOnly {
		every := opts.clearEvery
		if every == 0 {
			every = storage.ClearEvery
		}
		s.clears = storage.NewClears(every, s.deleteAnnouncements, s.log)
		s.startKeeper()
	}
	return s, nil
}

// checkSchema checks, without writing, that the database has the schema this bot writes.
func (s *Store) checkSchema(ctx context.Context, want int) error {
	var version int
	if err := s.pool.QueryRow(ctx, `SELECT version FROM carc_schema`).Scan(&version); err != nil {
		return fmt.Errorf("%w: database %s has no schema of this bot (run the bot once with write access): %w", storage.ErrSchema, s.name, err)
	}
	if version != want {
		return fmt.Errorf("%w: database %s has schema version %d, this bot %d", storage.ErrSchema, s.name, version, want)
	}
	return nil
}

// Path names the database (without its password), as storage.Store.Path names its file.
func (s *Store) Path() string { return s.name }

// Close clears the announcements said, then closes the connections, after the calls in flight.
func (s *Store) Close() error {
	if s.clears != nil {
		if err := s.clears.Close(); err != nil {
			s.log.Warn("could not clear the announcements said before closing", "err", err)
		}
	}
	if s.keeper != nil {
		s.keeper.close(true)
	}
	s.pool.Close()
	return nil
}

func (s *Store) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), s.timeout)
}

// retries bounds the retries of a transaction the server aborted (deadlock, serialization).
const retries = 5

// tx runs fn in a transaction and commits it, retrying it when the server aborted it for a
// reason a retry fixes. fn may run more than once, so it must not keep state between runs.
func (s *Store) tx(ctx context.Context, fn func(pgx.Tx) error) error {
	var err error
	for range retries {
		err = pgx.BeginFunc(ctx, s.pool, fn)
		if !retryable(err) {
			return err
		}
	}
	return err
}

// write is tx for the calls that change something, with the store's timeout.
func (s *Store) write(fn func(ctx context.Context, tx pgx.Tx) error) error {
	if s.readOnly {
		return fmt.Errorf("%w: database %s is open read-only; nothing was changed", storage.ErrReadOnly, s.name)
	}
	ctx, cancel := s.ctx()
	defer cancel()
	return s.tx(ctx, func(tx pgx.Tx) error { return fn(ctx, tx) })
}

// read runs fn on the pool with the store's timeout.
func (s *Store) read(fn func(ctx context.Context, q querier) error) error {
	ctx, cancel := s.ctx()
	defer cancel()
	return fn(ctx, s.pool)
}

// redact removes the password of url from msg.
func redact(msg, url string) string {
	if i := strings.Index(url, "://"); i >= 0 {
		rest := url[i+3:]
		if at := strings.LastIndex(rest, "@"); at >= 0 {
			if colon := strings.Index(rest[:at], ":"); colon >= 0 {
				if pw := rest[colon+1 : at]; pw != "" {
					msg = strings.ReplaceAll(msg, pw, "xxxxx")
				}
			}
		}
	}
	return msg
}

var errNoRows = pgx.ErrNoRows

func isNoRows(err error) bool { return errors.Is(err, errNoRows) }
