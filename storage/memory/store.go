package memory

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Options tune New. The zero value keeps every role but BackupFile, which needs Engine.
type Options struct {
	// Name is what Path says, for the log; "memory" when empty.
	Name string
	// Engine is the rules engine BackupFile replays every game with, as bot migrate does, before
	// the backup file is renamed into place. Without it BackupFile refuses.
	Engine storage.Engine
	// Logger receives the games set aside and the snapshots Verify rebuilt; nil discards them.
	Logger *slog.Logger
}

// Store is a database kept in memory, every role of storage.Database, by the rules of the two
// stores (storage's shared functions). It is safe for concurrent use. What goes in is copied in
// and what comes out is copied out: a caller never holds the store's own values.
type Store struct {
	name   string
	engine storage.Engine
	log    *slog.Logger
	owner  string // names this store in the announcements it writes

	// mu guards everything below. A write checks everything that may fail before it changes
	// anything, so a refused write changes nothing, as a rolled-back transaction.
	mu     sync.RWMutex
	closed bool
	games  map[string]*game
	active map[string]string // place -> id of its active game

	players  map[string]player
	guilds   map[string]storage.GuildSettings
	leagues  map[string]league.League
	seasons  map[seasonKey]league.Season
	ratings  map[ratingKey]league.Rating
	rated    map[ratedKey]league.RatedGame
	announce map[annKey]storage.Announcement
	claimed  map[annKey]bool // announcements a ClaimAnnouncements is saying
	handled  map[string]storage.Handled
	secret   []byte
	links    map[string]uint64
	mark     *storage.CopyMark
}

var _ storage.Database = (*Store)(nil)

// New returns an empty store.
func New(opts Options) *Store {
	s := &Store{name: opts.Name, engine: opts.Engine, log: opts.Logger,
		games: map[string]*game{}, active: map[string]string{}, players: map[string]player{},
		guilds: map[string]storage.GuildSettings{}, leagues: map[string]league.League{}, seasons: map[seasonKey]league.Season{},
		ratings: map[ratingKey]league.Rating{}, rated: map[ratedKey]league.RatedGame{},
		announce: map[annKey]storage.Announcement{}, claimed: map[annKey]bool{}, handled: map[string]storage.Handled{},
		links: map[string]uint64{}}
	if s.name == "" {
		s.name = "memory"
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	s.owner = hex.EncodeToString(b)
	return s
}

// Path names the store, for the log.
func (s *Store) Path() string { return s.name }

// Close drops nothing (the contents go with the process) but refuses every later call with
// storage.ErrClosed, as the other stores do.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	return nil
}

// read runs fn under the shared lock, unless the store is closed.
func (s *Store) read(fn func() error) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return fmt.Errorf("%w: %s", storage.ErrClosed, s.name)
	}
	return fn()
}

// write runs fn under the exclusive lock, unless the store is closed.
func (s *Store) write(fn func() error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return fmt.Errorf("%w: %s", storage.ErrClosed, s.name)
	}
	return fn()
}

// clone copies v through its JSON, what the other stores keep of it: nothing of the copy is
// shared with v.
func clone[T any](v T) (T, error) {
	var out T
	b, err := json.Marshal(v)
	if err != nil {
		return out, fmt.Errorf("%w: %v", storage.ErrInvalid, err)
	}
	if err := json.Unmarshal(b, &out); err != nil {
		return out, fmt.Errorf("%w: %v", storage.ErrInvalid, err)
	}
	return out, nil
}

// must is clone of a value the store keeps: it went in through clone, so it comes out.
func must[T any](v T) T {
	out, err := clone(v)
	if err != nil {
		panic(fmt.Sprintf("memory store: a kept value does not copy: %v", err))
	}
	return out
}
