package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// olderCounter is the counter with an older record format for the schema 3 upgrade to turn into
// the counter's: setups {"v1seed":N} and moves {"old":N}. broken makes its upgrade lose a move's
// points, as a faulty upgrade would.
type olderCounter struct {
	counter
	broken bool
}

type olderSetup struct {
	Seed *int64 `json:"v1seed"`
}

func (olderCounter) Legacy(setup []byte) bool {
	var s olderSetup
	return json.Unmarshal(setup, &s) == nil && s.Seed != nil
}

func (o olderCounter) Upgrade(setup []byte, moves []Move) (Upgraded, error) {
	var s olderSetup
	if err := json.Unmarshal(setup, &s); err != nil || s.Seed == nil {
		return Upgraded{}, fmt.Errorf("not an old setup: %s", setup)
	}
	up := Upgraded{Setup: fmt.Appendf(nil, `{"seed":%d}`, *s.Seed)}
	var sum int64
	for i, m := range moves {
		var old struct{ Old int64 }
		if err := json.Unmarshal(m.Data, &old); err != nil {
			return Upgraded{}, err
		}
		sum += old.Old
		add := old.Old
		if o.broken && i == 0 {
			add++
		}
		up.Moves = append(up.Moves, fmt.Appendf(nil, `{"add":%d}`, add))
	}
	up.Snapshot = state(*s.Seed, len(moves), sum)
	up.Hash = hashOf(up.Snapshot)
	return up, nil
}

// writeOldGames writes a file at schema 2 holding games in the older format: a live one, one
// finished and archived, and one already in today's format.
func writeOldGames(t *testing.T, path string) {
	t.Helper()
	s, err := Open(path, Options{NoSync: true, migrations: migrations[:2]})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	old := func(id string, seed int64, moves int, status Status) {
		snap := state(seed, 0, 0)
		if err := s.CreateGame(GameRecord{ID: id, ChannelID: "c-" + id, Setup: fmt.Appendf(nil, `{"v1seed":%d}`, seed),
			Players: []string{"alice", "bob"}, Status: StatusPlaying}, snap, hashOf(snap)); err != nil {
			t.Fatal(err)
		}
		var sum int64
		for i := range moves {
			sum += int64(i + 1)
			snap := state(seed, i+1, sum)
			c := Commit{GameID: id, ExpectSeq: uint64(i), Snapshot: snap, Hash: hashOf(snap), Status: StatusPlaying,
				Move: Move{Actor: "alice", Data: fmt.Appendf(nil, `{"old":%d}`, i+1), InteractionID: fmt.Sprintf("%s-%d", id, i)}}
			if i == moves-1 {
				c.Status = status
			}
			if _, err := s.AppendMove(c); err != nil {
				t.Fatal(err)
			}
		}
	}
	old("live", 1, 5, StatusPlaying)
	old("archived", 2, 4, StatusFinished)
	if n, err := s.Compact(time.Now().Add(time.Hour)); err != nil || n != 1 {
		t.Fatalf("archive: %d, %v", n, err)
	}
	newGame(t, s, "today").mustApply(t, s, 3, "today-1")
}

func TestSchema3UpgradesEveryGamesRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	writeOldGames(t, path)
	s, err := Open(path, Options{NoSync: true, Engine: olderCounter{}})
	if err != nil {
		t.Fatalf("open with the engine: %v", err)
	}
	defer s.Close()
	if v := schemaOf(t, s); v != migrations[len(migrations)-1].version {
		t.Fatalf("schema %d after opening", v)
	}
	for id, want := range map[string]string{"live": `{"seed":1}`, "archived": `{"seed":2}`, "today": ""} {
		rec, err := s.Game(id)
		if err != nil || want != "" && string(rec.Setup) != want || (olderCounter{}).Legacy(rec.Setup) {
			t.Errorf("%s's setup: %s, %v; want today's format %s", id, rec.Setup, err, want)
		}
		moves, err := s.Moves(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			var cm struct{ Add *int64 }
			if json.Unmarshal(m.Data, &cm) != nil || cm.Add == nil {
				t.Errorf("%s's move %d is not upgraded: %s", id, m.Seq, m.Data)
			}
		}
	}
	mustVerify(t, s)
	// The interactions of the old log are still known: a retry changes nothing.
	snap := state(1, 6, 15+100)
	if applied, err := s.AppendMove(Commit{GameID: "live", ExpectSeq: 5, Snapshot: snap, Hash: hashOf(snap), Status: StatusPlaying,
		Move: Move{Actor: "alice", Data: []byte(`{"add":100}`), InteractionID: "live-2"}}); applied || err != nil {
		t.Errorf("a retried old interaction: applied %v, %v", applied, err)
	}
}

