package memory

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// game is everything kept of one game. The store's values are never handed out: rec and the moves
// are copied on the way out, snapshot is replaced, never written into.
type game struct {
	rec      storage.GameRecord
	moves    []storage.Move
	ids      map[string]uint64 // interaction id -> log position
	snapshot []byte
	timers   []storage.Timer
}

// CreateGame stores a new game with its initial snapshot and makes it the active game of its
// place: storage.ErrExists if the id is taken, storage.ErrChannelBusy if the place has one.
func (s *Store) CreateGame(rec storage.GameRecord, snapshot []byte, hash string) error {
	if err := storage.CheckNewGame(&rec, snapshot, hash); err != nil {
		return fmt.Errorf("create game %s: %w", rec.ID, err)
	}
	err := s.write(func() error {
		g, err := s.newGame(rec, snapshot)
		if err == nil {
			s.insert(g)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("create game %s: %w", rec.ID, err)
	}
	return nil
}

// newGame makes the game of a new record, refusing a taken id or a busy place; the caller
// inserts it.
func (s *Store) newGame(rec storage.GameRecord, snapshot []byte) (*game, error) {
	if _, ok := s.games[rec.ID]; ok {
		return nil, storage.ErrExists
	}
	if other, ok := s.active[rec.Place()]; ok && !rec.Status.Terminal() {
		return nil, fmt.Errorf("%w: %s is playing game %s", storage.ErrChannelBusy, rec.Place(), other)
	}
	kept, err := clone(rec)
	if err != nil {
		return nil, err
	}
	return &game{rec: kept, ids: map[string]uint64{}, snapshot: bytes.Clone(snapshot)}, nil
}

func (s *Store) insert(g *game) {
	s.games[g.rec.ID] = g
	if !g.rec.Status.Terminal() {
		s.active[g.rec.Place()] = g.rec.ID
	}
}

// lookup returns a game, or storage.ErrNotFound.
func (s *Store) lookup(id string) (*game, error) {
	if g, ok := s.games[id]; ok {
		return g, nil
	}
	return nil, storage.ErrNotFound
}

// writable returns a live game that may change: storage.ErrAside for a game set aside,
// storage.ErrFinished for one that is over.
func (s *Store) writable(id string) (*game, error) {
	g, err := s.lookup(id)
	switch {
	case err != nil:
		return nil, err
	case g.rec.Aside != nil:
		return nil, &storage.AsideError{GameID: id, Reason: g.rec.Aside.Reason}
	case g.rec.Status.Terminal():
		return nil, storage.ErrFinished
	}
	return g, nil
}

// Game returns the record of a game.
func (s *Store) Game(id string) (storage.GameRecord, error) {
	var rec storage.GameRecord
	err := s.read(func() error {
		g, err := s.lookup(id)
		if err == nil {
			rec = must(g.rec)
		}
		return err
	})
	if err != nil {
		return storage.GameRecord{}, fmt.Errorf("load game %s: %w", id, err)
	}
	return rec, nil
}

// GameIDs lists every game, by id.
func (s *Store) GameIDs() ([]string, error) {
	var ids []string
	err := s.read(func() error {
		for id := range s.games {
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	slices.Sort(ids)
	return ids, nil
}

// ActiveGame returns the id of the active game of a channel or thread.
func (s *Store) ActiveGame(place string) (id string, ok bool, err error) {
	err = s.read(func() error {
		id, ok = s.active[place]
		return nil
	})
	if err != nil {
		return "", false, fmt.Errorf("look up the game of %s: %w", place, err)
	}
	return id, ok, nil
}

// ActiveGames returns the records of every game that is not over, by id.
func (s *Store) ActiveGames() ([]storage.GameRecord, error) {
	var recs []storage.GameRecord
	err := s.read(func() error {
		for _, id := range s.active {
			recs = append(recs, must(s.games[id].rec))
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list active games: %w", err)
	}
	slices.SortFunc(recs, func(a, b storage.GameRecord) int { return cmp.Compare(a.ID, b.ID) })
	return recs, nil
}

// Snapshot returns a game's latest state.
func (s *Store) Snapshot(id string) (storage.Snapshot, error) {
	var snap storage.Snapshot
	err := s.read(func() error {
		g, err := s.lookup(id)
		if err == nil {
			snap = storage.Snapshot{Seq: g.rec.Seq, Hash: g.rec.Hash, State: bytes.Clone(g.snapshot)}
		}
		return err
	})
	if err != nil {
		return storage.Snapshot{}, fmt.Errorf("load the snapshot of game %s: %w", id, err)
	}
	return snap, nil
}

// Moves returns a game's whole log in order.
func (s *Store) Moves(id string) ([]storage.Move, error) {
	var moves []storage.Move
	err := s.read(func() error {
		g, err := s.lookup(id)
		if err == nil {
			moves = copyMoves(g.moves)
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("load the moves of game %s: %w", id, err)
	}
	return moves, nil
}

func copyMoves(moves []storage.Move) []storage.Move {
	out := slices.Clone(moves)
	if out == nil {
		out = []storage.Move{}
	}
	for i := range out {
		out[i].Data = bytes.Clone(out[i].Data)
	}
	return out
}

// AppendMove commits one move: its log entry, snapshot, record, timers, announcement and, when
// it ends the game, its end and result, all or nothing. applied is false, and nothing changes,
// when the interaction id is already in the game's log; a move computed on an older state is
// refused (storage.ConflictError).
func (s *Store) AppendMove(c storage.Commit) (applied bool, err error) {
	if err := storage.CheckCommit(&c); err != nil {
		return false, fmt.Errorf("append move to game %s: %w", c.GameID, err)
	}
	err = s.write(func() error {
		applied, err = s.appendMove(c)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("append move to game %s: %w", c.GameID, err)
	}
	return applied, nil
}

func (s *Store) appendMove(c storage.Commit) (bool, error) {
	g, err := s.lookup(c.GameID)
	if err != nil {
		return false, err
	}
	if g.rec.Aside != nil {
		return false, &storage.AsideError{GameID: c.GameID, Reason: g.rec.Aside.Reason}
	}
	if _, seen := g.ids[c.Move.InteractionID]; seen {
		return false, nil
	}
	if g.rec.Status.Terminal() {
		return false, storage.ErrFinished
	}
	if g.rec.Seq != c.ExpectSeq {
		return false, &storage.ConflictError{GameID: c.GameID, Expected: c.ExpectSeq, Actual: g.rec.Seq}
	}
	// Everything that may fail first: the copies kept, the end's result.
	rec := g.rec
	rec.Seq++
	rec.Hash, rec.Updated = c.Hash, c.Move.Time
	move, err := clone(c.Move)
	if err != nil {
		return false, err
	}
	move.Seq = rec.Seq
	if c.Players != nil {
		rec.Players = slices.Clone(c.Players)
	}
	var timers []storage.Timer
	var end *ending
	if c.Status.Terminal() {
		if end, err = s.end(&rec, c.Status, c.Standings, c.Move.Time, c.Result); err != nil {
			return false, err
		}
	} else {
		if c.Status != "" {
			rec.Status = c.Status
		}
		timers = timerSet(c.GameID, rec.Seq, c.Timers)
	}
	var ann *storage.Announcement
	if c.Announce != nil {
		a, err := clone(*c.Announce)
		if err != nil {
			return false, err
		}
		a.Seq, a.Owner = rec.Seq, s.owner
		ann = &a
	}

	g.moves = append(g.moves, move)
	g.ids[move.InteractionID] = move.Seq
	g.snapshot = bytes.Clone(c.Snapshot)
	g.rec, g.timers = rec, timers
	if ann != nil {
		s.announce[annKey{ann.GameID, ann.Seq}] = *ann
	}
	if end != nil {
		s.apply(g, end)
	}
	return true, nil
}

// ending is what a game's end changes beyond its record, computed before anything changes.
type ending struct {
	stats  map[string]storage.Stats
	result *resultChange
}

// end makes rec terminal (storage.EndGame) and computes what that changes: its players' stats
// and, with r, the season and the ratings.
func (s *Store) end(rec *storage.GameRecord, status storage.Status, standings []storage.Standing, at time.Time, r *league.GameResult) (*ending, error) {
	kept, err := clone(standings)
	if err != nil {
		return nil, err
	}
	storage.EndGame(rec, status, kept, at)
	e := &ending{stats: map[string]storage.Stats{}}
	for _, user := range rec.Players {
		stats := s.players[user].Stats
		storage.AddResult(&stats, *rec, user)
		e.stats[user] = stats
	}
	if r != nil {
		if e.result, err = s.result(*r); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// apply makes a game's end, computed by end, part of the store: the game leaves its place and
// its timers go.
func (s *Store) apply(g *game, e *ending) {
	if s.active[g.rec.Place()] == g.rec.ID {
		delete(s.active, g.rec.Place())
	}
	g.timers = nil
	for user, stats := range e.stats {
		p := s.players[user]
		p.Stats = stats
		s.players[user] = p
	}
	if e.result != nil {
		s.applyResult(e.result)
	}
}

// Finish ends a game outside a move (abandoned, or finished by an administrator).
func (s *Store) Finish(id string, status storage.Status, standings []storage.Standing) error {
	return s.finish(id, status, standings, time.Now().UTC(), nil)
}

// FinishWithResult ends a game outside a move and applies its result with it.
func (s *Store) FinishWithResult(id string, status storage.Status, standings []storage.Standing, r league.GameResult) error {
	return s.finish(id, status, standings, r.At, &r)
}

func (s *Store) finish(id string, status storage.Status, standings []storage.Standing, at time.Time, r *league.GameResult) error {
	if err := storage.CheckFinish(status, standings, r); err != nil {
		return fmt.Errorf("finish game %s: %w", id, err)
	}
	err := s.write(func() error {
		g, err := s.writable(id)
		if err != nil {
			return err
		}
		rec := g.rec
		e, err := s.end(&rec, status, standings, at, r)
		if err != nil {
			return err
		}
		g.rec = rec
		s.apply(g, e)
		return nil
	})
	if err != nil {
		return fmt.Errorf("finish game %s: %w", id, err)
	}
	return nil
}

// LastFinished returns the most recently ended game played in a channel or thread.
func (s *Store) LastFinished(place string) (rec storage.GameRecord, snapshot []byte, ok bool, err error) {
	err = s.read(func() error {
		var last *game
		for _, g := range s.games {
			if g.rec.Place() != place || !g.rec.Status.Terminal() {
				continue
			}
			if last == nil || cmp.Or(g.rec.Finished.Compare(last.rec.Finished), cmp.Compare(g.rec.ID, last.rec.ID)) > 0 {
				last = g
			}
		}
		if last != nil {
			rec, snapshot, ok = must(last.rec), bytes.Clone(last.snapshot), true
		}
		return nil
	})
	if err != nil {
		return storage.GameRecord{}, nil, false, fmt.Errorf("look up the last game of %s: %w", place, err)
	}
	return rec, snapshot, ok, nil
}

// SetHold puts a live game on hold (or lifts it with "").
func (s *Store) SetHold(id, reason string) error {
	err := s.write(func() error {
		g, err := s.writable(id)
		if err == nil {
			g.rec.Hold = reason
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("set the hold of game %s: %w", id, err)
	}
	return nil
}

// SetAside sets a game aside with reason, keeping its first reason if it was already: from then
// on it is read-only and its timers fall due for nobody.
func (s *Store) SetAside(id, reason string) error {
	a := storage.Aside{Reason: reason}
	if err := storage.CheckAside(&a); err != nil {
		return fmt.Errorf("set game %s aside: %w", id, err)
	}
	set := false
	err := s.write(func() error {
		g, err := s.lookup(id)
		if err == nil && g.rec.Aside == nil {
			g.rec.Aside, set = &a, true
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("set game %s aside: %w", id, err)
	}
	if set {
		s.log.Warn("a game was set aside: kept untouched and read-only", "game", id, "reason", reason)
	}
	return nil
}

// ClaimAsideNotice marks a game set aside as told to its channel and reports whether this call
// did.
func (s *Store) ClaimAsideNotice(id string) (bool, error) {
	claimed := false
	err := s.write(func() error {
		g, err := s.lookup(id)
		switch {
		case err != nil:
			return err
		case g.rec.Aside == nil:
			return storage.ErrNotFound
		case !g.rec.Aside.Told:
			a := *g.rec.Aside
			a.Told, claimed = true, true
			g.rec.Aside = &a
		}
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("claim the notice of game %s set aside: %w", id, err)
	}
	return claimed, nil
}

// AsideGames lists every game set aside, by id, with its mark.
func (s *Store) AsideGames() (map[string]storage.Aside, error) {
	out := map[string]storage.Aside{}
	err := s.read(func() error {
		for id, g := range s.games {
			if g.rec.Aside != nil {
				out[id] = *g.rec.Aside
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list the games set aside: %w", err)
	}
	return out, nil
}
