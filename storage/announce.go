package storage

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// AnnounceGrace is how long an announcement stays with the process that committed its move while
// that process may still be alive: past it, any process posts it. A process known to be gone (a
// bbolt file's previous run, a PostgreSQL session that ended) loses its announcements at once.
const AnnounceGrace = 2 * time.Minute

// Announcement is what must still be said about a committed move: its turn message in its
// channel and, when a player's interaction made it, the answer to that interaction. It is written
// in the move's transaction (Commit.Announce) and cleared once said (Announced), so a process that
// dies between the two leaves it for another (ClaimAnnouncements): no accepted move goes
// unannounced, and none is announced by two processes.
type Announcement struct {
	GameID  string `json:"game"`
	Seq     uint64 `json:"seq"` // the move's position in its game's log; set by the store
	Channel string `json:"channel"`
	// Message is the bot's account of the move, opaque to the store (valid JSON).
	Message json.RawMessage `json:"message"`
	// AppID and Token let a later process answer the interaction that made the move (Discord
	// keeps a token for 15 minutes after TokenTime); empty for a move no interaction made.
	AppID     string    `json:"app_id,omitempty"`
	Token     string    `json:"token,omitempty"`
	TokenTime time.Time `json:"token_time,omitzero"`
	// Created is when the move was committed, and Owner which opened store wrote it; both set by
	// the store.
	Created time.Time `json:"created"`
	Owner   string    `json:"owner"`
}

// checkAnnouncement validates an announcement for a commit.
func checkAnnouncement(a *Announcement) error {
	if err := checkID("announcement channel", a.Channel); err != nil {
		return err
	}
	if err := checkJSON("announcement", a.Message); err != nil {
		return err
	}
	if (a.Token == "") != (a.AppID == "") {
		return invalidf("an announcement's interaction needs both its application id and its token")
	}
	a.TokenTime = a.TokenTime.UTC()
	return nil
}

// orphaned tells whether a process other than the one that wrote a is to announce it at now:
// its writer is gone (alive false), or it waited longer than AnnounceGrace.
func orphaned(a Announcement, writerAlive bool, now time.Time) bool {
	return !writerAlive || now.Sub(a.Created) > AnnounceGrace
}

// newOwner names one opened store, for the announcements it writes.
func newOwner() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

var bucketAnnounce = []byte("announce")

// createV4 creates the bucket of schema 4: the announcements still to make.
func createV4(tx *bolt.Tx) error {
	_, err := tx.CreateBucket([]byte("announce"))
	return err
}

// announceBucket returns the bucket of schema 4, ErrCorrupt if the file lacks it (the migration
// tests open files at older schemas).
func announceBucket(tx *bolt.Tx) (*bolt.Bucket, error) {
	if b := tx.Bucket(bucketAnnounce); b != nil {
		return b, nil
	}
	return nil, fmt.Errorf("%w: bucket %q is missing", ErrCorrupt, bucketAnnounce)
}

// announceKey is the key of a game's announcement of log position seq: the game, NUL, the
// position, so a cursor walks a game's announcements in order.
func announceKey(game string, seq uint64) []byte {
	return append(append([]byte(game), 0), seqKey(seq)...)
}

// putAnnouncement stores a's row in the move's transaction.
func putAnnouncement(tx *bolt.Tx, a Announcement) error {
	b, err := announceBucket(tx)
	if err != nil {
		return err
	}
	return putJSON(b, announceKey(a.GameID, a.Seq), a)
}

// Announced records that the announcement of a game's move was said: its row is deleted with the
// next move's transaction or within ClearEvery, whichever comes first, and by Close. Clearing one
// that is gone (another process said it) is not an error.
func (s *Store) Announced(gameID string, seq uint64) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return fmt.Errorf("clear the announcement of move %d of game %s: %w", seq, gameID, ErrClosed)
	}
	if s.clears == nil {
		return fmt.Errorf("clear the announcement of move %d of game %s: %w", seq, gameID,
			&dbError{ErrReadOnly, fmt.Sprintf("database %s is open read-only; nothing was changed", s.path), nil})
	}
	s.clears.Add(gameID, seq)
	return nil
}

