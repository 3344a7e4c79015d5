package storage

import (
	"encoding/json"
	"strings"
	"testing"
)

// panicky is an engine that panics on every log, as a bug of the rules on a bad log would.
type panicky struct{ counter }

func (panicky) Replay([]byte, []Move) ([]byte, string, error) { panic("index out of range") }

// TestCheckLog: a store's Verify replays a game's log and trusts it over the stored snapshot; a
// log of the wrong length or one the engine refuses (or panics on) is a failure, never a rebuild.
func TestCheckLog(t *testing.T) {
	setup := json.RawMessage(`{"seed":3}`)
	moves := []Move{{Seq: 1, Data: json.RawMessage(`{"add":2}`)}, {Seq: 2, Data: json.RawMessage(`{"add":5}`)}}
	good := state(3, 2, 7)
	for _, c := range []struct {
		rule     string
		e        Engine
		seq      uint64
		moves    []Move
		snapshot []byte
		hash     string
		failure  string
		mismatch bool
	}{
		{"a log that replays to the stored state agrees", counter{}, 2, moves, good, hashOf(good), "", false},
		{"a stored snapshot other than the log's is rebuilt", counter{}, 2, moves, state(3, 2, 8), hashOf(good), "", true},
		{"a stored hash other than the log's is rebuilt", counter{}, 2, moves, good, "stale", "", true},
		{"a log shorter than the record says fails", counter{}, 3, moves, good, hashOf(good), "the log holds 2 moves but the record says 3", false},
		{"a log the engine refuses fails", counter{}, 1, []Move{{Seq: 1, Data: json.RawMessage(`"add"`)}}, good, hashOf(good), "the log does not replay: move 1", false},
		{"an engine's panic is a failure", panicky{}, 2, moves, good, hashOf(good), "the log does not replay: engine panicked: index out of range", false},
	} {
		t.Run(c.rule, func(t *testing.T) {
			got := CheckLog(c.e, GameRecord{ID: "g1", Setup: setup, Seq: c.seq, Hash: c.hash}, c.moves, c.snapshot)
			if !strings.HasPrefix(got.Failure, c.failure) || (c.failure == "") != (got.Failure == "") || got.Mismatch() != c.mismatch {
				t.Fatalf("CheckLog = failure %q, mismatch %v; want %q, %v", got.Failure, got.Mismatch(), c.failure, c.mismatch)
			}
			if got.Failure == "" && got.Hash != hashOf(got.Snapshot) {
				t.Fatalf("the replayed hash %s is not the replayed snapshot's", got.Hash)
			}
		})
	}
}
