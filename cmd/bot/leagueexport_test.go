package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestLeagueExportAndImport: bot export --league writes a league with its seasons; bot import
// of that file into another database brings the league and its seasons back, and a second
// import is refused (the league exists).
func TestLeagueExportAndImport(t *testing.T) {
	dir := t.TempDir()
	db, other := filepath.Join(dir, "games.db"), filepath.Join(dir, "other.db")
	store, err := storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	l := league.League{ID: "L1", Guild: "g1", Channel: "c1", Name: "Cup", Creator: "u1", Map: "france", Format: league.RoundRobin,
		TableSize: 2, Policy: league.PolicyScoreStands, RoundDeadline: 24 * time.Hour, Next: league.NextOnDate,
		Members: []league.Member{{ID: "u1", Name: "ann"}, {ID: "u2", Name: "bob"}}, Status: league.Running, Season: 1}
	s, err := league.NewSeason(&l, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.StartRound(&l, time.Unix(1_800_000_000, 0)); err != nil {
		t.Fatal(err)
	}
	if err := store.SaveLeague(l, s); err != nil {
		t.Fatal(err)
	}
	store.Close()

	var out bytes.Buffer
	if err := run([]string{"export", "--db", db, "--league", "L1"}, nil, &out); err != nil {
		t.Fatalf("export --league: %v", err)
	}
	file := filepath.Join(dir, "league.json")
	if err := os.WriteFile(file, out.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run([]string{"import", "--db", other, file}, nil, &out); err != nil || !strings.Contains(out.String(), "imported league L1 (Cup, season 1, 2 members)") {
		t.Fatalf("import: %v %q", err, out.String())
	}
	if err := run([]string{"import", "--db", other, file}, nil, &out); err == nil {
		t.Fatal("a second import of the league was accepted")
	}
	store, err = storage.Open(other, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	got, err := store.League("L1")
	if err != nil || got.Next != league.NextOnDate || len(got.Members) != 2 {
		t.Fatalf("imported league %+v %v", got, err)
	}
	season, err := store.Season("L1", 1)
	if err != nil || season.Started != 1 || !season.Deadline.Equal(s.Deadline) || len(season.Fixtures) != 1 {
		t.Fatalf("imported season %+v %v", season, err)
	}
}
