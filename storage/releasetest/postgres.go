package releasetest

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// PGFormat is the format name of a PostgreSQL fixture's manifest.
const PGFormat = "carcassonne-maps-bot/postgres-release-fixture"

// PGFixture is a PostgreSQL database written by an earlier release, one for each schema of
// storage/postgres so far: that release's own stores copied the BoltDB fixture From into it, as its
// bot migrate did, and pg_dump kept it as SQL (testdata/gen/generate-pg.sh). A host that ran that
// release on PostgreSQL has such a database.
type PGFixture struct {
	Dir     string `json:"-"` // the folder in testdata, "pg4"
	Format  string `json:"format"`
	Schema  int    `json:"schema"` // storage/postgres's schema version
	Commit  string `json:"commit"`
	Subject string `json:"subject"`
	From    string `json:"from"`   // the BoltDB fixture it holds, "v4"
	Server  string `json:"server"` // the PostgreSQL that pg_dump wrote it from
	Copied  struct {
		Games   []PGGame `json:"games"`
		Players int      `json:"players"`
		Leagues int      `json:"leagues"`
	} `json:"copied"`
}

// PGGame is a game as the old release stored it in PostgreSQL.
type PGGame struct {
	ID     string         `json:"id"`
	Status storage.Status `json:"status"`
	Seq    uint64         `json:"seq"`
	Hash   string         `json:"hash"`
	Timers int            `json:"timers"`
}

// PG returns every PostgreSQL fixture, oldest schema first.
func PG(t testing.TB) []PGFixture {
	t.Helper()
	dirs, err := fs.Glob(files, "testdata/pg*")
	if err != nil {
		t.Fatal(err)
	}
	var out []PGFixture
	for _, dir := range dirs {
		f := PGFixture{Dir: path.Base(dir)}
		data, err := files.ReadFile(path.Join(dir, "manifest.json"))
		if err != nil {
			t.Fatalf("release fixture %s: %v", f.Dir, err)
		}
		if err := json.Unmarshal(data, &f); err != nil || f.Format != PGFormat || len(f.Copied.Games) == 0 {
			t.Fatalf("release fixture %s: manifest.json is not a manifest of %s with games: %v", f.Dir, PGFormat, err)
		}
		if want := fmt.Sprintf("pg%d", f.Schema); f.Dir != want {
			t.Fatalf("release fixture %s holds a database of schema %d: it belongs in %s", f.Dir, f.Schema, want)
		}
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b PGFixture) int { return a.Schema - b.Schema })
	if len(out) == 0 {
		t.Fatal("no PostgreSQL release fixture")
	}
	return out
}

// SQL is the database as pg_dump wrote it: statements that make it again in an empty database.
func (f PGFixture) SQL(t testing.TB) string {
	t.Helper()
	data, err := files.ReadFile(path.Join("testdata", f.Dir, "dump.sql.gz"))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("release fixture %s: %v", f.Dir, err)
	}
	sql, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("release fixture %s: %v", f.Dir, err)
	}
	return string(sql)
}

// Source is the BoltDB fixture the database was copied from, whose manifest says what the old bot
// stored of each game and league.
func (f PGFixture) Source(t testing.TB) Fixture {
	t.Helper()
	for _, fx := range All(t) {
		if fx.Dir == f.From {
			return fx
		}
	}
	t.Fatalf("release fixture %s was copied from %s, which is not a fixture", f.Dir, f.From)
	return Fixture{}
}
