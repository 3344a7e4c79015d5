// Package releasetest holds a database written by an earlier release of this bot for every schema
// version so far, and reads them for the tests that upgrade them (bot, cmd/bot). Each fixture was
// written by that release's own code: testdata/gen/generate.sh checks the release out of the
// repository's history, builds it and plays a scripted history through its bot and its fake
// Discord, covering every map, command and administrative action it had, games running with
// timers, leagues mid-season and ratings. testdata/gen/README.md says how to add the next one.
//
// A fixture is a folder testdata/vN (PostgreSQL's are testdata/pgN: PGFixture): the gzipped BoltDB file, a few admin exports (bot export
// --admin), /carc export records and league exports, and manifest.json, which says what the old
// bot stored of every game (status, log length, hash, timers) for today's code to compare with.
package releasetest

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

//go:embed testdata/v*/* testdata/pg*/*
var files embed.FS

// Format is the manifest's format name.
const Format = "carcassonne-maps-bot/release-fixture"

// Fixture is the database of one earlier release and what that release stored in it.
type Fixture struct {
	Dir string // the folder in testdata, "v2"
	Manifest
}

// Manifest is manifest.json.
type Manifest struct {
	Format string `json:"format"`
	// Schema is the database's schema version; Commit and Subject the release that wrote it.
	Schema    int       `json:"schema"`
	Commit    string    `json:"commit"`
	Subject   string    `json:"subject"`
	Dirty     bool      `json:"dirty"`
	Generator string    `json:"generator"`
	Written   time.Time `json:"written"`
	// ClockStart and ClockEnd are the old bot's clock at its first and last step.
	ClockStart time.Time `json:"clock_start"`
	ClockEnd   time.Time `json:"clock_end"`
	Database   string    `json:"database"`
	// Exports are admin exports (bot export --admin), Records /carc export documents,
	// LeagueExports bot export --league documents: file name, and the game or league.
	Exports       map[string]string `json:"exports"`
	Records       map[string]string `json:"records,omitempty"`
	LeagueExports map[string]string `json:"league_exports,omitempty"`
	// Maps counts the games of each map; Actions the commands and clicks the old bot accepted
	// and the steps it took on its own, over the whole database.
	Maps    map[string]int `json:"maps"`
	Actions map[string]int `json:"actions"`
	Leagues []League       `json:"leagues,omitempty"`
	// Ratings counts the players of the server's overall leaderboard.
	Ratings int    `json:"ratings,omitempty"`
	Games   []Game `json:"games"`
}

// League is a league of the fixture and its current season.
type League struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Season   int    `json:"season"`
	Games    int    `json:"games"`
	Done     int    `json:"done"`
	Running  int    `json:"running"`
	Complete bool   `json:"complete"`
}

// Game is a game as the old bot stored it.
type Game struct {
	ID       string         `json:"id"`
	Scenario string         `json:"scenario"`
	Map      string         `json:"map"`
	Status   storage.Status `json:"status"` // the store's
	Table    string         `json:"table"`  // the status of the table in its snapshot
	Place    string         `json:"place"`
	Thread   bool           `json:"thread,omitempty"`
	League   string         `json:"league,omitempty"`
	Seq      uint64         `json:"seq"`
	Hash     string         `json:"hash"`
	Turn     int            `json:"turn,omitempty"`
	Seats    []string       `json:"seats"`
	// Timers are the game's timers, as "KIND TIME".
	Timers  []string       `json:"timers,omitempty"`
	Actions map[string]int `json:"actions"`
}

// Running tells whether the game was not over for the old bot's store.
func (g Game) Running() bool { return !g.Status.Terminal() }

// All returns every fixture, oldest schema first.
func All(t testing.TB) []Fixture {
	t.Helper()
	dirs, err := fs.Glob(files, "testdata/v*")
	if err != nil {
		t.Fatal(err)
	}
	var out []Fixture
	for _, dir := range dirs {
		f := Fixture{Dir: path.Base(dir)}
		data, err := files.ReadFile(path.Join(dir, "manifest.json"))
		if err != nil {
			t.Fatalf("release fixture %s: %v", f.Dir, err)
		}
		if err := json.Unmarshal(data, &f.Manifest); err != nil || f.Format != Format || len(f.Games) == 0 {
			t.Fatalf("release fixture %s: manifest.json is not a manifest of %s with games: %v", f.Dir, Format, err)
		}
		if want := fmt.Sprintf("v%d", f.Schema); f.Dir != want {
			t.Fatalf("release fixture %s holds a database of schema %d: it belongs in %s", f.Dir, f.Schema, want)
		}
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b Fixture) int { return a.Schema - b.Schema })
	if len(out) == 0 {
		t.Fatal("no release fixture")
	}
	return out
}

// File is one of the fixture's files.
func (f Fixture) File(t testing.TB, name string) []byte {
	t.Helper()
	data, err := files.ReadFile(path.Join("testdata", f.Dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Unpack writes the fixture's database, unzipped, into a new file in dir and returns its path.
func (f Fixture) Unpack(t testing.TB, dir string) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(f.File(t, f.Database)))
	if err != nil {
		t.Fatalf("release fixture %s: %v", f.Dir, err)
	}
	p := filepath.Join(dir, "carcassonne-"+f.Dir+".db")
	out, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, zr); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

// Game is the manifest's game of id.
func (f Fixture) Game(id string) (Game, bool) {
	i := slices.IndexFunc(f.Games, func(g Game) bool { return g.ID == id })
	if i < 0 {
		return Game{}, false
	}
	return f.Games[i], true
}
