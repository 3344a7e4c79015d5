package storage

import (
	"log/slog"
	"sync"
	"time"
)

// ClearEvery is how long an announcement said by its process waits, at most, before its row is
// deleted. Deleting each row as it is said would be a second write, and on PostgreSQL a second
// round trip, for every move; batched, the deletes of every move said in the interval cost one
// (bbolt folds them into its next move's transaction, which it writes anyway; on PostgreSQL a
// move that overwrites its game's said announcement drops that clear).
//
// Why the delay is safe: a row is only ever taken by another process once its writer is gone (its
// file's next opening; its PostgreSQL session, see storage/postgres) or after AnnounceGrace,
// far longer than ClearEvery. So a pending clear is only lost when its process dies within
// ClearEvery of saying the move (or its clear cannot be written until it dies), and then the move
// is said again by whoever takes the row, with the same message nonces: Discord enforces a nonce
// for a few minutes, so the second post returns the first message instead of a duplicate, as
// long as the row is taken within those minutes of the death. On PostgreSQL the survivors see
// the dead session at once; a bbolt bot says them when it starts again, so a restart that takes
// longer than that may post such a move twice (it could before batching too, for a death between
// posting and clearing: batching widens that window by ClearEvery).
const ClearEvery = 100 * time.Millisecond

// Said names a game's move whose announcement was said and whose row is to be deleted.
type Said struct {
	GameID string
	Seq    uint64
}

// Clears are the announcements a store was told were said and has not deleted yet. A goroutine
// deletes them every interval through flush; a store may also take them to delete in a
// transaction of its own (Take, Restore on failure). Close flushes what is left.
type Clears struct {
	flush func([]Said) error
	log   *slog.Logger

	mu      sync.Mutex
	pending map[Said]struct{}
	// inflight are the clears a Flush is writing: still said, for Said, until it returns.
	inflight map[Said]struct{}

	flushMu sync.Mutex // one flush at a time, so a failed batch is restored before the next
	stop    chan struct{}
	done    chan struct{}
	once    sync.Once
}

// NewClears returns the pending clears of a store, flushed every interval (never if interval is
// not positive: for tests, which then flush with Flush or Close).
func NewClears(interval time.Duration, flush func([]Said) error, log *slog.Logger) *Clears {
	c := &Clears{flush: flush, log: log, pending: map[Said]struct{}{}, inflight: map[Said]struct{}{}, stop: make(chan struct{}), done: make(chan struct{})}
	if interval <= 0 {
		close(c.done)
		return c
	}
	go c.loop(interval)
	return c
}

func (c *Clears) loop(interval time.Duration) {
	defer close(c.done)
	t := time.NewTicker(interval)
	defer t.Stop()
	failing := false // an outage is logged once, not every interval
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
			err := c.Flush()
			if err != nil && !failing {
				c.log.Warn("could not clear the announcements said; trying again every interval", "interval", interval, "err", err)
			} else if err == nil && failing {
				c.log.Info("cleared the announcements said again")
			}
			failing = err != nil
		}
	}
}

// Add records that a game's move was said.
func (c *Clears) Add(game string, seq uint64) {
	c.mu.Lock()
	c.pending[Said{game, seq}] = struct{}{}
	c.mu.Unlock()
}

// Pending tells whether a game's move was said and its row not deleted yet.
func (c *Clears) Pending(game string, seq uint64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.pending[Said{game, seq}]
	return ok
}

// Said tells whether a game's move was said and its row may not be deleted yet: pending, or
// being deleted by a Flush that has not returned. A store that keeps a game's latest
// announcement in the game's own row asks it before a move replaces that row's announcement:
// one said may be overwritten, one not said must be kept.
func (c *Clears) Said(game string, seq uint64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	k := Said{game, seq}
	_, pending := c.pending[k]
	_, inflight := c.inflight[k]
	return pending || inflight
}

// Forget drops a pending clear whose row a move's transaction removed already.
func (c *Clears) Forget(game string, seq uint64) {
	c.mu.Lock()
	delete(c.pending, Said{game, seq})
	c.mu.Unlock()
}

// Take hands over every pending clear, for a transaction that deletes them; Restore gives them
// back if it failed.
func (c *Clears) Take() []Said {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.pending) == 0 {
		return nil
	}
	out := make([]Said, 0, len(c.pending))
	for k := range c.pending {
		out = append(out, k)
	}
	clear(c.pending)
	return out
}

// Restore gives back clears a failed transaction took.
func (c *Clears) Restore(list []Said) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, k := range list {
		c.pending[k] = struct{}{}
	}
}

// Flush deletes every pending clear now, in one batch; on failure they stay pending. The flush
// function may Restore some of its list to try them again at the next Flush. Meanwhile its list
// is inflight, so Said is true for each of them throughout.
func (c *Clears) Flush() error {
	c.flushMu.Lock()
	defer c.flushMu.Unlock()
	c.mu.Lock()
	list := make([]Said, 0, len(c.pending))
	for k := range c.pending {
		list = append(list, k)
		c.inflight[k] = struct{}{}
	}
	clear(c.pending)
	c.mu.Unlock()
	if len(list) == 0 {
		return nil
	}
	err := c.flush(list)
	c.mu.Lock()
	for _, k := range list {
		if err != nil {
			c.pending[k] = struct{}{}
		}
		delete(c.inflight, k)
	}
	c.mu.Unlock()
	return err
}

// Close stops the goroutine and flushes what is pending.
func (c *Clears) Close() error {
	c.once.Do(func() { close(c.stop) })
	<-c.done
	return c.Flush()
}
