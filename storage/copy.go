package storage

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Copier is a store as bot migrate reads and writes it: the bbolt file and storage/postgres.
type Copier interface {
	GameIDs() ([]string, error)
	Export(id string, admin bool, e Engine) ([]byte, error)
	Import(data []byte, e Engine) (GameRecord, error)
	Dump() (Dump, error)
	Restore(d Dump) error
	Announcements() ([]Announcement, error)
}

// Copy copies a whole database from src into dst, which must hold no game: every game by its
// admin export, which dst imports only after replaying its log to its snapshot, and which dst
// must then export byte for byte the same (verified game by game); then the players, leagues,
// seasons, ratings and rated games, and the moves still to announce, which dst must then list
// the same (the first bot that opens dst announces them). progress, when not nil, is called after each game. The bot
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
	got, err := dst.Announcements()
	if err != nil {
		return len(ids), fmt.Errorf("copy: check the announcements: %w", err)
	}
	if err := sameAnnouncements(d.Announcements, got); err != nil {
		return len(ids), fmt.Errorf("copy: %w", err)
	}
	return len(ids), nil
}

// sameAnnouncements checks that a copy keeps every announcement of the original: the same move,
// channel, message and interaction. The writer differs by design: the copy's is gone.
func sameAnnouncements(want, got []Announcement) error {
	if len(got) != len(want) {
		return invalidf("the copy holds %d announcements still to make, the original %d", len(got), len(want))
	}
	// Each store lists them in its own order of game ids (bytes, a database's collation).
	byMove := func(a, b Announcement) int {
		return cmp.Or(strings.Compare(a.GameID, b.GameID), cmp.Compare(a.Seq, b.Seq))
	}
	want, got = slices.SortedFunc(slices.Values(want), byMove), slices.SortedFunc(slices.Values(got), byMove)
	for i, a := range want {
		b := got[i]
		var am, bm bytes.Buffer
		if json.Compact(&am, a.Message) != nil || json.Compact(&bm, b.Message) != nil || !bytes.Equal(am.Bytes(), bm.Bytes()) ||
			a.GameID != b.GameID || a.Seq != b.Seq || a.Channel != b.Channel || a.AppID != b.AppID || a.Token != b.Token ||
			!a.TokenTime.Equal(b.TokenTime) || !a.Created.Equal(b.Created) {
			return invalidf("the announcement of move %d of game %s copies differently from the original", a.Seq, a.GameID)
		}
	}
	return nil
}
