package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A game this bot cannot carry on (its old record does not upgrade, its snapshot does not load) is
// set aside instead of stopping the bot: its data is kept whole and untouched, read-only, for an
// operator to export (bot export --admin) and for a later release that can read it, and the bot
// starts with every other game. The mark is kept apart from the game's data (bucket aside), so
// that setting a game aside writes nothing of the game itself, even a game whose record does not
// decode.

// Aside is why and when a game was set aside (GameRecord.Aside).
type Aside struct {
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
	// Told is set once the game's channel was told (ClaimAsideNotice).
	Told bool `json:"told,omitempty"`
}

// ErrAside: the game is set aside (GameRecord.Aside), kept read-only.
var ErrAside = errors.New("the game is set aside and kept read-only")

// AsideError is ErrAside for one game, with why it was set aside.
type AsideError struct {
	GameID, Reason string
}

func (e *AsideError) Error() string {
	return fmt.Sprintf("game %s is set aside and kept read-only, untouched (%s): export it with bot export --admin %s", e.GameID, e.Reason, e.GameID)
}

// Is makes errors.Is(err, ErrAside) true.
func (e *AsideError) Is(target error) bool { return target == ErrAside }

// maxReasonLen bounds a stored reason: an error message, cut to what an operator reads.
const maxReasonLen = 2000

// CheckAside validates an Aside and fills its defaults (the time, in UTC; the reason cut to its
// bound) for SetAside or an import.
func CheckAside(a *Aside) error {
	if a.Reason == "" {
		return invalidf("a game set aside needs a reason")
	}
	if len(a.Reason) > maxReasonLen {
		a.Reason = a.Reason[:maxReasonLen]
	}
	if a.At.IsZero() {
		a.At = time.Now()
	}
	a.At = a.At.UTC()
	return nil
}

// SetAside sets a game (live or archived, whatever its state) aside with reason: no move, timer,
// hold or end is stored for it from then on (ErrAside), and nothing of it changes. Setting aside
// a game already set aside keeps its first reason.
func (s *Store) SetAside(id, reason string) error {
	a := Aside{Reason: reason}
	if err := CheckAside(&a); err != nil {
		return fmt.Errorf("set game %s aside: %w", id, err)
	}
	unlock := s.locks.lock(id)
	defer unlock()
	err := s.update(func(tx *bolt.Tx) error {
		if tx.Bucket(bucketGames).Bucket([]byte(id)) == nil && tx.Bucket(bucketArchive).Get([]byte(id)) == nil {
			return ErrNotFound
		}
		return putAside(tx, id, a, false)
	})
	if err != nil {
		return fmt.Errorf("set game %s aside: %w", id, err)
	}
	s.log.Warn("a game was set aside: kept untouched and read-only", "game", id, "reason", reason)
	return nil
}

// putAside writes a game's mark, creating the bucket when a migration of an older schema sets a
// game aside before the schema that creates it; replace false keeps a mark already there.
func putAside(tx *bolt.Tx, id string, a Aside, replace bool) error {
	b, err := tx.CreateBucketIfNotExists(bucketAside)
	if err != nil {
		return err
	}
	if !replace && b.Get([]byte(id)) != nil {
		return nil
	}
	return putJSON(b, []byte(id), a)
}

// asideOf returns a game's mark, or nil.
func asideOf(tx *bolt.Tx, id string) (*Aside, error) {
	b := tx.Bucket(bucketAside)
	if b == nil {
		return nil, nil
	}
	v := b.Get([]byte(id))
	if v == nil {
		return nil, nil
	}
	var a Aside
	if err := json.Unmarshal(v, &a); err != nil {
		return nil, fmt.Errorf("%w: the mark of game %s set aside does not decode: %w", ErrCorrupt, id, err)
	}
	return &a, nil
}

// refuseAside fails with an AsideError when the game is set aside: the writes of a game call it.
func refuseAside(tx *bolt.Tx, id string) error {
	a, err := asideOf(tx, id)
	if err != nil || a == nil {
		return err
	}
	return &AsideError{GameID: id, Reason: a.Reason}
}

// ClaimAsideNotice marks a game set aside as told to its channel and reports whether this call
// did: the bot tells each channel once. A game not set aside gives ErrNotFound.
func (s *Store) ClaimAsideNotice(id string) (bool, error) {
	claimed := false
	err := s.update(func(tx *bolt.Tx) error {
		a, err := asideOf(tx, id)
		switch {
		case err != nil:
			return err
		case a == nil:
			return ErrNotFound
		case a.Told:
			return nil
		}
		a.Told, claimed = true, true
		return putAside(tx, id, *a, true)
	})
	if err != nil {
		return false, fmt.Errorf("claim the notice of game %s set aside: %w", id, err)
	}
	return claimed, nil
}

// AsideGames lists every game set aside, by id, with its mark.
func (s *Store) AsideGames() (map[string]Aside, error) {
	out := map[string]Aside{}
	err := s.view(func(tx *bolt.Tx) error {
		b := tx.Bucket(bucketAside)
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			var a Aside
			if err := decodeJSON(k, v, &a); err != nil {
				return err
			}
			out[string(k)] = a
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("list the games set aside: %w", err)
	}
	return out, nil
}
