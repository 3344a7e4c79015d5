package storage

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	bolt "go.etcd.io/bbolt"
)

// logFillPercent packs log pages: entries are only ever appended at the end, so splitting pages
// half full (bbolt's default, right for random inserts) would waste half of every log page.
const logFillPercent = 0.9

// Move is one entry of a game's append-only log. Undo is a move like any other.
type Move struct {
	Seq   uint64          `json:"seq,omitempty"` // position in the log, from 1; set by the store
	Actor string          `json:"actor"`         // user id of the player (or "bot" for automatic moves)
	Data  json.RawMessage `json:"data"`          // the move, as the engine encodes it
	Time  time.Time       `json:"time"`
	// InteractionID identifies the Discord interaction (or the timer, see Timer.ID) that caused
	// the move. Applying the same id twice to a game applies it once.
	InteractionID string `json:"interaction_id,omitempty"`
}

// Snapshot is the latest state of a game as the engine encoded it, with its position and hash.
type Snapshot struct {
	Seq   uint64 // number of moves the state includes
	Hash  string
	State []byte
}

// Commit is everything one accepted move changes; AppendMove writes it in one transaction.
type Commit struct {
	GameID string
	// ExpectSeq is the log position of the state the move was computed on (Snapshot.Seq). The
	// move becomes entry ExpectSeq+1; if the log has moved on, AppendMove returns a
	// *ConflictError and writes nothing.
	ExpectSeq uint64
	Move      Move   // Seq is ignored; Time defaults to now; InteractionID is required
	Snapshot  []byte // state after the move
	Hash      string // engine hash of Snapshot
	// Status is the game's status after the move; empty keeps it. A terminal status ends the
	// game in the same transaction, exactly as Finish does, with Standings for the stats.
	Status    Status
	Standings []Standing
	// Players replaces the seated players (a join or leave in the lobby); nil keeps them.
	Players []string
	// Timers is the game's whole timer set after the move; it replaces the previous set, so a
	// deadline answered by this move disappears with it. Ignored when the move ends the game.
	Timers []Timer
	// Result, with a move that ends the game, updates the ratings and the league standings in
	// the same transaction (see league.GameResult); nil for a game that changes neither.
	Result *league.GameResult
	// Announce, when set, is stored with the move (its GameID, Seq, Created and Owner filled by
	// the store) until Announced clears it: what must still be said about the move if its process
	// dies before saying it.
	Announce *Announcement
}

// AppendMove commits one move: the log entry, the interaction id, the snapshot, the record, the
// channel index and the timers change in one bbolt transaction, fsynced before AppendMove returns,
// so a crash keeps all of it or none. It returns applied=false and changes nothing if the
// interaction id is already in the game's log (a retried interaction).
//
// Moves of one game are serialised twice over. A per-game mutex keeps at most one AppendMove per
// game in flight in this process, so moves of a game are committed in the order they were
// accepted and each is checked against its game's committed state, never against an uncommitted
// neighbour in the same group. ExpectSeq catches a move computed on a state that is no longer the
// latest (a stale cache, a second handler, another process before this one). Moves of different
// games are committed together when they arrive together (see writer.go).
func (s *Store) AppendMove(c Commit) (applied bool, err error) {
	if err := checkCommit(&c); err != nil {
		return false, fmt.Errorf("append move to game %s: %w", c.GameID, err)
	}
	// Encoded here rather than in the transaction: the writer is one goroutine for all games.
	entry, err := encodeEntry(c.Move)
	if err != nil {
		return false, fmt.Errorf("append move to game %s: %w", c.GameID, err)
	}
	unlock := s.locks.lock(c.GameID)
	defer unlock()
	// The announcements said since the last write are deleted in this transaction, which is
	// written anyway (ClearEvery).
	var said []Said
	if s.clears != nil {
		said = s.clears.Take()
	}
	err = s.update(func(tx *bolt.Tx) (err error) {
		if err := deleteAnnouncements(tx, said); err != nil {
			return err
		}
		applied, err = appendMove(tx, c, entry, s.owner)
		return err
	})
	if err != nil {
		if said != nil {
			s.clears.Restore(said)
		}
		return false, fmt.Errorf("append move to game %s: %w", c.GameID, err)
	}
	return applied, nil
}

// encodeEntry encodes a log entry. Its position is its key, so the value leaves it out.
func encodeEntry(m Move) ([]byte, error) {
	m.Seq = 0
	return json.Marshal(m)
}

