package storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	bolt "go.etcd.io/bbolt"
)

// Status is where a game is in its life. Finished and abandoned games are over ("terminal").
type Status string

const (
	StatusLobby     Status = "lobby"     // created, players joining
	StatusPlaying   Status = "playing"   // started
	StatusFinished  Status = "finished"  // played to the end
	StatusAbandoned Status = "abandoned" // stopped by an admin or by every player leaving
)

// Terminal reports whether the status ends the game.
func (s Status) Terminal() bool { return s == StatusFinished || s == StatusAbandoned }

func (s Status) valid() bool {
	return s == StatusLobby || s == StatusPlaying || s.Terminal()
}

// GameRecord describes one game. The caller fills the first group of fields; the store maintains
// the rest.
type GameRecord struct {
	ID        string          `json:"id"`
	Setup     json.RawMessage `json:"setup,omitempty"`   // engine setup (map, seed, ...): replay input, hidden from players
	Options   json.RawMessage `json:"options,omitempty"` // table options (deadlines, meeples, ...)
	Players   []string        `json:"players"`           // user ids of the seated players, in turn order
	Status    Status          `json:"status,omitempty"`
	ChannelID string          `json:"channel_id"`
	ThreadID  string          `json:"thread_id,omitempty"` // set when the game is played in its own thread
	// Guild is the server the game is played in, whose ratings it counts for; League and Season
	// name the league season whose fixture it is (see league.GameResult).
	Guild  string `json:"guild,omitempty"`
	League string `json:"league,omitempty"`
	Season int    `json:"season,omitempty"`

	Created   time.Time  `json:"created"`
	Updated   time.Time  `json:"updated,omitzero"`    // time of the last move
	Finished  time.Time  `json:"finished,omitzero"`   // when the game became terminal
	Seq       uint64     `json:"seq"`                 // number of moves in the log
	Hash      string     `json:"hash,omitempty"`      // engine hash of the snapshot at Seq
	Standings []Standing `json:"standings,omitempty"` // final result, for finished games
	// Hold is why the bot does no work of its own on a live game (SetHold); empty when it does.
	Hold string `json:"hold,omitempty"`
	// Aside is set for a game set aside (SetAside): kept whole and untouched, read-only.
	Aside *Aside `json:"aside,omitempty"`
}

// Standing is one player's final result; Rank 1 is a winner (ties share a rank).
type Standing struct {
	UserID string `json:"user_id"`
	Score  int    `json:"score"`
	Rank   int    `json:"rank"`
}

// Place is the channel index key of the game: its thread if it has one, else its channel.
// Commands typed there reach this game.
func (r GameRecord) Place() string {
	if r.ThreadID != "" {
		return r.ThreadID
	}
	return r.ChannelID
}

// CreateGame stores a new game with the engine's initial snapshot and its hash, and makes it the
// active game of its channel or thread. It fails with ErrExists if the id is taken and with
// ErrChannelBusy if the place already has an active game. Created defaults to now; Status to lobby.
func (s *Store) CreateGame(rec GameRecord, snapshot []byte, hash string) error {
	if err := checkNewGame(&rec, snapshot, hash); err != nil {
		return fmt.Errorf("create game %s: %w", rec.ID, err)
	}
	if rec.Created.IsZero() {
		rec.Created = time.Now()
	}
	rec.Created = rec.Created.UTC()
	rec.Updated, rec.Seq, rec.Hash = rec.Created, 0, hash
	rec.Finished, rec.Standings = time.Time{}, nil

	unlock := s.locks.lock(rec.ID)
	defer unlock()
	err := s.update(func(tx *bolt.Tx) error {
		_, err := createGame(tx, rec, snapshot)
		return err
	})
	if err != nil {
		return fmt.Errorf("create game %s: %w", rec.ID, err)
	}
	return nil
}

// checkNewGame validates a record for CreateGame or Import.
func checkNewGame(rec *GameRecord, snapshot []byte, hash string) error {
	if rec.Status == "" {
		rec.Status = StatusLobby
	}
	for _, err := range []error{
		checkID("game id", rec.ID),
		checkID("channel id", rec.ChannelID),
		checkJSON("setup", rec.Setup),
		checkJSON("snapshot", snapshot),
	} {
		if err != nil {
			return err
		}
	}
	if rec.ThreadID != "" {
		if err := checkID("thread id", rec.ThreadID); err != nil {
			return err
		}
	}
	if len(rec.Options) > 0 {
		if err := checkJSON("options", rec.Options); err != nil {
			return err
		}
	}
	if err := checkPlayers(rec.Players); err != nil {
		return err
	}
	if err := checkHash(hash); err != nil {
		return err
	}
	if !rec.Status.valid() {
		return invalidf("unknown status %q", rec.Status)
	}
	return nil
}

