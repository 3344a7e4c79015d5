package storage

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// maxStructureProblems bounds how many of bbolt's structural findings a report lists: a badly
// damaged file yields thousands, and the first few say what to do.
const maxStructureProblems = 20

// Report is what Verify found.
type Report struct {
	Games    int        `json:"games"`              // games whose log was replayed
	Rebuilt  []Mismatch `json:"rebuilt,omitempty"`  // snapshots that disagreed with their log, now rebuilt from it
	Failed   []Failure  `json:"failed,omitempty"`   // games that could not be read or replayed; left untouched
	Problems []string   `json:"problems,omitempty"` // damaged pages or inconsistent indexes
	// Aside are the games set aside (SetAside), with why: kept untouched, neither replayed nor
	// rebuilt. They are known and handled, so they do not make the report fail.
	Aside []Failure `json:"aside,omitempty"`
}

// Mismatch is a game whose stored snapshot was not the state its log replays to.
type Mismatch struct {
	GameID       string `json:"game_id"`
	Seq          uint64 `json:"seq"`
	StoredHash   string `json:"stored_hash"`
	ReplayedHash string `json:"replayed_hash"`
}

// Failure is a game Verify could not check, or one set aside, with why.
type Failure struct {
	GameID string `json:"game_id"`
	Error  string `json:"error"`
}

// AsideList lists the games set aside for a Report, by id.
func AsideList(marks map[string]Aside) []Failure {
	out := make([]Failure, 0, len(marks))
	for id, a := range marks {
		out = append(out, Failure{id, a.Reason})
	}
	slices.SortFunc(out, func(a, b Failure) int { return cmp.Compare(a.GameID, b.GameID) })
	return out
}

// OK reports whether Verify found nothing wrong.
func (r Report) OK() bool { return len(r.Rebuilt) == 0 && len(r.Failed) == 0 && len(r.Problems) == 0 }

// Verify checks the whole database: every game (live and archived) is replayed from its setup and
// log and compared with its snapshot and hash; the indexes (channels, active, finished, timers,
// interaction ids) are checked against the games; then bbolt checks the file's page structure. A
// snapshot that disagrees with its log is then rebuilt from the log, since the log is the truth,
// and reported. Other findings are reported and left for an operator. The error is for failures to
// run the check, and ErrCorrupt for a damaged file (in which case nothing is rebuilt); what Verify
// found is in the report.
//
// Verify can run while the bot plays: it holds each game's lock only while checking that game,
// and the structural check delays moves only for its own duration.
func (s *Store) Verify(e Engine) (Report, error) {
	var rep Report
	var ids []string
	err := s.view(func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketGames).ForEachBucket(func(k []byte) error { ids = append(ids, string(k)); return nil }); err != nil {
			return err
		}
		return tx.Bucket(bucketArchive).ForEach(func(k, _ []byte) error { ids = append(ids, string(k)); return nil })
	})
	if err != nil {
		return rep, fmt.Errorf("verify: %w", err)
	}
	aside, err := s.AsideGames()
	if err != nil {
		return rep, fmt.Errorf("verify: %w", err)
	}
	rep.Aside = AsideList(aside)
	ids = slices.DeleteFunc(ids, func(id string) bool { _, ok := aside[id]; return ok })

	// First read everything: these reads recover from damaged pages, which bbolt's own check
	// (running in a goroutine of its own) cannot, so it only runs on a file they found whole.
	var mismatched []string
	damaged := false
	for _, id := range ids {
		x, err := s.examine(e, id, true)
		switch {
		case errors.Is(err, ErrCorrupt):
			damaged = true
			rep.Failed = append(rep.Failed, Failure{id, err.Error()})
		case err != nil:
			return rep, fmt.Errorf("verify game %s: %w", id, err)
		case x.Failure != "":
			rep.Games++
			rep.Failed = append(rep.Failed, Failure{id, x.Failure})
		default:
			rep.Games++
			if x.Mismatch() {
				mismatched = append(mismatched, id)
			}
		}
		rep.Problems = append(rep.Problems, x.problems...)
	}
	err = s.view(func(tx *bolt.Tx) (err error) {
		problems, err := checkIndexes(tx)
		rep.Problems = append(rep.Problems, problems...)
		return err
	})
	if err != nil || damaged {
		return rep, fmt.Errorf("verify: %w", cmp.Or(err, error(&dbError{ErrCorrupt,
			fmt.Sprintf("database %s has damaged pages (see the failed games); restore it from a backup", s.path), nil})))
	}
	if err := s.checkStructure(&rep); err != nil {
		return rep, err
	}

	for _, id := range mismatched {
		if err := s.rebuild(e, id, &rep); err != nil {
			return rep, fmt.Errorf("verify game %s: rebuild the snapshot: %w", id, err)
		}
	}
	return rep, nil
}