// deleteAnnouncements deletes the rows of the announcements said, in a write transaction.
func deleteAnnouncements(tx *bolt.Tx, said []Said) error {
	if len(said) == 0 {
		return nil
	}
	b, err := announceBucket(tx)
	if err != nil {
		return err
	}
	for _, k := range said {
		if err := b.Delete(announceKey(k.GameID, k.Seq)); err != nil {
			return err
		}
	}
	return nil
}

// deleteAnnouncements is the flush of s.clears: one transaction for all of them.
func (s *Store) deleteAnnouncements(said []Said) error {
	if err := s.update(func(tx *bolt.Tx) error { return deleteAnnouncements(tx, said) }); err != nil {
		return fmt.Errorf("clear the announcements of %d moves said: %w", len(said), err)
	}
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

// ClaimAnnouncements calls say for every announcement that is this store's to make at now: those
// a previous run of the bot left (the file is held by one process, so their writer is gone) and
// this run's own that waited longer than AnnounceGrace. Each is cleared when say returns nil, and
// kept for a later call otherwise (with the game's later ones, so a channel's turns keep their
// order). It returns how many were said. The announcements this run said are cleared first, and
// never said again even if that fails.
func (s *Store) ClaimAnnouncements(now time.Time, say func(Announcement) error) (int, error) {
	if err := s.flushClears(); err != nil {
		s.log.Warn("could not clear the announcements said", "err", err)
	}
	due, err := s.announcements(func(a Announcement) bool {
		return orphaned(a, a.Owner == s.owner, now) && (s.clears == nil || !s.clears.Pending(a.GameID, a.Seq))
	})
	if err != nil {
		return 0, err
	}
	n, failed := 0, map[string]bool{}
	for _, a := range due {
		if failed[a.GameID] {
			continue
		}
		if say(a) != nil {
			failed[a.GameID] = true
			continue
		}
		if err := s.deleteAnnouncements([]Said{{a.GameID, a.Seq}}); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Announcements returns every announcement still to make, in game and move order: for tests and
// for an operator's look at a stopped bot.
func (s *Store) Announcements() ([]Announcement, error) {
	if err := s.flushClears(); err != nil {
		return nil, fmt.Errorf("read the announcements: %w", err)
	}
	return s.announcements(func(Announcement) bool { return true })
}

// announcements reads the announcements keep accepts, in game and move order.
func (s *Store) announcements(keep func(Announcement) bool) ([]Announcement, error) {
	var out []Announcement
	err := s.view(func(tx *bolt.Tx) (err error) {
		out, err = readAnnouncements(tx, keep)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read the announcements: %w", err)
	}
	return out, nil
}

func readAnnouncements(tx *bolt.Tx, keep func(Announcement) bool) ([]Announcement, error) {
	b, err := announceBucket(tx)
	if err != nil {
		return nil, err
	}
	var out []Announcement
	err = b.ForEach(func(k, v []byte) error {
		var a Announcement
		if err := decodeJSON(k, v, &a); err != nil {
			return err
		}
		if keep(a) {
			out = append(out, a)
		}
		return nil
	})
	return out, err
}

// restoreAnnouncement writes an announcement another store kept (Restore): its writer is no
// opened store of this file, so the first bot that opens it says it.
func restoreAnnouncement(tx *bolt.Tx, a Announcement) error {
	if err := checkID("announcement game", a.GameID); err != nil {
		return err
	}
	if a.Seq == 0 {
		return invalidf("the announcement of game %s names no move", a.GameID)
	}
	if err := checkAnnouncement(&a); err != nil {
		return err
	}
	a.Created = a.Created.UTC()
	return putAnnouncement(tx, a)
}