// createGame writes the bucket of a new game and, unless it is over, its channel index entry.
func createGame(tx *bolt.Tx, rec GameRecord, snapshot []byte) (*bolt.Bucket, error) {
	id := []byte(rec.ID)
	games := tx.Bucket(bucketGames)
	if games.Bucket(id) != nil || tx.Bucket(bucketArchive).Get(id) != nil {
		return nil, ErrExists
	}
	if !rec.Status.Terminal() {
		place := []byte(rec.Place())
		channels := tx.Bucket(bucketChannels)
		if other := channels.Get(place); other != nil {
			return nil, fmt.Errorf("%w: %s is playing game %s", ErrChannelBusy, place, other)
		}
		if err := channels.Put(place, id); err != nil {
			return nil, err
		}
		if err := tx.Bucket(bucketActive).Put(id, place); err != nil {
			return nil, err
		}
	}
	g, err := games.CreateBucket(id)
	if err != nil {
		return nil, err
	}
	for _, name := range [][]byte{bucketLog, bucketIDs} {
		if _, err := g.CreateBucket(name); err != nil {
			return nil, err
		}
	}
	if err := storeRecord(g, rec); err != nil {
		return nil, err
	}
	return g, putState(g, gameState{seq: rec.Seq, updated: rec.Updated, status: rec.Status, hash: rec.Hash, snapshot: snapshot})
}

// Game returns the record of a game, live or archived.
func (s *Store) Game(id string) (GameRecord, error) {
	var d gameData
	err := s.view(func(tx *bolt.Tx) (err error) { d, err = readGame(tx, id, false, false); return err })
	if err != nil {
		return GameRecord{}, fmt.Errorf("load game %s: %w", id, err)
	}
	return d.Record, nil
}

// ActiveGame returns the id of the active game played in a channel or thread; ok is false if
// there is none.
func (s *Store) ActiveGame(place string) (id string, ok bool, err error) {
	err = s.view(func(tx *bolt.Tx) error {
		if v := tx.Bucket(bucketChannels).Get([]byte(place)); v != nil {
			id, ok = string(v), true
		}
		return nil
	})
	if err != nil {
		return "", false, fmt.Errorf("look up the game of %s: %w", place, err)
	}
	return id, ok, nil
}