// checkStructure runs bbolt's check of every page. It reads the free list, which a concurrent commit
// changes, so on a writable store it runs inside a write transaction.
func (s *Store) checkStructure(rep *Report) error {
	var problems []string
	check := func(tx *bolt.Tx) error {
		problems = nil
		for err := range tx.Check() {
			if len(problems) < maxStructureProblems {
				problems = append(problems, err.Error())
			}
		}
		return nil
	}
	var err error
	if s.writes == nil {
		err = s.view(check)
	} else {
		err = s.update(check)
	}
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	rep.Problems = append(rep.Problems, problems...)
	if len(problems) > 0 {
		return &dbError{ErrCorrupt, fmt.Sprintf("database %s failed its structural check (%s); restore it from a backup",
			s.path, problems[0]), nil}
	}
	return nil
}

// examination is what examine found about one game.
type examination struct {
	game gameData
	LogCheck
	problems []string // index problems
}

// examine reads and replays one game under its lock, checking its indexes if asked to.
func (s *Store) examine(e Engine, id string, indexes bool) (examination, error) {
	unlock := s.locks.lock(id)
	defer unlock()
	return s.examineLocked(e, id, indexes)
}

func (s *Store) examineLocked(e Engine, id string, indexes bool) (examination, error) {
	var x examination
	err := s.view(func(tx *bolt.Tx) (err error) {
		if x.game, err = readGame(tx, id, true, true); err == nil && indexes {
			x.problems = checkGame(tx, x.game)
		}
		return err
	})
	if err != nil {
		return x, err
	}
	x.LogCheck = CheckLog(e, x.game.Record, x.game.Moves, x.game.Snapshot)
	return x, nil
}

// rebuild examines a game again under its lock (it may have moved on since the first look) and, if
// its snapshot still disagrees with its log, stores the replayed one.
func (s *Store) rebuild(e Engine, id string, rep *Report) error {
	unlock := s.locks.lock(id)
	defer unlock()
	x, err := s.examineLocked(e, id, false)
	if err != nil || !x.Mismatch() {
		return err
	}
	rec := x.game.Record
	if err := s.update(func(tx *bolt.Tx) error { return storeRebuilt(tx, id, rec.Seq, x.Snapshot, x.Hash) }); err != nil {
		return err
	}
	s.log.Warn("rebuilt a game's snapshot from its log", "game", id, "seq", rec.Seq,
		"stored_hash", rec.Hash, "replayed_hash", x.Hash)
	rep.Rebuilt = append(rep.Rebuilt, Mismatch{id, rec.Seq, rec.Hash, x.Hash})
	return nil
}

// replay runs the engine on a game; a panic of the engine on a bad log is a failure to replay.
func replay(e Engine, d gameData) (snapshot []byte, hash string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engine panicked: %v", r)
		}
	}()
	return e.Replay(d.Record.Setup, d.Moves)
}

// storeRebuilt stores a replayed snapshot, unless the game moved on since it was read.
func storeRebuilt(tx *bolt.Tx, id string, seq uint64, snapshot []byte, hash string) error {
	g := tx.Bucket(bucketGames).Bucket([]byte(id))
	if g == nil {
		d, err := readGame(tx, id, true, true)
		if err != nil {
			return err
		}
		d.Snapshot, d.Record.Hash = snapshot, hash
		blob, err := encodeArchive(d)
		if err != nil {
			return err
		}
		return tx.Bucket(bucketArchive).Put([]byte(id), blob)
	}
	st, err := getState(g)
	if err != nil {
		return err
	}
	if st.seq != seq {
		return &ConflictError{GameID: id, Expected: seq, Actual: st.seq}
	}
	st.hash, st.snapshot = hash, snapshot
	return putState(g, st)
}

