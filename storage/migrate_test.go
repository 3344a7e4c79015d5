package storage

import (
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

var writeV1Fixture = flag.Bool("write-v1-fixture", false,
	"rewrite testdata/schema-v1.db.gz (only meaningful while the schema is at version 1)")

const v1Fixture = "testdata/schema-v1.db.gz"

// TestSchemaV1Fixture opens a database written by schema version 1 (testdata/schema-v1.db.gz) with
// the current code, which migrates it, and checks that everything in it is still there and still
// replays. Its snapshots come from syntheticState, so changing that function means rewriting the
// fixture (while the schema is at version 1:
// go test ./storage -run TestSchemaV1Fixture -write-v1-fixture) or adapting this test.
func TestSchemaV1Fixture(t *testing.T) {
	if *writeV1Fixture {
		writeFixture(t)
	}
	path := filepath.Join(t.TempDir(), "v1.db")
	gunzipFile(t, v1Fixture, path)
	// The fixture's games are the counter's, whose records the upgrade of schema 3 leaves alone.
	s, err := Open(path, Options{NoSync: true, Engine: counter{}})
	if err != nil {
		t.Fatalf("open the v1 database: %v", err)
	}
	defer s.Close()
	if v := schemaOf(t, s); v != migrations[len(migrations)-1].version {
		t.Errorf("schema %d after opening", v)
	}
	mustVerify(t, s)

	if rec, err := s.Game("active-1"); err != nil || rec.Seq != 12 || rec.Status != StatusPlaying {
		t.Errorf("active-1 = %+v, %v", rec, err)
	}
	if id, _, _ := s.ActiveGame("t1"); id != "lobby-1" {
		t.Errorf("thread t1 plays %q", id)
	}
	for _, id := range []string{"finished-1", "archived-1"} {
		if moves, err := s.Moves(id); err != nil || len(moves) != 30 {
			t.Errorf("%s: %d moves, %v", id, len(moves), err)
		}
	}
	if st, _ := s.PlayerStats("alice"); st.Played != 2 {
		t.Errorf("alice's stats %+v", st)
	}
	if set, _ := s.PlayerSettings("alice"); set.TimeZone != "Europe/Paris" {
		t.Errorf("alice's settings %+v", set)
	}
	if due, _ := s.DueTimers(t0.AddDate(0, 0, 2)); len(due) != 1 || due[0].GameID != "active-1" {
		t.Errorf("timers %+v", due)
	}
	// The migrated file takes moves.
	g := &testGame{id: "active-1", seed: 1, seq: 12, sum: 12 * 11 / 2}
	g.mustApply(t, s, 1, "after-migration")
	mustVerify(t, s)
}

// writeFixture writes the v1 fixture with the current code.
func writeFixture(t *testing.T) {
	if v := migrations[len(migrations)-1].version; v != 1 {
		t.Fatalf("the schema is at version %d: a v1 fixture can only be written by version 1", v)
	}
	path := filepath.Join(t.TempDir(), "v1.db")
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	play := func(id, place string, moves int) *testGame {
		g := &testGame{id: id, seed: 1}
		rec := g.record(place)
		rec.Created = t0
		snap := syntheticState(g.seed, 0, 0)
		if err := s.CreateGame(rec, snap, hashOf(snap)); err != nil {
			t.Fatal(err)
		}
		for i := range moves {
			g.mustApply(t, s, int64(i), fmt.Sprintf("%s-%d", id, i))
		}
		return g
	}
	g := play("active-1", "c0", 12)
	if err := s.SetTimers(g.id, []Timer{{Kind: "deadline", UserID: "bob", At: t0.AddDate(0, 0, 1)}}); err != nil {
		t.Fatal(err)
	}
	lobby := &testGame{id: "lobby-1", seed: 1}
	rec := lobby.record("c1")
	rec.ThreadID, rec.Status, rec.Created = "t1", StatusLobby, t0
	snap := syntheticState(1, 0, 0)
	if err := s.CreateGame(rec, snap, hashOf(snap)); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"finished-1", "archived-1"} {
		play(id, "c-"+id, 30)
		if err := s.Finish(id, StatusFinished, []Standing{{"alice", 50, 1}, {"bob", 20, 2}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.archive("archived-1"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPlayerSettings("alice", Settings{TimeZone: "Europe/Paris", QuietStart: "23:00", QuietEnd: "08:00"}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	in, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(v1Fixture)
	if err != nil {
		t.Fatal(err)
	}
	zw, _ := gzip.NewWriterLevel(out, gzip.BestCompression)
	if _, err := zw.Write(in); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", v1Fixture)
}

func gunzipFile(t *testing.T, src, dst string) {
	t.Helper()
	f, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if _, err := io.Copy(out, zr); err != nil {
		t.Fatal(err)
	}
}

func schemaOf(t *testing.T, s *Store) int {
	t.Helper()
	var v int
	if err := s.view(func(tx *bolt.Tx) (err error) { v, err = readVersion(tx); return err }); err != nil {
		t.Fatal(err)
	}
	return v
}

// testV2 is a test-only version 2 that adds a bucket, to run the migration runner on a file that
// holds data.
var testV2 = migration{version: 2, name: "test: add a bucket", apply: func(tx *bolt.Tx) error {
	_, err := tx.CreateBucket([]byte("v2-only"))
	return err
}}

func TestMigrationRunner(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	v1 := migrations[:1]
	s, err := Open(path, Options{NoSync: true, migrations: v1})
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, s, "g1")
	g.mustApply(t, s, 4, "m1")
	s.Close()

	s, err = Open(path, Options{NoSync: true, migrations: []migration{v1[0], testV2}})
	if err != nil {
		t.Fatalf("migrating to v2: %v", err)
	}
	if v := schemaOf(t, s); v != 2 {
		t.Errorf("schema %d, want 2", v)
	}
	if err := s.view(func(tx *bolt.Tx) error {
		if tx.Bucket([]byte("v2-only")) == nil {
			return errors.New("the v2 bucket is missing")
		}
		return nil
	}); err != nil {
		t.Error(err)
	}
	mustVerify(t, s)
	s.Close()

	// The copy taken before migrating is the v1 file.
	backup, err := Open(path+".schema-v1.bak", Options{NoSync: true, migrations: v1})
	if err != nil {
		t.Fatalf("open the pre-migration backup: %v", err)
	}
	defer backup.Close()
	if v := schemaOf(t, backup); v != 1 {
		t.Errorf("backup at schema %d", v)
	}
	mustVerify(t, backup)

	// A bot that knows only v1 refuses the v2 file.
	if _, err := Open(path, Options{migrations: v1}); !errors.Is(err, ErrSchema) {
		t.Errorf("opening a newer schema: %v, want ErrSchema", err)
	}
}

func TestFailedMigrationChangesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	v1 := migrations[:1]
	s, err := Open(path, Options{NoSync: true, migrations: v1})
	if err != nil {
		t.Fatal(err)
	}
	newGame(t, s, "g1").mustApply(t, s, 1, "m1")
	s.Close()

	broken := migration{version: 2, name: "test: fails halfway", apply: func(tx *bolt.Tx) error {
		if _, err := tx.CreateBucket([]byte("half")); err != nil {
			return err
		}
		return errors.New("boom")
	}}
	if _, err := Open(path, Options{NoSync: true, migrations: []migration{v1[0], broken}}); err == nil {
		t.Fatal("a failing migration opened the store")
	}
	s, err = Open(path, Options{NoSync: true, migrations: v1})
	if err != nil {
		t.Fatalf("reopen at v1: %v", err)
	}
	defer s.Close()
	if v := schemaOf(t, s); v != 1 {
		t.Errorf("schema %d after a failed migration", v)
	}
	if err := s.view(func(tx *bolt.Tx) error {
		if tx.Bucket([]byte("half")) != nil {
			return errors.New("the failed migration left a bucket")
		}
		return nil
	}); err != nil {
		t.Error(err)
	}
	mustVerify(t, s)
}

func TestForeignBoltFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error { _, err := tx.CreateBucket([]byte("widgets")); return err }); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := Open(path, Options{}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("another program's database: %v, want ErrCorrupt", err)
	}
}