// ActiveGames returns the records of every game that is not over, for loading at start-up.
func (s *Store) ActiveGames() ([]GameRecord, error) {
	var recs []GameRecord
	err := s.view(func(tx *bolt.Tx) error {
		games := tx.Bucket(bucketGames)
		return tx.Bucket(bucketActive).ForEach(func(id, _ []byte) error {
			g := games.Bucket(id)
			if g == nil {
				return fmt.Errorf("%w: active game %s has no data", ErrCorrupt, id)
			}
			a, err := asideOf(tx, string(id))
			if err != nil {
				return err
			}
			rec, _, err := loadGame(g)
			if err != nil && a == nil {
				return fmt.Errorf("game %s: %w", id, err)
			}
			// A game set aside is listed even when its record does not decode: the bot tells
			// its channel.
			rec.ID, rec.Aside = string(id), a
			recs = append(recs, rec)
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("list active games: %w", err)
	}
	return recs, nil
}

// Finish ends a game outside a move (an admin abandons it, say): status must be terminal. The game
// leaves its channel (which can host a new game), its timers are dropped, it enters the finished
// index and the players' stats are updated from standings, which should list every seated player.
// A game that is already over gives ErrFinished. Use Commit.Status to end a game with its last move.
func (s *Store) Finish(id string, status Status, standings []Standing) error {
	return s.finish(id, status, standings, time.Now().UTC(), nil)
}

// finish ends a game outside a move at time at, applying result r in the same transaction when
// it is not nil (FinishWithResult).
func (s *Store) finish(id string, status Status, standings []Standing, at time.Time, r *league.GameResult) error {
	if !status.Terminal() {
		return fmt.Errorf("finish game %s: %w", id, invalidf("status %q does not end a game", status))
	}
	if err := checkStandings(standings); err != nil {
		return fmt.Errorf("finish game %s: %w", id, err)
	}
	if r != nil {
		if err := checkResult(r); err != nil {
			return fmt.Errorf("finish game %s: %w", id, err)
		}
	}
	unlock := s.locks.lock(id)
	defer unlock()
	err := s.update(func(tx *bolt.Tx) error {
		if err := refuseAside(tx, id); err != nil {
			return err
		}
		g, rec, st, err := openGame(tx, id)
		if err != nil {
			return err
		}
		if st.status.Terminal() {
			return ErrFinished
		}
		st.updated = at
		if err := finishGame(tx, &rec, &st, status, standings, st.updated); err != nil {
			return err
		}
		if r != nil {
			if err := applyResult(tx, *r); err != nil {
				return err
			}
		}
		if err := storeRecord(g, rec); err != nil {
			return err
		}
		return putState(g, st)
	})
	if err != nil {
		return fmt.Errorf("finish game %s: %w", id, err)
	}
	return nil
}

// checkHash validates the engine's hash of a snapshot.
func checkHash(hash string) error {
	if hash == "" || len(hash) > maxHashLen {
		return invalidf("the snapshot hash is empty or longer than %d bytes", maxHashLen)
	}
	return nil
}

// checkPlayers validates user ids, which key the players' stats.
func checkPlayers(players []string) error {
	for _, p := range players {
		if err := checkID("player id", p); err != nil {
			return err
		}
	}
	return nil
}

func checkStandings(standings []Standing) error {
	for _, st := range standings {
		if err := checkID("standing user id", st.UserID); err != nil {
			return err
		}
	}
	return nil
}

// finishGame makes a game terminal and updates every index a finished game leaves or enters. The
// caller writes rec and st back.
func finishGame(tx *bolt.Tx, rec *GameRecord, st *gameState, status Status, standings []Standing, at time.Time) error {
	rec.Status, rec.Finished, rec.Standings = status, at, standings
	st.status = status
	id, place := []byte(rec.ID), []byte(rec.Place())
	channels := tx.Bucket(bucketChannels)
	if bytes.Equal(channels.Get(place), id) {
		if err := channels.Delete(place); err != nil {
			return err
		}
	}
	if err := tx.Bucket(bucketActive).Delete(id); err != nil {
		return err
	}
	if err := tx.Bucket(bucketFinished).Put(timeKey(at, rec.ID), []byte(status)); err != nil {
		return err
	}
	if err := replaceTimers(tx, st, rec.ID, nil); err != nil {
		return err
	}
	return recordResults(tx, *rec)
}

// liveGame returns the bucket of a game that is not archived. An archived game is over, so writes
// to it fail with ErrFinished.
func liveGame(tx *bolt.Tx, id string) (*bolt.Bucket, error) {
	if g := tx.Bucket(bucketGames).Bucket([]byte(id)); g != nil {
		return g, nil
	}
	if tx.Bucket(bucketArchive).Get([]byte(id)) != nil {
		return nil, fmt.Errorf("%w (archived)", ErrFinished)
	}
	return nil, ErrNotFound
}

// openGame returns the bucket, record and state of a game that is not archived.
func openGame(tx *bolt.Tx, id string) (*bolt.Bucket, GameRecord, gameState, error) {
	g, err := liveGame(tx, id)
	if err != nil {
		return nil, GameRecord{}, gameState{}, err
	}
	rec, st, err := loadGame(g)
	return g, rec, st, err
}

// gameData is everything kept about one game, live or archived; it is also the archive format.
type gameData struct {
	Record   GameRecord      `json:"record"`
	Moves    []Move          `json:"moves"`
	Snapshot json.RawMessage `json:"snapshot"`
}

// readGame reads a game wherever it is kept: its record, and its snapshot and its log if asked
// (an archive always gives all three). The result does not alias the transaction's memory.
func readGame(tx *bolt.Tx, id string, withSnapshot, withMoves bool) (gameData, error) {
	var d gameData
	a, err := asideOf(tx, id)
	if err != nil {
		return d, err
	}
	g := tx.Bucket(bucketGames).Bucket([]byte(id))
	if g == nil {
		blob := tx.Bucket(bucketArchive).Get([]byte(id))
		if blob == nil {
			return d, ErrNotFound
		}
		d, err = decodeArchive(blob)
		d.Record.Aside = a
		return d, err
	}
	rec, st, err := loadGame(g)
	if err != nil {
		return d, err
	}
	rec.Aside = a
	d.Record = rec
	if withSnapshot {
		d.Snapshot = bytes.Clone(st.snapshot)
	}
	if withMoves {
		if d.Moves, err = readLog(g); err != nil {
			return d, err
		}
	}
	return d, nil
}

// readLog decodes a live game's log, checking that it holds positions 1..n without a gap.
func readLog(g *bolt.Bucket) ([]Move, error) {
	moves := []Move{}
	err := g.Bucket(bucketLog).ForEach(func(k, v []byte) error {
		var m Move
		if err := json.Unmarshal(v, &m); err != nil {
			return fmt.Errorf("%w: log entry %x does not decode: %w", ErrCorrupt, k, err)
		}
		want := uint64(len(moves) + 1)
		if !bytes.Equal(k, seqKey(want)) {
			return fmt.Errorf("%w: log entry %x found where %d was expected", ErrCorrupt, k, want)
		}
		m.Seq = want // the key is the position; entries do not repeat it
		moves = append(moves, m)
		return nil
	})
	return moves, err
}