// checkGame checks the indexes of one live game against its record and log.
func checkGame(tx *bolt.Tx, d gameData) []string {
	rec := d.Record
	g := tx.Bucket(bucketGames).Bucket([]byte(rec.ID))
	if g == nil {
		return nil // archived: no indexes but the finished one, checked by checkIndexes
	}
	var problems []string
	report := func(format string, args ...any) {
		problems = append(problems, fmt.Sprintf("game %s: ", rec.ID)+fmt.Sprintf(format, args...))
	}

	ids := g.Bucket(bucketIDs)
	if n := ids.Stats().KeyN; n != len(d.Moves) {
		report("%d interaction ids for %d moves", n, len(d.Moves))
	}
	for _, m := range d.Moves {
		if !bytes.Equal(ids.Get([]byte(m.InteractionID)), seqKey(m.Seq)) {
			report("interaction %s of move %d is not indexed", m.InteractionID, m.Seq)
		}
	}

	st, err := getState(g)
	if err != nil {
		report("%v", err)
	}
	timers := st.timers
	for _, t := range timers {
		var indexed Timer
		if err := getJSON(tx.Bucket(bucketTimers), t.key(), &indexed); err != nil || !sameTimer(indexed, t) {
			report("timer %s is missing from the timer index", t.ID())
		}
	}

	place := []byte(rec.Place())
	active := tx.Bucket(bucketActive).Get([]byte(rec.ID))
	if rec.Status.Terminal() {
		if active != nil {
			report("is %s but still in the active index", rec.Status)
		}
		if tx.Bucket(bucketFinished).Get(timeKey(rec.Finished, rec.ID)) == nil {
			report("is %s but missing from the finished index", rec.Status)
		}
		if len(timers) > 0 {
			report("is %s but has %d timers", rec.Status, len(timers))
		}
	} else {
		if !bytes.Equal(active, place) {
			report("is %s but not in the active index", rec.Status)
		}
		if !bytes.Equal(tx.Bucket(bucketChannels).Get(place), []byte(rec.ID)) {
			report("is not the game of its channel %s", place)
		}
	}
	return problems
}

// checkIndexes checks that every index entry points at a game that agrees with it, and reads the
// players, so that together with the games every page of the file has been read.
func checkIndexes(tx *bolt.Tx) ([]string, error) {
	var problems []string
	report := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	games, archive := tx.Bucket(bucketGames), tx.Bucket(bucketArchive)
	active := tx.Bucket(bucketActive)

	err := errors.Join(
		tx.Bucket(bucketChannels).ForEach(func(place, id []byte) error {
			if !bytes.Equal(active.Get(id), place) {
				report("channel %s points at game %s, which is not active there", place, id)
			}
			return nil
		}),
		active.ForEach(func(id, _ []byte) error {
			if games.Bucket(id) == nil {
				report("active game %s does not exist", id)
			}
			return nil
		}),
		tx.Bucket(bucketFinished).ForEach(func(k, _ []byte) error {
			if id := k[8:]; games.Bucket(id) == nil && archive.Get(id) == nil {
				report("finished game %s does not exist", id)
			}
			return nil
		}),
		tx.Bucket(bucketTimers).ForEach(func(k, v []byte) error {
			var t Timer
			if err := decodeJSON(k, v, &t); err != nil {
				report("%v", err)
				return nil
			}
			g := games.Bucket([]byte(t.GameID))
			if g == nil {
				report("timer %s belongs to no live game", t.ID())
				return nil
			}
			st, err := getState(g)
			if err != nil {
				report("game %s: %v", t.GameID, err)
				return nil
			}
			if !slices.ContainsFunc(st.timers, func(own Timer) bool { return sameTimer(own, t) }) {
				report("timer %s is not in its game's timer set", t.ID())
			}
			return nil
		}),
		tx.Bucket(bucketPlayers).ForEach(func(k, v []byte) error {
			if err := decodeJSON(k, v, &player{}); err != nil {
				report("player %s: %v", k, err)
			}
			return nil
		}),
	)
	return problems, err
}

// sameTimer reports whether two timers are the same entry of the same timer set.
func sameTimer(a, b Timer) bool { return bytes.Equal(a.key(), b.key()) && a.Seq == b.Seq }
