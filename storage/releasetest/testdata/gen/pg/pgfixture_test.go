package main

// The generator of a PostgreSQL release fixture. generate-pg.sh copies this file into cmd/bot of
// an earlier release's checkout and runs it there, so it compiles against that release's code
// only: it copies a BoltDB database into a PostgreSQL database with that release's own two stores
// (storage and storage/postgres), as that release's bot migrate did, game by game and then
// everything beside the games, and writes what it copied to manifest.json. The release's own
// migrate is not used: from schema 2 to 4 it compared each copied game's export byte for byte with
// the original and so refused any game whose timers the two stores list in different orders.

import (
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

var (
	pgFixtureFrom     = flag.String("pg-fixture-from", "", "the BoltDB file to copy (it may be upgraded in place)")
	pgFixtureURL      = flag.String("pg-fixture-url", "", "the empty PostgreSQL database to write")
	pgFixtureManifest = flag.String("pg-fixture-manifest", "", "where to write what was copied")
)

// pgFixtureGame is what the release stored of one game in PostgreSQL.
type pgFixtureGame struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	Seq    uint64 `json:"seq"`
	Hash   string `json:"hash"`
	Timers int    `json:"timers"`
}

func TestWritePostgreSQLReleaseFixture(t *testing.T) {
	if *pgFixtureFrom == "" || *pgFixtureURL == "" || *pgFixtureManifest == "" {
		t.Skip("run by storage/releasetest/testdata/gen/generate-pg.sh")
	}
	src, err := storage.Open(*pgFixtureFrom, storage.Options{Engine: bot.Engine{}})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := postgres.Open(*pgFixtureURL, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	ids, err := src.GameIDs()
	if err != nil {
		t.Fatal(err)
	}
	var games []pgFixtureGame
	for _, id := range ids {
		doc, err := src.Export(id, true, bot.Engine{})
		if err != nil {
			t.Fatalf("export %s: %v", id, err)
		}
		rec, err := dst.Import(doc, bot.Engine{})
		if err != nil {
			t.Fatalf("import %s: %v", id, err)
		}
		timers, err := dst.Timers(id)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, pgFixtureGame{ID: id, Status: string(rec.Status), Seq: rec.Seq, Hash: rec.Hash, Timers: len(timers)})
	}
	d, err := src.Dump()
	if err != nil {
		t.Fatal(err)
	}
	if err := dst.Restore(d); err != nil {
		t.Fatal(err)
	}
	rep, err := dst.Verify(bot.Engine{})
	if err != nil || !rep.OK() || rep.Games != len(ids) {
		t.Fatalf("the copy does not verify: %+v, %v", rep, err)
	}
	b, err := json.MarshalIndent(map[string]any{"games": games, "players": len(d.Players), "leagues": len(d.Leagues)}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*pgFixtureManifest, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}
