package bot

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// recordManifest is manifest.json: for every game of the fixture database, what its log holds and
// the state it must replay to, which a migration test compares against.
type recordManifest struct {
	Format  string    `json:"format"`
	Commit  string    `json:"commit"`      // git rev-parse HEAD of the code that wrote the fixture
	Dirty   bool      `json:"dirty"`       // the tree had changes beside the fixture itself
	Written time.Time `json:"written"`     // when it was written (wall clock)
	Clock   time.Time `json:"clock_start"` // the bot's clock at the first move
	Command string    `json:"command"`
	// Database is the gzipped BoltDB file; Exports and Records name the other files with the
	// game each is of.
	Database string            `json:"database"`
	Exports  map[string]string `json:"exports"`
	Records  map[string]string `json:"records"`
	Games    []manifestGame    `json:"games"`
}

const recordManifestFormat = "carcassonne-maps-bot/record-fixture"

// manifestGame is one game of the database.
type manifestGame struct {
	ID       string `json:"id"`
	Scenario string `json:"scenario"`
	Map      string `json:"map"`
	// Status is the store's; TableStatus the snapshot's table's (they differ for a league game
	// adjudicated at its round's deadline, which the store ends without a move).
	Status      storage.Status  `json:"status"`
	TableStatus commands.Status `json:"table_status"`
	Place       string          `json:"place"` // the channel, or the thread when Thread
	Thread      bool            `json:"thread,omitempty"`
	League      string          `json:"league,omitempty"`
	// Seq is the length of the log (the entries after the setup, which is the /carc new input).
	Seq uint64 `json:"seq"`
	// StoreHash is storage.GameRecord.Hash; SnapshotHash is commands.SnapshotHash of the stored
	// snapshot; GameHash the engine's hash of the table's game (game.Game.Hash), none in a lobby.
	StoreHash    string         `json:"store_hash"`
	SnapshotHash string         `json:"snapshot_hash"`
	GameHash     string         `json:"game_hash,omitempty"`
	Turn         int            `json:"turn"`
	Moves        int            `json:"moves"` // engine moves in the table's log
	Seats        []manifestSeat `json:"seats"`
	Entries      entryCounts    `json:"entries"`
}

// manifestSeat is a seat in order, with its score once the game started.
type manifestSeat struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Score    *int   `json:"score,omitempty"`
	Resigned bool   `json:"resigned,omitempty"`
	// LeftBy is the person who left the seat to an AI (leaving:ai).
	LeftBy string `json:"left_by,omitempty"`
}

// entryCounts counts a log's entries by kind (commands.Entry), the clicks that chose in a menu
// (Click.Values), then the inputs by command and the clicks by component verb (a vote with its
// answer).
type entryCounts struct {
	Input       int            `json:"input"`
	Click       int            `json:"click"`
	MenuChoice  int            `json:"menu_choice"`
	TimeoutSkip int            `json:"timeout_skip"`
	TimeoutAuto int            `json:"timeout_auto"`
	AI          int            `json:"ai"`
	LeagueMark  int            `json:"league_mark"`
	Unattended  int            `json:"unattended"`
	Expired     int            `json:"expired"`
	Commands    map[string]int `json:"commands,omitempty"`
	Clicks      map[string]int `json:"clicks,omitempty"`
}

