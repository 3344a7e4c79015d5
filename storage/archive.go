package storage

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Compact archives every game that ended before the cutoff: its record, its whole log and its final
// snapshot become one gzip-compressed JSON value in the archive bucket, and its live bucket (with
// the interaction index, only needed to recognise retried interactions) is deleted. A live game
// costs several pages of its own; an archived one a few KiB in pages shared with other games.
// Archived games stay readable through Game, Moves, Snapshot, Export and Verify. Keep the cutoff
// well behind now (a day, say) so that a retried interaction on a just-finished game is still
// recognised. Each game is archived in its own transaction; Compact returns how many were.
//
// The file does not shrink: bbolt reuses the freed pages for new games.
func (s *Store) Compact(before time.Time) (int, error) {
	var ids []string
	err := s.view(func(tx *bolt.Tx) error {
		games := tx.Bucket(bucketGames)
		c := tx.Bucket(bucketFinished).Cursor()
		for k, _ := c.First(); k != nil && keyTime(k).Before(before); k, _ = c.Next() {
			if id := k[8:]; games.Bucket(id) != nil {
				ids = append(ids, string(id))
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("compact finished games: %w", err)
	}
	for i, id := range ids {
		if err := s.archive(id); err != nil {
			return i, fmt.Errorf("compact finished games: archive game %s: %w", id, err)
		}
	}
	if len(ids) > 0 {
		s.log.Info("archived finished games", "path", s.path, "games", len(ids), "before", before)
	}
	return len(ids), nil
}

// archive moves one finished game from its live bucket into the archive.
func (s *Store) archive(id string) error {
	unlock := s.locks.lock(id)
	defer unlock()
	return s.update(func(tx *bolt.Tx) error {
		d, err := readGame(tx, id, true, true)
		if err != nil {
			return err
		}
		if !d.Record.Status.Terminal() {
			return fmt.Errorf("%w: game %s is in the finished index but its status is %s", ErrCorrupt, id, d.Record.Status)
		}
		blob, err := encodeArchive(d)
		if err != nil {
			return err
		}
		if err := tx.Bucket(bucketArchive).Put([]byte(id), blob); err != nil {
			return err
		}
		return tx.Bucket(bucketGames).DeleteBucket([]byte(id))
	})
}

// encodeArchive compresses a game for the archive bucket. gzip's CRC means a damaged archive is
// reported as ErrCorrupt instead of decoding into a wrong game.
func encodeArchive(d gameData) ([]byte, error) {
	d.Record.Aside = nil // kept apart (aside.go)
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if err := json.NewEncoder(zw).Encode(d); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// decodeArchive is the inverse of encodeArchive.
func decodeArchive(blob []byte) (gameData, error) {
	var d gameData
	zr, err := gzip.NewReader(bytes.NewReader(blob))
	if err == nil {
		var data []byte
		if data, err = io.ReadAll(zr); err == nil {
			err = json.Unmarshal(data, &d)
		}
	}
	if err != nil {
		return gameData{}, fmt.Errorf("%w: archived game does not decode: %w", ErrCorrupt, err)
	}
	return d, nil
}
