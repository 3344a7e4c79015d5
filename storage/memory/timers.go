package memory

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// timerSet is a game's timer set as kept: its game, the log position it was set at, times in
// UTC, earliest first (then kind and user), as the other stores list it.
func timerSet(gameID string, seq uint64, timers []storage.Timer) []storage.Timer {
	out := slices.Clone(timers)
	for i := range out {
		out[i].GameID, out[i].Seq, out[i].At = gameID, seq, out[i].At.UTC()
	}
	sortTimers(out)
	return out
}

// sortTimers orders timers as the bbolt store's index does: by time, then game, kind and user.
func sortTimers(ts []storage.Timer) {
	slices.SortFunc(ts, func(a, b storage.Timer) int {
		return cmp.Or(a.At.Compare(b.At), cmp.Compare(a.GameID, b.GameID), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.UserID, b.UserID))
	})
}

// SetTimers replaces a game's timer set outside a move.
func (s *Store) SetTimers(gameID string, timers []storage.Timer) error {
	if err := storage.CheckTimers(timers); err != nil {
		return fmt.Errorf("set the timers of game %s: %w", gameID, err)
	}
	err := s.write(func() error {
		g, err := s.writable(gameID)
		if err == nil {
			g.timers = timerSet(gameID, g.rec.Seq, timers)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("set the timers of game %s: %w", gameID, err)
	}
	return nil
}

// Timers returns the timer set of a game, earliest first.
func (s *Store) Timers(gameID string) ([]storage.Timer, error) {
	var out []storage.Timer
	err := s.read(func() error {
		g, err := s.lookup(gameID)
		if err == nil {
			out = slices.Clone(g.timers)
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("load the timers of game %s: %w", gameID, err)
	}
	return out, nil
}

// DueTimers returns the timers due at now (At <= now), earliest first; a game set aside has none.
func (s *Store) DueTimers(now time.Time) ([]storage.Timer, error) {
	var due []storage.Timer
	err := s.read(func() error {
		for _, g := range s.games {
			if g.rec.Aside != nil {
				continue
			}
			for _, t := range g.timers {
				if !t.At.After(now) {
					due = append(due, t)
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list due timers: %w", err)
	}
	sortTimers(due)
	return due, nil
}

// CompleteTimer removes a timer that has been acted on, unless the game's timers were replaced
// since it was read; completing twice is harmless.
func (s *Store) CompleteTimer(t storage.Timer) error {
	err := s.write(func() error {
		if g, ok := s.games[t.GameID]; ok {
			g.timers = slices.DeleteFunc(slices.Clone(g.timers), func(own storage.Timer) bool { return own.Same(t) && own.Seq == t.Seq })
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("complete timer %s: %w", t.ID(), err)
	}
	return nil
}