// write stops the bot and writes the fixture: the database, the exports, the records and the
// manifest; then checks them with today's code.
func (f *recordFixture) write() {
	h := f.h
	t := h.t
	commit, dirty := fixtureGitState(t)
	h.stop()
	dir := recordFixtureDir
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	gzipFixture(t, h.db, filepath.Join(dir, "carcassonne.db.gz"))

	store, err := storage.Open(h.db, storage.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	m := recordManifest{Format: recordManifestFormat, Commit: commit, Dirty: dirty, Written: time.Now().UTC().Truncate(time.Second),
		Clock: fixtureEpoch, Command: "go test ./bot -run TestWriteRecordFixture -write-record-fixture",
		Database: "carcassonne.db.gz", Exports: map[string]string{}, Records: map[string]string{}}
	var total entryCounts
	for _, g := range f.games {
		mg := manifestEntry(t, store, g)
		m.Games = append(m.Games, mg)
		total.add(mg.Entries)
	}
	if total.Input == 0 || total.Click == 0 || total.MenuChoice == 0 || total.TimeoutSkip == 0 || total.TimeoutAuto == 0 || total.AI == 0 {
		t.Fatalf("the fixture lacks a kind of record entry: %+v", total)
	}
	for _, id := range f.exports {
		// Byte for byte what `bot export --admin ID` prints (cmd/bot: RunAdmin, then a newline).
		resp := RunAdmin(store, AdminRequest{Op: "export", Game: id, Admin: true})
		if !resp.OK {
			t.Fatalf("export %s: %s", id, resp.Error)
		}
		name := "export-" + id + ".json"
		writeFixtureFile(t, filepath.Join(dir, name), append(resp.Export, '\n'))
		m.Exports[name] = id
	}
	for name, data := range f.records {
		r, err := commands.ParseRecord(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if r.Complete {
			if _, err := commands.ReplayRecord(r); err != nil {
				t.Fatalf("%s does not replay: %v", name, err)
			}
		}
		writeFixtureFile(t, filepath.Join(dir, name), data)
		m.Records[name] = r.Game
	}
	doc, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	writeFixtureFile(t, filepath.Join(dir, "manifest.json"), append(doc, '\n'))
	verifyFixtureCopy(t, h.db, len(f.games))
}

func (c *entryCounts) add(o entryCounts) {
	c.Input += o.Input
	c.Click += o.Click
	c.MenuChoice += o.MenuChoice
	c.TimeoutSkip += o.TimeoutSkip
	c.TimeoutAuto += o.TimeoutAuto
	c.AI += o.AI
}

// manifestEntry reads one game back from the store.
func manifestEntry(t *testing.T, store *storage.Store, g fixtureGame) manifestGame {
	t.Helper()
	rec, err := store.Game(g.id)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := store.Snapshot(g.id)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := commands.LoadTable(snap.State)
	if err != nil {
		t.Fatal(err)
	}
	mg := manifestGame{ID: g.id, Scenario: g.scenario, Map: tbl.Settings.Map, Status: rec.Status, TableStatus: tbl.Status,
		Place: rec.Place(), Thread: rec.ThreadID != "", League: rec.League, Seq: rec.Seq, StoreHash: rec.Hash,
		SnapshotHash: commands.SnapshotHash(snap.State), Moves: len(tbl.Moves)}
	if mg.StoreHash != mg.SnapshotHash {
		t.Fatalf("game %s: the store's hash %s is not its snapshot's %s", g.id, mg.StoreHash, mg.SnapshotHash)
	}
	if tbl.Game != nil {
		mg.GameHash, mg.Turn = tbl.Game.Hash(), tbl.Game.Turn
	}
	for i, u := range tbl.Seats {
		s := manifestSeat{ID: u.ID, Name: u.Name, LeftBy: tbl.LeftBy(i).ID}
		if tbl.Game != nil {
			p := tbl.Game.Players[i]
			s.Score, s.Resigned = &p.Score, p.Resigned
		}
		mg.Seats = append(mg.Seats, s)
	}
	moves, err := store.Moves(g.id)
	if err != nil {
		t.Fatal(err)
	}
	if uint64(len(moves)) != rec.Seq {
		t.Fatalf("game %s: %d log entries, seq %d", g.id, len(moves), rec.Seq)
	}
	mg.Entries = countRecordEntries(t, g.id, moves)
	return mg
}

func countRecordEntries(t *testing.T, id string, moves []storage.Move) entryCounts {
	c := entryCounts{Commands: map[string]int{}, Clicks: map[string]int{}}
	for _, m := range moves {
		var e commands.Entry
		if err := json.Unmarshal(m.Data, &e); err != nil {
			t.Fatalf("game %s, entry %d: %v", id, m.Seq, err)
		}
		switch {
		case e.Input != nil:
			c.Input++
			c.Commands[strings.TrimSpace(e.Input.Command+" "+e.Input.Sub)]++
		case e.Click != nil:
			c.Click++
			comp, err := commands.ParseComponentID(e.Click.ID)
			if err != nil {
				t.Fatalf("game %s, entry %d: %v", id, m.Seq, err)
			}
			verb := comp.Verb
			if verb == "undo" || verb == "kick" {
				verb += ":" + comp.Arg
			}
			c.Clicks[verb]++
			if len(e.Click.Values) > 0 {
				c.MenuChoice++
			}
		case e.AI:
			c.AI++
		case e.Timeout == commands.PolicySkip:
			c.TimeoutSkip++
		case e.Timeout == commands.PolicyAuto:
			c.TimeoutAuto++
		case e.League != nil:
			c.LeagueMark++
		case e.Unattended:
			c.Unattended++
		case e.Expired > 0:
			c.Expired++
		default:
			t.Fatalf("game %s, entry %d: an entry of no known kind: %s", id, m.Seq, m.Data)
		}
	}
	return c
}

// fixtureGitState is the commit the fixture is written from, and whether the tree differs from it
// (the fixture's own files aside).
func fixtureGitState(t *testing.T) (string, bool) {
	t.Helper()
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatalf("git rev-parse HEAD: %v", err)
	}
	status, err := exec.Command("git", "status", "--porcelain", "--", ":/", ":(exclude)"+recordFixtureDir).Output()
	if err != nil {
		t.Fatalf("git status: %v", err)
	}
	return strings.TrimSpace(string(head)), len(strings.TrimSpace(string(status))) > 0
}

func gzipFixture(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	zw, err := gzip.NewWriterLevel(out, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	zw.Name = "carcassonne.db"
	_, err = io.Copy(zw, in)
	if err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = out.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
}

func writeFixtureFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// verifyFixtureCopy runs bot verify's check on a copy of the database: every game replays from its log to
// its snapshot, none rebuilt, and the manifest lists every game.
func verifyFixtureCopy(t *testing.T, db string, games int) {
	t.Helper()
	data, err := os.ReadFile(db)
	if err != nil {
		t.Fatal(err)
	}
	cp := filepath.Join(t.TempDir(), "verify.db")
	writeFixtureFile(t, cp, data)
	store, err := storage.Open(cp, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	rep, err := store.Verify(Engine{})
	if err != nil || !rep.OK() || rep.Games != games {
		t.Fatalf("verify: %d games (the manifest has %d), report %+v, %v", rep.Games, games, rep, err)
	}
}
