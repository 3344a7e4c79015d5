package storage

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// bucketWebLinks holds what the web pages' links are signed with: the secret (key "secret") and,
// per game or league id, the generation of its links, raised by each revocation.
var bucketWebLinks = []byte("weblinks")

var webSecretKey = []byte("secret")

// WebSecret is the secret the web pages' links are signed with, made the first time it is asked
// for and kept, so that links stay valid across restarts. It lives in the database (a backup
// carries it) and is never shown.
func (s *Store) WebSecret() ([]byte, error) {
	var secret []byte
	err := s.view(func(tx *bolt.Tx) error {
		if b := tx.Bucket(bucketWebLinks); b != nil {
			secret = append([]byte(nil), b.Get(webSecretKey)...)
		}
		return nil
	})
	if err != nil || len(secret) > 0 {
		return secret, err
	}
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("web links secret: %w", err)
	}
	err = s.update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketWebLinks)
		if err != nil {
			return err
		}
		if old := b.Get(webSecretKey); len(old) > 0 {
			secret = append([]byte(nil), old...) // another caller made it first
			return nil
		}
		secret = fresh
		return b.Put(webSecretKey, fresh)
	})
	if err != nil {
		return nil, fmt.Errorf("web links secret: %w", err)
	}
	return secret, nil
}

// WebLinkGeneration is the generation of the links to a game's or a league's page: 0 until an
// administrator first revokes them.
func (s *Store) WebLinkGeneration(id string) (uint64, error) {
	var gen uint64
	err := s.view(func(tx *bolt.Tx) error {
		if b := tx.Bucket(bucketWebLinks); b != nil {
			if v := b.Get(webLinkKey(id)); len(v) == 8 {
				gen = binary.BigEndian.Uint64(v)
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("web link of %s: %w", id, err)
	}
	return gen, nil
}

// RevokeWebLinks makes every link given out so far to id's page invalid, and returns the new
// generation, whose links work.
func (s *Store) RevokeWebLinks(id string) (uint64, error) {
	var gen uint64
	err := s.update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucketWebLinks)
		if err != nil {
			return err
		}
		gen = 1
		if v := b.Get(webLinkKey(id)); len(v) == 8 {
			gen = binary.BigEndian.Uint64(v) + 1
		}
		return b.Put(webLinkKey(id), binary.BigEndian.AppendUint64(nil, gen))
	})
	if err != nil {
		return 0, fmt.Errorf("revoke the web links of %s: %w", id, err)
	}
	return gen, nil
}

// readWebLinks reads the whole bucket, for Dump.
func readWebLinks(tx *bolt.Tx) (WebLinks, error) {
	var w WebLinks
	b := tx.Bucket(bucketWebLinks)
	if b == nil {
		return w, nil
	}
	err := b.ForEach(func(k, v []byte) error {
		if bytes.Equal(k, webSecretKey) {
			w.Secret = append([]byte(nil), v...)
			return nil
		}
		id, ok := bytes.CutPrefix(k, []byte("gen:"))
		if !ok || len(v) != 8 {
			return fmt.Errorf("%w: web links key %q", ErrCorrupt, k)
		}
		if w.Generations == nil {
			w.Generations = map[string]uint64{}
		}
		w.Generations[string(id)] = binary.BigEndian.Uint64(v)
		return nil
	})
	return w, err
}

// writeWebLinks writes what readWebLinks read, for Restore.
func writeWebLinks(tx *bolt.Tx, w WebLinks) error {
	if w.Secret == nil && len(w.Generations) == 0 {
		return nil
	}
	b, err := tx.CreateBucketIfNotExists(bucketWebLinks)
	if err != nil {
		return err
	}
	if w.Secret != nil {
		if err := b.Put(webSecretKey, w.Secret); err != nil {
			return err
		}
	}
	for id, gen := range w.Generations {
		if err := b.Put(webLinkKey(id), binary.BigEndian.AppendUint64(nil, gen)); err != nil {
			return err
		}
	}
	return nil
}

// webLinkKey keeps ids apart from the secret's key.
func webLinkKey(id string) []byte { return []byte("gen:" + id) }
