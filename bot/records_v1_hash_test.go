package bot_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// The engine's state hash (game.Game.Hash, the SHA-256 of game.Game.Snapshot) is published: a
// complete record carries it after every move, and bot replay and bot verify check it. So the
// snapshot of every state an earlier engine could reach must keep its bytes. These tests hold the
// engine to the fixture that engine wrote (testdata/records-v1, see its manifest.json).

const recordsV1 = "testdata/records-v1"

// v1Manifest is the part of manifest.json these tests read.
type v1Manifest struct {
	Database string            `json:"database"`
	Records  map[string]string `json:"records"`
	Games    []struct {
		ID       string `json:"id"`
		Map      string `json:"map"`
		GameHash string `json:"game_hash"`
		Moves    int    `json:"moves"`
	} `json:"games"`
}

func readV1Manifest(t *testing.T) v1Manifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(recordsV1, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m v1Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("manifest.json: %v", err)
	}
	return m
}

// TestV1RecordsReplayWithEveryHashAsRecorded: every complete record of the fixture replays from
// its deal, each move to the state hash the earlier engine recorded after it.
func TestV1RecordsReplayWithEveryHashAsRecorded(t *testing.T) {
	complete := 0
	for name := range readV1Manifest(t).Records {
		data, err := os.ReadFile(filepath.Join(recordsV1, name))
		if err != nil {
			t.Fatal(err)
		}
		r, err := commands.ParseRecord(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !r.Complete {
			continue
		}
		complete++
		if _, err := commands.ReplayRecord(r); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if complete < 2 {
		t.Fatalf("%d complete records in the fixture, want at least 2", complete)
	}
}

// TestV1DatabaseGamesKeepTheirEngineHashes: every game of the fixture database that started
// replays from its setup and moves to the engine hash of the manifest, and its stored engine
// snapshot restores to a game whose snapshot is the stored one byte for byte. Among them are
// states with a meeple that counts 2 (a Taiwan upgrade), which the snapshot writes in a key of its
// own. The fixture has no extra turn; variants' TestSnapshotsKeepTheirHashes covers those, on
// games the earlier engine played on every map.
func TestV1DatabaseGamesKeepTheirEngineHashes(t *testing.T) {
	m := readV1Manifest(t)
	store, err := storage.Open(gunzipV1(t, m.Database), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	started, weighed := 0, false
	for _, mg := range m.Games {
		if mg.GameHash == "" {
			continue
		}
		started++
		snap, err := store.Snapshot(mg.ID)
		if err != nil {
			t.Fatal(err)
		}
		tbl, err := commands.LoadTable(snap.State)
		if err != nil {
			t.Fatalf("game %s: %v", mg.ID, err)
		}
		var stored struct {
			Game json.RawMessage `json:"game"`
		}
		if err := json.Unmarshal(snap.State, &stored); err != nil {
			t.Fatal(err)
		}
		again, err := tbl.Game.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, stored.Game) {
			t.Errorf("game %s (%s): the stored engine snapshot restores to a game whose snapshot differs:\nstored  %s\nrestored %s", mg.ID, mg.Map, stored.Game, again)
		}

		e, err := variants.Lookup(tbl.Setup.Map)
		if err != nil {
			t.Fatal(err)
		}
		g, err := game.NewGame(e.Map, e.Variant, tbl.Setup)
		if err != nil {
			t.Fatalf("game %s: %v", mg.ID, err)
		}
		if len(tbl.Moves) != mg.Moves {
			t.Fatalf("game %s: %d moves in the table, the manifest says %d", mg.ID, len(tbl.Moves), mg.Moves)
		}
		for i, lm := range tbl.Moves {
			if err := g.Play(lm.Move); err != nil {
				t.Fatalf("game %s: move %d refused: %v", mg.ID, i+1, err)
			}
			for _, mp := range g.Meeples {
				weighed = weighed || mp.Weight == 2
			}
		}
		if h := g.Hash(); h != mg.GameHash {
			t.Errorf("game %s (%s): replayed from its setup, the engine hash is %s, the manifest says %s", mg.ID, mg.Map, h, mg.GameHash)
		}
		moves := make([]game.Move, len(tbl.Moves))
		for i, lm := range tbl.Moves {
			moves[i] = lm.Move
		}
		if r, err := game.Replay(e.Map, e.Variant, tbl.Setup, moves); err != nil || r.Hash() != mg.GameHash {
			t.Errorf("game %s: game.Replay does not reach the manifest's hash: %v", mg.ID, err)
		}
	}
	if started < 10 || !weighed {
		t.Fatalf("%d started games, a meeple counting 2: %v; the fixture should have both", started, weighed)
	}
}

// gunzipV1 writes the fixture database to a temporary file and returns its path.
func gunzipV1(t *testing.T, name string) string {
	t.Helper()
	f, err := os.Open(filepath.Join(recordsV1, name))
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
	if _, err := io.Copy(out, zr); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}
