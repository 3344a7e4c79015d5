package storage

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// counter is the fake engine of the tests: a game whose state is the sum of its moves'
// {"add":n}, encoded as a realistic state document (syntheticState) whose hash is its sha256.
// It is real enough that replay, hashes and redaction are checked for real.
type counter struct{}

type counterSetup struct {
	Seed int64 `json:"seed"`
}

type counterMove struct {
	Add int64 `json:"add"`
}

func (counter) Replay(setup []byte, moves []Move) ([]byte, string, error) {
	var st counterSetup
	if err := json.Unmarshal(setup, &st); err != nil {
		return nil, "", fmt.Errorf("setup: %w", err)
	}
	var sum int64
	for _, m := range moves {
		var cm counterMove
		if err := json.Unmarshal(m.Data, &cm); err != nil {
			return nil, "", fmt.Errorf("move %d: %w", m.Seq, err)
		}
		sum += cm.Add
	}
	snap := state(st.Seed, len(moves), sum)
	return snap, hashOf(snap), nil
}

// Legacy is false: the counter's records have one format.
func (counter) Legacy([]byte) bool { return false }

// Upgrade is never called for the counter's records.
func (counter) Upgrade([]byte, []Move) (Upgraded, error) {
	return Upgraded{}, errors.New("the counter's records need no upgrade")
}

// states memoizes syntheticState, which is deterministic and, under the race detector, slow.
var states sync.Map

// state is syntheticState, memoized; the result must not be modified.
func state(seed int64, turn int, sum int64) []byte {
	key := [3]int64{seed, int64(turn), sum}
	if s, ok := states.Load(key); ok {
		return s.([]byte)
	}
	s := syntheticState(seed, turn, sum)
	states.Store(key, s)
	return s
}

// Redact drops the tile order and the values of face-down chips.
func (counter) Redact(snapshot []byte) ([]byte, error) {
	var state map[string]any
	if err := json.Unmarshal(snapshot, &state); err != nil {
		return nil, err
	}
	delete(state, "deck")
	chips, _ := state["map_chips"].([]any)
	for _, c := range chips {
		if chip, ok := c.(map[string]any); ok && chip["face"] == "down" {
			delete(chip, "value")
		}
	}
	return json.Marshal(state)
}

func hashOf(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// testGame tracks a game on the test's side, to build commits the way the bot would.
type testGame struct {
	id   string
	seed int64
	seq  uint64
	sum  int64
}

func (g *testGame) record(channel string) GameRecord {
	return GameRecord{ID: g.id, ChannelID: channel, Status: StatusPlaying, Players: []string{"alice", "bob"},
		Setup: json.RawMessage(fmt.Sprintf(`{"seed":%d}`, g.seed)), Options: json.RawMessage(`{"map":"france"}`)}
}

// commit builds the commit of move {"add":add} with interaction id iid on the current state.
func (g *testGame) commit(add int64, iid string) Commit {
	snap := state(g.seed, int(g.seq)+1, g.sum+add)
	return Commit{GameID: g.id, ExpectSeq: g.seq, Snapshot: snap, Hash: hashOf(snap),
		Move: Move{Actor: "alice", Data: json.RawMessage(fmt.Sprintf(`{"add":%d}`, add)), InteractionID: iid,
			Time: time.Date(2025, 3, 1, 12, 0, int(g.seq), 0, time.UTC)}}
}

// applied records that a commit built by commit was applied.
func (g *testGame) applied(c Commit) {
	var cm counterMove
	_ = json.Unmarshal(c.Move.Data, &cm)
	g.seq++
	g.sum += cm.Add
}

// apply appends a move and returns an error unless it is applied; for goroutines, which must
// not call t.Fatal.
func (g *testGame) apply(s *Store, add int64, iid string) (Commit, error) {
	c := g.commit(add, iid)
	applied, err := s.AppendMove(c)
	if err != nil {
		return c, fmt.Errorf("AppendMove(%s, %s): %w", g.id, iid, err)
	}
	if !applied {
		return c, fmt.Errorf("AppendMove(%s, %s) was not applied", g.id, iid)
	}
	g.applied(c)
	return c, nil
}

// mustApply is apply for the test's goroutine.
func (g *testGame) mustApply(t testing.TB, s *Store, add int64, iid string) Commit {
	t.Helper()
	c, err := g.apply(s, add, iid)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// startGame creates a playing game in its own channel.
func startGame(s *Store, id string) (*testGame, error) {
	g := &testGame{id: id, seed: int64(len(id)) + 7}
	snap := state(g.seed, 0, 0)
	return g, s.CreateGame(g.record("chan-"+id), snap, hashOf(snap))
}

// newGame is startGame for the test's goroutine.
func newGame(t testing.TB, s *Store, id string) *testGame {
	t.Helper()
	g, err := startGame(s, id)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// openTest opens a store in a fresh directory; fsync is off unless the test needs it, which
// changes nothing the tests can observe short of a power cut.
func openTest(t testing.TB) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "test.db")
	s, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

// reopen closes s and opens its file again.
func reopen(t testing.TB, s *Store) *Store {
	t.Helper()
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	s2, err := Open(s.Path(), Options{NoSync: true})
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	t.Cleanup(func() { s2.Close() })
	return s2
}

// mustVerify runs Verify and fails the test unless the report is clean.
func mustVerify(t testing.TB, s *Store) {
	t.Helper()
	rep, err := s.Verify(counter{})
	if err != nil || !rep.OK() {
		t.Fatalf("Verify = %+v, %v; want a clean report", rep, err)
	}
}

// childEnv names the test a re-executed test binary is to play the child part of.
const childEnv = "STORAGE_TEST_CHILD"

// childCommand re-executes the test binary to run only the child test name, which runs its child
// part because childEnv names it.
func childCommand(name string, env ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^"+name+"$", "-test.count=1")
	cmd.Env = append(append(os.Environ(), childEnv+"="+name), env...)
	return cmd
}

// isChild reports whether this process is the child of test name.
func isChild(name string) bool { return os.Getenv(childEnv) == name }
