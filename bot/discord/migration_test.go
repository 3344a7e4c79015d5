package discord

import (
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// The fixture of testdata/records-v1 was written by the bot before a game's record became its
// steps (commit fbfbf94, the generator TestWriteRecordFixture of that commit): a database whose
// games are recorded as the inputs that made them, on every map and with every kind of entry, two
// admin exports and three /carc export documents of record version 1, and a manifest of what that
// bot said of each game.
const recordsV1 = "testdata/records-v1"

// fixtureManifest is the part of the manifest the tests read.
type fixtureManifest struct {
	Commit  string            `json:"commit"`
	Exports map[string]string `json:"exports"`
	Records map[string]string `json:"records"`
	Games   []struct {
		ID           string         `json:"id"`
		Scenario     string         `json:"scenario"`
		Map          string         `json:"map"`
		Status       storage.Status `json:"status"`
		TableStatus  table.Status   `json:"table_status"`
		Seq          uint64         `json:"seq"`
		StoreHash    string         `json:"store_hash"`
		SnapshotHash string         `json:"snapshot_hash"`
		GameHash     string         `json:"game_hash"`
		Moves        int            `json:"moves"`
	} `json:"games"`
}

func readManifest(t *testing.T) fixtureManifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(recordsV1, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m fixtureManifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Games) < 15 {
		t.Fatalf("the manifest lists %d games", len(m.Games))
	}
	return m
}