func TestSchema3NeedsTheEngineAndChangesNothingWithout(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	writeOldGames(t, path)
	s, err := Open(path, Options{NoSync: true})
	if err == nil {
		s.Close()
		t.Fatal("the file opened without the engine")
	}
	if !errors.Is(err, ErrNeedsEngine) {
		t.Errorf("%v, want ErrNeedsEngine", err)
	}
	old, err := Open(path, Options{NoSync: true, ReadOnly: true, migrations: migrations[:2]})
	if err != nil {
		t.Fatalf("the file is no longer at schema 2: %v", err)
	}
	if rec, err := old.Game("live"); err != nil || string(rec.Setup) != `{"v1seed":1}` {
		t.Errorf("the live game changed: %s, %v", rec.Setup, err)
	}
	old.Close()
}

// TestSchema3SetsAsideAGameThatDoesNotUpgrade: a game whose old record does not upgrade (here the
// engine's upgrade loses a move's points, so the new record does not replay to the old state) is
// set aside whole and untouched, and the file opens with every other game: one bad game never
// stops the bot. The game set aside keeps its old record and state, refuses changes, and Verify
// lists it with the reason.
func TestSchema3SetsAsideAGameThatDoesNotUpgrade(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	writeOldGames(t, path)
	s, err := Open(path, Options{NoSync: true, Engine: olderCounter{broken: true}})
	if err != nil {
		t.Fatalf("one bad game stopped the migration: %v", err)
	}
	defer s.Close()
	if v := schemaOf(t, s); v != SchemaVersion {
		t.Fatalf("schema %d after opening", v)
	}
	for _, id := range []string{"live", "archived"} {
		rec, err := s.Game(id)
		if err != nil || rec.Aside == nil || !strings.Contains(rec.Aside.Reason, "does not upgrade") || !(olderCounter{}).Legacy(rec.Setup) {
			t.Errorf("%s: %+v, %v; want it set aside with its old record", id, rec, err)
		}
	}
	moves, err := s.Moves("live")
	if err != nil || len(moves) != 5 || string(moves[0].Data) != `{"old":1}` {
		t.Fatalf("the live game's old log changed: %v, %v", moves, err)
	}
	snap := state(1, 6, 15)
	if _, err := s.AppendMove(Commit{GameID: "live", ExpectSeq: 5, Snapshot: snap, Hash: hashOf(snap), Status: StatusPlaying,
		Move: Move{Actor: "alice", Data: []byte(`{"add":0}`), InteractionID: "new"}}); !errors.Is(err, ErrAside) {
		t.Fatalf("a move on a game set aside: %v", err)
	}
	rep, err := s.Verify(olderCounter{})
	if err != nil || !rep.OK() || rep.Games != 1 || len(rep.Aside) != 2 {
		t.Fatalf("Verify = %+v, %v", rep, err)
	}
	g := newGame(t, s, "after")
	g.mustApply(t, s, 2, "after-1")
}

// TestSchema3UpgradePicksUpWhereItStopped: a start that upgraded some games and then stopped (a
// crash) leaves a file at schema 2 that the next start finishes, leaving the upgraded games alone.
func TestSchema3UpgradePicksUpWhereItStopped(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	writeOldGames(t, path)
	s, err := Open(path, Options{NoSync: true, migrations: migrations[:2]})
	if err != nil {
		t.Fatal(err)
	}
	env := migrationEnv{path: path, engine: olderCounter{}, log: s.log}
	if done, err := upgradeLive(s.db, env, "live"); err != nil || !done {
		t.Fatalf("upgrade one game: %v, %v", done, err)
	}
	if done, err := upgradeLive(s.db, env, "live"); err != nil || done {
		t.Fatalf("upgrade it again: %v, %v; want nothing done", done, err)
	}
	s.Close()
	s, err = Open(path, Options{NoSync: true, Engine: olderCounter{}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	mustVerify(t, s)
}
