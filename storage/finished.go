package storage

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// LastFinished returns the most recently ended game played in a channel or thread, with its
// snapshot: what /carc export, history and replay read once the game has left its channel. ok is
// false if no game ended there. It walks the finished index from the newest end, so its cost
// grows with the games that ended since, not with the whole file.
func (s *Store) LastFinished(place string) (rec GameRecord, snapshot []byte, ok bool, err error) {
	err = s.view(func(tx *bolt.Tx) error {
		c := tx.Bucket(bucketFinished).Cursor()
		for k, _ := c.Last(); k != nil; k, _ = c.Prev() {
			d, err := readGame(tx, string(k[8:]), true, false)
			if err != nil {
				return fmt.Errorf("game %s: %w", k[8:], err)
			}
			if d.Record.Place() == place {
				rec, snapshot, ok = d.Record, d.Snapshot, true
				return nil
			}
		}
		return nil
	})
	if err != nil {
		return GameRecord{}, nil, false, fmt.Errorf("look up the last game of %s: %w", place, err)
	}
	return rec, snapshot, ok, nil
}
