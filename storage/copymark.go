package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A database bot migrate copies into is marked as an unfinished copy from its first write to the
// check of its last: until then no bot, and no command but the same bot migrate, opens it
// (ErrUnfinishedCopy), so that a copy stopped half-way (killed, a lost connection) is never run as
// if it were whole. The same bot migrate run again finishes it: what was copied stays, what is
// missing is copied, and nothing is copied twice (Copy).

// ErrUnfinishedCopy: the database is a copy bot migrate started and has not finished.
var ErrUnfinishedCopy = errors.New("the database is an unfinished copy")

// CopyMark is what marks an unfinished copy: its source and when the copy started.
type CopyMark struct {
	From    string    `json:"from"`
	Started time.Time `json:"started"`
}

// UnfinishedCopy is the refusal to open a database marked as an unfinished copy.
func UnfinishedCopy(db string, m CopyMark) error {
	return fmt.Errorf("%w: database %s is a copy of %s that bot migrate started at %s and did not finish; run the same bot migrate again "+
		"to finish it (what was copied stays, nothing is copied twice), or start over from an empty database",
		ErrUnfinishedCopy, db, m.From, m.Started.UTC().Format(time.RFC3339))
}

// keyCopy is the meta key of the mark.
var keyCopy = []byte("copy")

// readCopyMark returns the file's mark, or nil.
func readCopyMark(tx *bolt.Tx) (*CopyMark, error) {
	v := tx.Bucket(bucketMeta).Get(keyCopy)
	if v == nil {
		return nil, nil
	}
	var m CopyMark
	if err := json.Unmarshal(v, &m); err != nil {
		return nil, fmt.Errorf("%w: the mark of an unfinished copy does not decode: %w", ErrCorrupt, err)
	}
	return &m, nil
}

// CopyMark returns the mark of an unfinished copy, or nil.
func (s *Store) CopyMark() (*CopyMark, error) {
	var m *CopyMark
	err := s.view(func(tx *bolt.Tx) (err error) { m, err = readCopyMark(tx); return err })
	if err != nil {
		return nil, fmt.Errorf("read the copy mark of %s: %w", s.path, err)
	}
	return m, nil
}

// MarkCopy marks the database as an unfinished copy of from.
func (s *Store) MarkCopy(m CopyMark) error {
	err := s.update(func(tx *bolt.Tx) error { return putJSON(tx.Bucket(bucketMeta), keyCopy, m) })
	if err != nil {
		return fmt.Errorf("mark %s as a copy of %s: %w", s.path, m.From, err)
	}
	return nil
}

// UnmarkCopy removes the mark: the copy is whole.
func (s *Store) UnmarkCopy() error {
	err := s.update(func(tx *bolt.Tx) error { return tx.Bucket(bucketMeta).Delete(keyCopy) })
	if err != nil {
		return fmt.Errorf("unmark %s as a copy: %w", s.path, err)
	}
	return nil
}
