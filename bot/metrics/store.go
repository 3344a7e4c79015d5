package metrics

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// lateAfter is how long after its time a timer handed to the timer loop counts as late: the loop
// ticks every 30 s, so a timer due for longer was missed by more than a few rounds.
const lateAfter = 2 * time.Minute

// Store is a store whose calls are counted: the moves committed (by map and source) and how long
// their commit took, the failed calls by kind, the timers due, fired and late, and the announcements taken over from a dead process. It is the host's
// store as the host sees it: every method the wrapper does not count is the store's own.
type Store struct {
	storage.Database
	m *Metrics
	// maps is the map of each game this process has seen, for the label of its moves; a game
	// leaves it when it ends.
	maps sync.Map
	// ticked is when the timer loop last asked for its due timers (Unix nanoseconds).
	ticked atomic.Int64
}

// Store wraps db.
func (m *Metrics) Store(db storage.Database) *Store { return &Store{Database: db, m: m} }

// LastTick is when the timer loop last asked the store for its due timers; zero before its first
// round.
func (s *Store) LastTick() time.Time {
	if n := s.ticked.Load(); n != 0 {
		return time.Unix(0, n)
	}
	return time.Time{}
}

// fail counts a failed call of op. A game or a timer not found is an answer, not a failure.
func (s *Store) fail(op string, err error) {
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		s.m.storeErrs.WithLabelValues(op, string(storage.ProblemOf(err))).Inc()
	}
}

// remember keeps the map of a game, read from its record's first step.
func (s *Store) remember(rec storage.GameRecord) {
	if _, ok := s.maps.Load(rec.ID); ok || rec.ID == "" {
		return
	}
	var step table.Step
	id := "unknown"
	if json.Unmarshal(rec.Setup, &step) == nil && len(step.Events) > 0 && step.Events[0].Settings != nil {
		if _, err := game.LookupMap(step.Events[0].Settings.Map); err == nil {
			id = step.Events[0].Settings.Map // a map the registry knows: a bounded label
		}
	}
	s.maps.Store(rec.ID, id)
}

func (s *Store) mapOf(game string) string {
	if v, ok := s.maps.Load(game); ok {
		return v.(string)
	}
	rec, err := s.Database.Game(game)
	if err != nil {
		return "unknown"
	}
	s.remember(rec)
	v, _ := s.maps.Load(game)
	return v.(string)
}

// source tells who made a move: the AI, a deadline (its timer's id is the move's), the bot's own
// work (a league's opening, an expiry, an unattended table), or a player.
func source(m storage.Move) string {
	switch {
	case m.Actor == "ai":
		return "ai"
	case m.Actor == "bot" && strings.HasPrefix(m.InteractionID, "timer:") && strings.Contains(m.InteractionID, ":deadline:"):
		return "deadline"
	case m.Actor == "bot":
		return "bot"
	}
	return "player"
}

// isMove tells whether a committed step plays a turn (a move, or a deadline's timeout): not a
// lobby's change, a vote or a player's removal.
func isMove(step []byte) bool {
	var st struct {
		Events []struct {
			Kind table.Kind `json:"kind"`
		} `json:"events"`
	}
	if json.Unmarshal(step, &st) != nil {
		return false
	}
	for _, e := range st.Events {
		if e.Kind == table.KindMove || e.Kind == table.KindTimeout {
			return true
		}
	}
	return false
}

func (s *Store) AppendMove(c storage.Commit) (bool, error) {
	start := time.Now()
	applied, err := s.Database.AppendMove(c)
	s.m.commit.Observe(time.Since(start).Seconds())
	if err != nil {
		s.fail("append_move", err)
		return applied, err
	}
	if applied {
		if isMove(c.Move.Data) {
			s.m.moves.WithLabelValues(s.mapOf(c.GameID), source(c.Move)).Inc()
		}
		if strings.HasPrefix(c.Move.InteractionID, "timer:") {
			s.m.timersRun.Inc()
		}
		if c.Status.Terminal() {
			s.maps.Delete(c.GameID)
		}
	}
	return applied, nil
}

func (s *Store) CreateGame(rec storage.GameRecord, snapshot []byte, hash string) error {
	err := s.Database.CreateGame(rec, snapshot, hash)
	s.fail("create_game", err)
	if err == nil {
		s.remember(rec)
	}
	return err
}

func (s *Store) Game(id string) (storage.GameRecord, error) {
	rec, err := s.Database.Game(id)
	s.fail("game", err)
	if err == nil && !rec.Status.Terminal() {
		s.remember(rec)
	}
	return rec, err
}

func (s *Store) ActiveGames() ([]storage.GameRecord, error) {
	recs, err := s.Database.ActiveGames()
	s.fail("active_games", err)
	for _, rec := range recs {
		s.remember(rec)
	}
	return recs, err
}

func (s *Store) ActiveGame(place string) (string, bool, error) {
	id, ok, err := s.Database.ActiveGame(place)
	s.fail("active_game", err)
	return id, ok, err
}

func (s *Store) Snapshot(id string) (storage.Snapshot, error) {
	snap, err := s.Database.Snapshot(id)
	s.fail("snapshot", err)
	return snap, err
}

func (s *Store) Moves(id string) ([]storage.Move, error) {
	moves, err := s.Database.Moves(id)
	s.fail("moves", err)
	return moves, err
}

func (s *Store) Timers(gameID string) ([]storage.Timer, error) {
	ts, err := s.Database.Timers(gameID)
	s.fail("timers", err)
	return ts, err
}

func (s *Store) SetTimers(gameID string, timers []storage.Timer) error {
	err := s.Database.SetTimers(gameID, timers)
	s.fail("set_timers", err)
	return err
}

func (s *Store) DueTimers(now time.Time) ([]storage.Timer, error) {
	s.ticked.Store(time.Now().UnixNano())
	due, err := s.Database.DueTimers(now)
	s.fail("due_timers", err)
	s.m.timersDue.Add(float64(len(due)))
	for _, t := range due {
		late := now.Sub(t.At)
		s.m.lateness.Observe(max(late, 0).Seconds())
		if late > lateAfter {
			s.m.timerLate.Inc()
		}
	}
	return due, err
}

func (s *Store) CompleteTimer(t storage.Timer) error {
	err := s.Database.CompleteTimer(t)
	s.fail("complete_timer", err)
	if err == nil {
		s.m.timersRun.Inc()
	}
	return err
}

func (s *Store) Announced(gameID string, seq uint64) error {
	err := s.Database.Announced(gameID, seq)
	s.fail("announced", err)
	return err
}

func (s *Store) ClaimAnnouncements(now time.Time, say func(storage.Announcement) error) (int, error) {
	n, err := s.Database.ClaimAnnouncements(now, func(a storage.Announcement) error {
		err := say(a)
		if err == nil {
			s.m.takenOver.Inc()
		}
		return err
	})
	s.fail("claim_announcements", err)
	return n, err
}

func (s *Store) TakeInteraction(id string, at time.Time) (storage.Handled, bool, error) {
	prev, first, err := s.Database.TakeInteraction(id, at)
	s.fail("take_interaction", err)
	return prev, first, err
}

func (s *Store) AnswerInteraction(id, answer string) error {
	err := s.Database.AnswerInteraction(id, answer)
	s.fail("answer_interaction", err)
	return err
}
