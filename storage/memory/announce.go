package memory

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// annKey names an announcement: its game and the log position of its move.
type annKey struct {
	game string
	seq  uint64
}

// Announced clears the announcement of a game's move once it was said; clearing one that is gone
// is not an error.
func (s *Store) Announced(gameID string, seq uint64) error {
	err := s.write(func() error {
		delete(s.announce, annKey{gameID, seq})
		return nil
	})
	if err != nil {
		return fmt.Errorf("clear the announcement of move %d of game %s: %w", seq, gameID, err)
	}
	return nil
}

// ClaimAnnouncements calls say for every announcement that is this store's to make at now: its
// own that waited longer than storage.AnnounceGrace, and at once those another store wrote (a
// Restore). Each is cleared when say returns nil and kept otherwise, with its game's later ones
// (a channel's turns keep their order). say runs without the store's lock, and an announcement
// being said by one call is skipped by the others: each is said once. It returns how many were
// said.
func (s *Store) ClaimAnnouncements(now time.Time, say func(storage.Announcement) error) (int, error) {
	var due []storage.Announcement
	err := s.write(func() error {
		for k, a := range s.announce {
			if s.claimed[k] || (a.Owner == s.owner && now.Sub(a.Created) <= storage.AnnounceGrace) {
				continue
			}
			s.claimed[k] = true
			due = append(due, must(a))
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("read the announcements: %w", err)
	}
	sortAnnouncements(due)
	n, failed := 0, map[string]bool{}
	for _, a := range due {
		k := annKey{a.GameID, a.Seq}
		said := !failed[a.GameID] && say(a) == nil
		if !said {
			failed[a.GameID] = true
		}
		_ = s.write(func() error {
			delete(s.claimed, k)
			if said {
				delete(s.announce, k)
			}
			return nil
		})
		if said {
			n++
		}
	}
	return n, nil
}

// Announcements returns every announcement still to make, in game and move order.
func (s *Store) Announcements() ([]storage.Announcement, error) {
	var out []storage.Announcement
	err := s.read(func() error {
		out = s.announcements()
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the announcements: %w", err)
	}
	return out, nil
}

func (s *Store) announcements() []storage.Announcement {
	var out []storage.Announcement
	for _, a := range s.announce {
		out = append(out, must(a))
	}
	sortAnnouncements(out)
	return out
}

func sortAnnouncements(list []storage.Announcement) {
	slices.SortFunc(list, func(a, b storage.Announcement) int {
		return cmp.Or(strings.Compare(a.GameID, b.GameID), cmp.Compare(a.Seq, b.Seq))
	})
}