// checkCommit validates a commit and fills its defaults.
func checkCommit(c *Commit) error {
	for _, err := range []error{
		checkID("game id", c.GameID),
		checkID("interaction id", c.Move.InteractionID),
		checkJSON("move", c.Move.Data),
		checkJSON("snapshot", c.Snapshot),
		checkPlayers(c.Players),
		checkStandings(c.Standings),
		checkTimers(c.Timers),
	} {
		if err != nil {
			return err
		}
	}
	if err := checkHash(c.Hash); err != nil {
		return err
	}
	if c.Status != "" && !c.Status.valid() {
		return invalidf("unknown status %q", c.Status)
	}
	if c.Result != nil {
		if !c.Status.Terminal() {
			return invalidf("a result comes only with the move that ends the game")
		}
		if err := checkResult(c.Result); err != nil {
			return err
		}
	}
	if c.Move.Time.IsZero() {
		c.Move.Time = time.Now()
	}
	c.Move.Time = c.Move.Time.UTC()
	if c.Announce != nil {
		a := *c.Announce // the caller's copy stays as it was
		if err := checkAnnouncement(&a); err != nil {
			return err
		}
		a.GameID, a.Created = c.GameID, c.Move.Time
		c.Announce = &a
	}
	return nil
}

// appendMove is the transaction of AppendMove, given the encoded log entry. A plain move reads and
// writes the game's state only; the JSON record is rewritten only when the players change or the
// game ends.
func appendMove(tx *bolt.Tx, c Commit, entry []byte, owner string) (applied bool, err error) {
	g, err := liveGame(tx, c.GameID)
	if err != nil {
		return false, err
	}
	if err := refuseAside(tx, c.GameID); err != nil {
		return false, err
	}
	ids := g.Bucket(bucketIDs)
	iid := []byte(c.Move.InteractionID)
	if ids.Get(iid) != nil {
		return false, nil
	}
	st, err := getState(g)
	if err != nil {
		return false, err
	}
	if st.status.Terminal() {
		return false, ErrFinished
	}
	if st.seq != c.ExpectSeq {
		return false, &ConflictError{GameID: c.GameID, Expected: c.ExpectSeq, Actual: st.seq}
	}

	seq := seqKey(st.seq + 1)
	log := g.Bucket(bucketLog)
	log.FillPercent = logFillPercent
	if err := log.Put(seq, entry); err != nil {
		return false, err
	}
	if err := ids.Put(iid, seq); err != nil {
		return false, err
	}
	if c.Announce != nil {
		a := *c.Announce
		a.Seq, a.Owner = st.seq+1, owner
		if err := putAnnouncement(tx, a); err != nil {
			return false, err
		}
	}
	st.seq, st.hash, st.updated, st.snapshot = st.seq+1, c.Hash, c.Move.Time, c.Snapshot
	if c.Players == nil && !c.Status.Terminal() {
		if c.Status != "" {
			st.status = c.Status
		}
		if err := replaceTimers(tx, &st, c.GameID, c.Timers); err != nil {
			return false, err
		}
		return true, putState(g, st)
	}

	var rec GameRecord
	if err := getJSON(g, keyRecord, &rec); err != nil {
		return false, err
	}
	if c.Players != nil {
		rec.Players = c.Players
	}
	if c.Status.Terminal() {
		err = finishGame(tx, &rec, &st, c.Status, c.Standings, st.updated)
		if err == nil && c.Result != nil {
			err = applyResult(tx, *c.Result)
		}
	} else {
		if c.Status != "" {
			st.status = c.Status
		}
		err = replaceTimers(tx, &st, c.GameID, c.Timers)
	}
	if err != nil {
		return false, err
	}
	if err := storeRecord(g, rec); err != nil {
		return false, err
	}
	return true, putState(g, st)
}

// Moves returns a game's whole log in order, live or archived.
func (s *Store) Moves(id string) ([]Move, error) {
	var d gameData
	err := s.view(func(tx *bolt.Tx) (err error) { d, err = readGame(tx, id, false, true); return err })
	if err != nil {
		return nil, fmt.Errorf("load the moves of game %s: %w", id, err)
	}
	return d.Moves, nil
}

// Snapshot returns a game's latest state: what the bot loads at start-up instead of replaying.
func (s *Store) Snapshot(id string) (Snapshot, error) {
	var d gameData
	err := s.view(func(tx *bolt.Tx) (err error) { d, err = readGame(tx, id, true, false); return err })
	if err != nil {
		return Snapshot{}, fmt.Errorf("load the snapshot of game %s: %w", id, err)
	}
	return Snapshot{Seq: d.Record.Seq, Hash: d.Record.Hash, State: d.Snapshot}, nil
}
