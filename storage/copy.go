package storage

import (
	"bytes"
	"fmt"
)

// Copier is a store as bot migrate reads and writes it: the bbolt file and storage/postgres.
type Copier interface {
	GameIDs() ([]string, error)
	Export(id string, admin bool, e Engine) ([]byte, error)
	Import(data []byte, e Engine) (GameRecord, error)
	Dump() (Dump, error)
	Restore(d Dump) error
}

// Copy copies a whole database from src into dst, which must hold no game: every game by its
// admin export, which dst imports only after replaying its log to its snapshot, and which dst
// must then export byte for byte the same (verified game by game); then the players, leagues,
// seasons, ratings and rated games. progress, when not nil, is called after each game. The bot
// must not run on src meanwhile: a game changed during the copy would be copied as it was.
func Copy(src, dst Copier, e Engine, progress func(done, total int)) (int, error) {
	existing, err := dst.GameIDs()
	if err != nil {
		return 0, fmt.Errorf("copy: %w", err)
	}
	if len(existing) > 0 {
		return 0, fmt.Errorf("copy: %w", invalidf("the destination already holds %d games (%s, ...): copy into an empty database", len(existing), existing[0]))
	}
	ids, err := src.GameIDs()
	if err != nil {
		return 0, fmt.Errorf("copy: %w", err)
	}
	for n, id := range ids {
		doc, err := src.Export(id, true, e)
		if err != nil {
			return n, fmt.Errorf("copy: %w", err)
		}
		if _, err := dst.Import(doc, e); err != nil {
			return n, fmt.Errorf("copy: %w", err)
		}
		back, err := dst.Export(id, true, e)
		if err != nil {
			return n, fmt.Errorf("copy: check game %s: %w", id, err)
		}
		if !bytes.Equal(back, doc) {
			return n, fmt.Errorf("copy: game %s: %w", id, invalidf("the copy exports differently from the original"))
		}
		if progress != nil {
			progress(n+1, len(ids))
		}
	}
	d, err := src.Dump()
	if err != nil {
		return len(ids), fmt.Errorf("copy: %w", err)
	}
	if err := dst.Restore(d); err != nil {
		return len(ids), fmt.Errorf("copy: %w", err)
	}
	return len(ids), nil
}
