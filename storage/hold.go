package storage

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// SetHold puts a live game on hold with the reason (or lifts the hold with ""): the bot does no
// work of its own on a held game (its AI turns, deadlines and reminders) until an administrator
// resumes it. The hold is in the game's record, so it holds across restarts: a game whose AI
// crashed the bot is not played again at start-up. A game that is over gives ErrFinished.
func (s *Store) SetHold(id, reason string) error {
	unlock := s.locks.lock(id)
	defer unlock()
	err := s.update(func(tx *bolt.Tx) error {
		if err := refuseAside(tx, id); err != nil {
			return err
		}
		g, rec, st, err := openGame(tx, id)
		if err != nil {
			return err
		}
		if st.status.Terminal() {
			return ErrFinished
		}
		rec.Hold = reason
		return storeRecord(g, rec)
	})
	if err != nil {
		return fmt.Errorf("set the hold of game %s: %w", id, err)
	}
	return nil
}
