package storage

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Timer is a moment at which the bot must act on a game: a turn deadline, a reminder. Its meaning
// (Kind) is the bot's; the store keeps timers in an index ordered by time that survives restarts.
//
// A timer fires at least once and, used as below, acts exactly once:
//   - a deadline's automatic move is committed with Timer.ID as its interaction id and with the
//     game's new timer set, which no longer holds the deadline: firing it again after a crash
//     finds the move already applied;
//   - for a reminder the bot sends the message and then calls CompleteTimer; a crash between the
//     two sends it again on restart (never zero times).
type Timer struct {
	GameID string    `json:"game_id"` // set by the store
	Kind   string    `json:"kind"`    // "deadline", "reminder", ...
	UserID string    `json:"user_id,omitempty"`
	At     time.Time `json:"at"`
	Seq    uint64    `json:"seq"` // log position when the timer was set; set by the store
}

// ID is a stable identifier of the timer, fit to be the InteractionID of the move it causes.
func (t Timer) ID() string {
	return "timer:" + t.GameID + ":" + t.Kind + ":" + t.UserID + ":" +
		strconv.FormatInt(t.At.UnixNano(), 10) + ":" + strconv.FormatUint(t.Seq, 10)
}

// Same tells whether o is the same timer of its game as t: its kind, user and time.
func (t Timer) Same(o Timer) bool {
	return t.Kind == o.Kind && t.UserID == o.UserID && t.At.Equal(o.At)
}

// key is the timer's key in the time-ordered index.
func (t Timer) key() []byte { return timeKey(t.At, t.GameID, t.Kind, t.UserID) }

// checkTimers validates a timer set: kinds are ids, times after 1970 (the index key is unsigned),
// and no two timers share a key.
func checkTimers(timers []Timer) error {
	seen := make(map[string]bool, len(timers))
	for _, t := range timers {
		if err := checkID("timer kind", t.Kind); err != nil {
			return err
		}
		if t.UserID != "" {
			if err := checkID("timer user id", t.UserID); err != nil {
				return err
			}
		}
		if t.At.Before(time.Unix(0, 0)) {
			return invalidf("timer %s at %v is before 1970", t.Kind, t.At)
		}
		k := string(t.key())
		if seen[k] {
			return invalidf("two %s timers for user %q at %v", t.Kind, t.UserID, t.At)
		}
		seen[k] = true
	}
	return nil
}

// replaceTimers replaces the timer set of a live game by timers (nil clears it), in st and in the
// index; st.seq must be the game's position after the change. The caller writes st back.
func replaceTimers(tx *bolt.Tx, st *gameState, gameID string, timers []Timer) error {
	index := tx.Bucket(bucketTimers)
	for _, t := range st.timers {
		if err := index.Delete(t.key()); err != nil {
			return err
		}
	}
	st.timers = nil
	for _, t := range timers {
		t.GameID, t.Seq, t.At = gameID, st.seq, t.At.UTC()
		if err := putJSON(index, t.key(), t); err != nil {
			return err
		}
		st.timers = append(st.timers, t)
	}
	return nil
}

// SetTimers replaces a game's timer set outside a move (after a change of the table's deadline, for
// instance). Timers of a finished game are refused with ErrFinished.
func (s *Store) SetTimers(gameID string, timers []Timer) error {
	if err := checkTimers(timers); err != nil {
		return fmt.Errorf("set the timers of game %s: %w", gameID, err)
	}
	unlock := s.locks.lock(gameID)
	defer unlock()
	err := s.update(func(tx *bolt.Tx) error {
		g, err := liveGame(tx, gameID)
		if err != nil {
			return err
		}
		if err := refuseAside(tx, gameID); err != nil {
			return err
		}
		st, err := getState(g)
		if err != nil {
			return err
		}
		if st.status.Terminal() {
			return ErrFinished
		}
		if err := replaceTimers(tx, &st, gameID, timers); err != nil {
			return err
		}
		return putState(g, st)
	})
	if err != nil {
		return fmt.Errorf("set the timers of game %s: %w", gameID, err)
	}
	return nil
}

// Timers returns the timer set of a live game, as the last move or SetTimers left it (minus the
// completed ones). A bot that loads a game after a restart keeps them with it: a move that does not
// pass the turn must hand the same set back, or the turn would lose its deadline.
func (s *Store) Timers(gameID string) ([]Timer, error) {
	var out []Timer
	err := s.view(func(tx *bolt.Tx) error {
		g, err := liveGame(tx, gameID)
		if err != nil {
			return err
		}
		st, err := getState(g)
		if err != nil {
			return err
		}
		out = slices.Clone(st.timers)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load the timers of game %s: %w", gameID, err)
	}
	return out, nil
}

// DueTimers returns every timer due at now (At <= now), earliest first. It changes nothing: a
// timer stays due until CompleteTimer or a move replaces it, so one that was due when the bot
// stopped fires after the restart.
func (s *Store) DueTimers(now time.Time) ([]Timer, error) {
	var due []Timer
	err := s.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketTimers).Cursor()
		for k, v := c.First(); k != nil && !keyTime(k).After(now); k, v = c.Next() {
			var t Timer
			if err := decodeJSON(k, v, &t); err != nil {
				return err
			}
			// A game set aside keeps its timers as they were, and none of them is acted on.
			if a, err := asideOf(tx, t.GameID); err != nil || a != nil {
				if err != nil {
					return err
				}
				continue
			}
			due = append(due, t)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list due timers: %w", err)
	}
	return due, nil
}

// CompleteTimer removes a timer that has been acted on. It removes nothing if the game's timers
// were replaced since t was read (t.Seq differs), and completing a timer twice is harmless.
func (s *Store) CompleteTimer(t Timer) error {
	err := s.update(func(tx *bolt.Tx) error {
		index := tx.Bucket(bucketTimers)
		var stored Timer
		if err := getJSON(index, t.key(), &stored); err != nil {
			if errors.Is(err, ErrNotFound) {
				return nil
			}
			return err
		}
		if stored.Seq != t.Seq {
			return nil
		}
		if err := index.Delete(t.key()); err != nil {
			return err
		}
		g := tx.Bucket(bucketGames).Bucket([]byte(t.GameID))
		if g == nil {
			return nil
		}
		st, err := getState(g)
		if err != nil {
			return err
		}
		st.timers = slices.DeleteFunc(st.timers, func(other Timer) bool { return sameTimer(other, stored) })
		return putState(g, st)
	})
	if err != nil {
		return fmt.Errorf("complete timer %s: %w", t.ID(), err)
	}
	return nil
}
