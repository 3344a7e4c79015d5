package variants_test

import (
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"
)

var writeSnapshotFixture = flag.Bool("write-snapshot-fixture", false,
	"rewrite "+snapshotFixture+" with the engine under test: only from the engine whose hashes it keeps")

// snapshotFixture holds games of every map, test maps included, with the engine's state hash
// after every move as the engine that wrote it computed them (its commit is in the file).
const snapshotFixture = "testdata/snapshots-v1.json.gz"

type snapshotGames struct {
	Format  string         `json:"format"`
	Commit  string         `json:"commit"`
	Command string         `json:"command"`
	Games   []snapshotGame `json:"games"`
}

// snapshotGame is one game: its setup and moves, and the first 16 hex digits of the engine hash
// (game.Game.Hash) after the setup and after each move.
type snapshotGame struct {
	Map    string      `json:"map"`
	Setup  game.Setup  `json:"setup"`
	Moves  []game.Move `json:"moves"`
	Hashes []string    `json:"hashes"`
}

const snapshotFormat = "carcassonne-maps-bot/snapshot-hashes"

// TestWriteSnapshotFixture writes the fixture with -write-snapshot-fixture. Its games take the
// chip actions the rules offer three times in four, so that upgrades, extra turns, island tiles
// and forced choices are frequent, and skip a turn now and then (a missed deadline in any step).
func TestWriteSnapshotFixture(t *testing.T) {
	if !*writeSnapshotFixture {
		t.Skip("run with -write-snapshot-fixture to rewrite " + snapshotFixture)
	}
	commit, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	doc := snapshotGames{Format: snapshotFormat, Commit: strings.TrimSpace(string(commit)),
		Command: "go test ./variants -run TestWriteSnapshotFixture -write-snapshot-fixture"}
	for _, e := range variants.All(true) {
		for i, players := range []int{2, 4} {
			names := []string{"ann", "bob", "cy", "dee"}[:players]
			s := game.Setup{Players: names, Seed: uint64(100*i + len(e.ID)), Options: game.DefaultOptions()}
			g, err := game.NewGame(e.Map, e.Variant, s)
			if err != nil {
				t.Fatalf("%s: %v", e.ID, err)
			}
			sg := snapshotGame{Map: e.ID, Setup: s, Hashes: []string{g.Hash()[:16]}}
			rng := game.NewRNG(s.Seed)
			for g.Phase != game.PhaseOver {
				m, _ := g.RandomMove(&rng, nil)
				if acts := g.LegalActions(); len(acts) > 0 && rng.Intn(4) > 0 {
					a := acts[rng.Intn(len(acts))].Action
					m = game.Move{Kind: game.MoveAction, Player: g.Current, Action: &a}
				}
				if rng.Intn(60) == 0 {
					m = game.Move{Kind: game.MoveSkip, Player: g.Current}
				}
				if err := g.Play(m); err != nil {
					t.Fatalf("%s: %v", e.ID, err)
				}
				sg.Moves = append(sg.Moves, m)
				sg.Hashes = append(sg.Hashes, g.Hash()[:16])
			}
			doc.Games = append(doc.Games, sg)
		}
	}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(snapshotFixture)
	if err != nil {
		t.Fatal(err)
	}
	zw, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%s: %d games, %d bytes of JSON\n", snapshotFixture, len(doc.Games), len(data))
}
