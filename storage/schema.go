package storage

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Top-level buckets. doc.go describes what each holds.
var (
	bucketMeta     = []byte("meta")
	bucketGames    = []byte("games")
	bucketActive   = []byte("active")
	bucketChannels = []byte("channels")
	bucketFinished = []byte("finished")
	bucketArchive  = []byte("archive")
	bucketTimers   = []byte("timers")
	bucketPlayers  = []byte("players")
	bucketAside    = []byte("aside")
)

// Keys in the meta bucket and in the bucket of one live game.
var (
	keySchema = []byte("schema")
	keyRecord = []byte("record")
	keyState  = []byte("state")
	bucketLog = []byte("log")
	bucketIDs = []byte("interactions")
)

// maxIDLen bounds every id used as (part of) a key, far below bbolt's key limit, so a bad id is
// reported as such instead of as a bbolt error.
const maxIDLen = 256

// checkID validates an id that becomes a key: not empty, not huge, no NUL (the separator of
// composite keys).
func checkID(what, id string) error {
	switch {
	case id == "":
		return invalidf("%s is empty", what)
	case len(id) > maxIDLen:
		return invalidf("%s is longer than %d bytes", what, maxIDLen)
	case strings.IndexByte(id, 0) >= 0:
		return invalidf("%s %q contains a NUL byte", what, id)
	}
	return nil
}

// checkJSON validates an opaque document the store keeps for the engine, so that exports, which
// embed it as json.RawMessage, can never fail later.
func checkJSON(what string, doc []byte) error {
	if !json.Valid(doc) {
		return invalidf("%s is not valid JSON", what)
	}
	return nil
}

// seqKey is the key of log position seq: big-endian, so a cursor walks the log in order.
func seqKey(seq uint64) []byte {
	return binary.BigEndian.AppendUint64(make([]byte, 0, 8), seq)
}

// timeKey is a key ordered by time (big-endian Unix nanoseconds) then by the NUL-separated parts,
// used by the timer and finished-game indexes so a cursor walks them in time order.
func timeKey(t time.Time, parts ...string) []byte {
	k := binary.BigEndian.AppendUint64(nil, uint64(t.UnixNano()))
	for i, p := range parts {
		if i > 0 {
			k = append(k, 0)
		}
		k = append(k, p...)
	}
	return k
}

// keyTime decodes the time at the head of a timeKey.
func keyTime(k []byte) time.Time {
	if len(k) < 8 {
		return time.Time{}
	}
	return time.Unix(0, int64(binary.BigEndian.Uint64(k))).UTC()
}

// putJSON stores v as JSON under key.
func putJSON(b *bolt.Bucket, key []byte, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return b.Put(key, data)
}

// getJSON decodes the JSON stored under key into v. A missing key is ErrNotFound; a value that
// does not decode is ErrCorrupt, since only the store writes these values.
func getJSON(b *bolt.Bucket, key []byte, v any) error {
	data := b.Get(key)
	if data == nil {
		return ErrNotFound
	}
	return decodeJSON(key, data, v)
}

// decodeJSON decodes a value read under key; see getJSON.
func decodeJSON(key, data []byte, v any) error {
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%w: value %q does not decode: %w", ErrCorrupt, key, err)
	}
	return nil
}
