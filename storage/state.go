package storage

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// gameState is what changes about a live game with each move: its position, the time of its last
// move, its status, its hash, its timer set and its snapshot. They are one value, under keyState,
// rather than fields of the JSON record, for two reasons. A move then rewrites one small-headed
// value without decoding or encoding the record. And the game's bucket keeps four keys
// (interactions, log, record, state): bbolt never splits a node of four keys or fewer, so the
// bucket stays one leaf, which may overflow onto the pages the snapshot needs, instead of several
// leaves under a branch page. A move so writes and fsyncs a quarter fewer pages.
//
// Layout: seq (8 bytes, big-endian), updated (Unix ns, 8 bytes), status and hash (each a length
// byte then the bytes), the timer set (a 4-byte length then JSON), then the snapshot.
type gameState struct {
	seq      uint64
	updated  time.Time
	status   Status
	hash     string
	timers   []Timer
	snapshot []byte // aliases the transaction's memory when read from the file
}

// maxHashLen bounds the engine's hash, which the state stores behind a length byte.
const maxHashLen = 255

func (st gameState) encode() ([]byte, error) {
	if len(st.hash) > maxHashLen || len(st.status) > 255 {
		return nil, invalidf("hash or status too long to store (%d, %d bytes)", len(st.hash), len(st.status))
	}
	var timers []byte
	if len(st.timers) > 0 {
		var err error
		if timers, err = json.Marshal(st.timers); err != nil {
			return nil, err
		}
	}
	b := make([]byte, 0, 8+8+1+len(st.status)+1+len(st.hash)+4+len(timers)+len(st.snapshot))
	b = binary.BigEndian.AppendUint64(b, st.seq)
	b = binary.BigEndian.AppendUint64(b, uint64(st.updated.UnixNano()))
	b = append(append(b, byte(len(st.status))), st.status...)
	b = append(append(b, byte(len(st.hash))), st.hash...)
	b = binary.BigEndian.AppendUint32(b, uint32(len(timers)))
	b = append(b, timers...)
	return append(b, st.snapshot...), nil
}

// getState reads the state of a live game.
func getState(g *bolt.Bucket) (gameState, error) {
	var st gameState
	b := g.Get(keyState)
	malformed := fmt.Errorf("%w: the game's state is missing or malformed", ErrCorrupt)
	field := func(n int) ([]byte, bool) {
		if n > len(b) {
			return nil, false
		}
		f := b[:n]
		b = b[n:]
		return f, true
	}
	fixed, ok := field(17)
	if !ok {
		return st, malformed
	}
	st.seq = binary.BigEndian.Uint64(fixed)
	st.updated = time.Unix(0, int64(binary.BigEndian.Uint64(fixed[8:]))).UTC()
	status, ok := field(int(fixed[16]))
	if !ok {
		return st, malformed
	}
	st.status = Status(status)
	n, ok := field(1)
	if !ok {
		return st, malformed
	}
	hash, ok := field(int(n[0]))
	if !ok {
		return st, malformed
	}
	st.hash = string(hash)
	n, ok = field(4)
	if !ok {
		return st, malformed
	}
	timers, ok := field(int(binary.BigEndian.Uint32(n)))
	if !ok {
		return st, malformed
	}
	if len(timers) > 0 {
		if err := decodeJSON(keyState, timers, &st.timers); err != nil {
			return st, err
		}
	}
	st.snapshot = b
	return st, nil
}

// putState writes the state of a live game.
func putState(g *bolt.Bucket, st gameState) error {
	b, err := st.encode()
	if err != nil {
		return err
	}
	return g.Put(keyState, b)
}

// loadGame reads a live game's record, with the fields kept in its state laid over it, and its
// state.
func loadGame(g *bolt.Bucket) (GameRecord, gameState, error) {
	var rec GameRecord
	if err := getJSON(g, keyRecord, &rec); err != nil {
		return rec, gameState{}, err
	}
	st, err := getState(g)
	rec.Seq, rec.Updated, rec.Status, rec.Hash = st.seq, st.updated, st.status, st.hash
	return rec, st, err
}

// storeRecord writes a live game's JSON record, leaving out the fields its state holds and the mark
// of a game set aside, which is kept apart (aside.go).
func storeRecord(g *bolt.Bucket, rec GameRecord) error {
	rec.Seq, rec.Updated, rec.Status, rec.Hash, rec.Aside = 0, time.Time{}, "", "", nil
	return putJSON(g, keyRecord, rec)
}