// fixtureDatabase is a copy of the fixture's database in a temporary directory.
func fixtureDatabase(t *testing.T) string {
	t.Helper()
	f, err := os.Open(filepath.Join(recordsV1, "carcassonne.db.gz"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "carcassonne.db")
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if _, err := io.Copy(out, zr); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestADatabaseOfTheLastVersionIsMigratedAndEveryGameReplays: today's bot opens the fixture's
// database, backs it up and upgrades every game's record to steps; each game keeps its state to
// the byte (the table's snapshot hash, the engine's hash and the status the old bot stored, a
// Taiwan meeple that counts 2 among them), its new record replays to it, and the games play on.
func TestADatabaseOfTheLastVersionIsMigratedAndEveryGameReplays(t *testing.T) {
	t.Parallel()
	m := readManifest(t)
	path := fixtureDatabase(t)
	if _, err := storage.Open(path, storage.Options{NoSync: true}); !errors.Is(err, storage.ErrNeedsEngine) {
		t.Fatalf("opening the old database without the engine: %v, want ErrNeedsEngine", err)
	}
	store, err := storage.Open(path, storage.Options{NoSync: true, Engine: bot.Engine{}})
	if err != nil {
		t.Fatalf("open the old database: %v", err)
	}
	defer store.Close()
	if _, err := os.Stat(path + ".schema-v2.bak"); err != nil {
		t.Errorf("no backup of the old database: %v", err)
	}
	weighed := false
	for _, g := range m.Games {
		rec, err := store.Game(g.ID)
		if err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		if rec.Status != g.Status || rec.Seq != g.Seq || rec.Hash != g.StoreHash {
			t.Errorf("%s (%s): status %s, seq %d, hash %s; the old bot stored %s, %d, %s", g.ID, g.Scenario, rec.Status, rec.Seq, rec.Hash,
				g.Status, g.Seq, g.StoreHash)
		}
		snap, err := store.Snapshot(g.ID)
		if err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		tbl, err := table.Load(snap.State)
		if err != nil {
			t.Fatalf("%s: %v", g.ID, err)
		}
		if table.SnapshotHash(snap.State) != g.SnapshotHash || tbl.Status != g.TableStatus || len(tbl.Moves) != g.Moves {
			t.Errorf("%s (%s): the table is not the one the old bot stored", g.ID, g.Scenario)
		}
		if tbl.Game != nil && tbl.Game.Hash() != g.GameHash {
			t.Errorf("%s (%s): the game's hash %s, the old bot's %s", g.ID, g.Scenario, tbl.Game.Hash(), g.GameHash)
		}
		if tbl.Game != nil {
			for _, mp := range tbl.Game.Meeples {
				weighed = weighed || mp.Weight == 2
			}
		}
		moves, err := store.Moves(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		steps, err := bot.DecodeRecord(rec.Setup, moves)
		if err != nil || len(steps) != int(g.Seq)+1 || steps[0].Events[0].Kind != table.KindCreate {
			t.Fatalf("%s: the record is not steps: %v", g.ID, err)
		}
		replayed, err := table.Replay(steps)
		if err != nil {
			t.Fatalf("%s (%s): the new record does not replay: %v", g.ID, g.Scenario, err)
		}
		if h, _ := replayed.Hash(); h != g.SnapshotHash {
			t.Errorf("%s (%s): the new record replays to another table", g.ID, g.Scenario)
		}
	}
	if !weighed {
		t.Error("no game of the fixture has a meeple that counts 2 (a Taiwan upgrade), whose snapshot key the hashes must hold")
	}
	rep, err := store.Verify(bot.Engine{})
	if err != nil || !rep.OK() || rep.Games != len(m.Games) {
		t.Fatalf("verify after the migration: %+v, %v", rep, err)
	}
	playOn(t, store, m)
}

// playOn plays on in every game of the migrated database that runs or waits in its lobby
// (playOnGame); the record takes the new steps and still replays.
func playOn(t *testing.T, store *storage.Store, m fixtureManifest) {
	t.Helper()
	played := 0
	for _, g := range m.Games {
		if !g.Status.Terminal() {
			playOnGame(t, store, g.ID, g.Scenario)
			played++
		}
	}
	if played < 4 {
		t.Fatalf("only %d games of the fixture play on", played)
	}
	if rep, err := store.Verify(bot.Engine{}); err != nil || !rep.OK() {
		t.Fatalf("verify after playing on: %+v, %v", rep, err)
	}
}

// TestAnExportOfTheLastVersionImports: an admin export the last version wrote (its record the
// inputs that made the game) imports into today's database: its record upgraded, its state as
// exported.
func TestAnExportOfTheLastVersionImports(t *testing.T) {
	t.Parallel()
	m := readManifest(t)
	store, err := storage.Open(filepath.Join(t.TempDir(), "new.db"), storage.Options{NoSync: true, Engine: bot.Engine{}})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	for file, id := range m.Exports {
		data, err := os.ReadFile(filepath.Join(recordsV1, file))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := store.Import(data, bot.Engine{})
		if err != nil || rec.ID != id {
			t.Fatalf("import %s: %+v, %v", file, rec.ID, err)
		}
		for _, g := range m.Games {
			if g.ID == id && rec.Hash != g.StoreHash {
				t.Errorf("%s: imported with hash %s, the old bot's %s", file, rec.Hash, g.StoreHash)
			}
		}
		moves, err := store.Moves(id)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := bot.DecodeRecord(rec.Setup, moves); err != nil || commands.IsLegacy(rec.Setup) {
			t.Errorf("%s: the imported record is not steps: %v", file, err)
		}
	}
	if rep, err := store.Verify(bot.Engine{}); err != nil || !rep.OK() || rep.Games != len(m.Exports) {
		t.Fatalf("verify after the imports: %+v, %v", rep, err)
	}
}

// TestARecordOfTheLastVersionReplays: the /carc export documents of record version 1 still read
// and replay, every hash as recorded; a running game's is refused for its missing deal.
func TestARecordOfTheLastVersionReplays(t *testing.T) {
	t.Parallel()
	m := readManifest(t)
	complete := 0
	for file := range m.Records {
		data, err := os.ReadFile(filepath.Join(recordsV1, file))
		if err != nil {
			t.Fatal(err)
		}
		d, err := record.Parse(data)
		if err != nil || d.Version != 1 {
			t.Fatalf("%s: version %d, %v", file, d.Version, err)
		}
		_, err = record.Replay(d)
		switch {
		case d.Complete && err != nil:
			t.Errorf("%s: %v", file, err)
		case d.Complete:
			complete++
			if _, _, err := record.TableAt(d, 5); err != nil {
				t.Errorf("%s: play on from turn 5: %v", file, err)
			}
		case err == nil || !strings.Contains(err.Error(), "running game"):
			t.Errorf("%s, a running game's: %v", file, err)
		}
	}
	if complete < 2 {
		t.Fatalf("%d complete records in the fixture", complete)
	}
}
