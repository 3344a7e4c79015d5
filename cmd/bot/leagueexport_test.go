package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
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

// TestACraftedLeagueFileChangesNothing: a league file crafted to name a friendly game that runs
// in the server as one of its fixtures (whose deadline has passed, so that the bot would end it),
// and to give a player of the server a rating of its own, is refused by bot import: the game is
// no game of that league. The player's rating and the game are as they were; once the league's
// file names only games of its own, an import takes it, and the ratings it gives are the games'.
func TestACraftedLeagueFileChangesNothing(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "games.db")
	store, err := storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	rec := storage.GameRecord{ID: "friendly", ChannelID: "c1", Guild: "g1", Players: []string{"u1", "u2"}, Status: storage.StatusPlaying,
		Setup: json.RawMessage(`{}`)}
	if err := store.CreateGame(rec, []byte(`{}`), "h"); err != nil {
		t.Fatal(err)
	}
	store.Close()
	l := league.League{ID: "Lx", Guild: "g1", Channel: "c1", Name: "Heist", Creator: "u1", Map: "france", Format: league.RoundRobin,
		TableSize: 2, Policy: league.PolicyForfeit, RoundDeadline: time.Hour, Members: []league.Member{{ID: "u1", Name: "ann"}, {ID: "u2", Name: "bob"}},
		Status: league.Running, Season: 1}
	top := league.NewRating()
	top.Mu = 60
	doc := storage.LeagueExport{Format: storage.LeagueExportFormat, Version: 1, League: l,
		Seasons: []league.Season{{League: "Lx", Number: 1, Members: l.Members, Started: 1, Deadline: time.Unix(1_000_000_000, 0),
			Rounds:   []league.Round{{Tables: [][]string{{"u1", "u2"}}}},
			Fixtures: []league.Fixture{{Round: 1, Table: 1, Players: []string{"u1", "u2"}, Status: league.Playing, GameID: "friendly"}}}},
		Ratings: []storage.PoolRating{{UserID: "u1", Rating: top}}}
	file := filepath.Join(dir, "heist.json")
	data, _ := json.Marshal(doc)
	os.WriteFile(file, data, 0o600)
	var out bytes.Buffer
	err = run([]string{"import", "--db", db, file}, nil, &out)
	if err == nil || !strings.Contains(err.Error(), `game friendly is a game of league "", season 0, server "g1"`) {
		t.Fatalf("bot import of the crafted league: %v %q", err, out.String())
	}
	store, err = storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.League("Lx"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("the refused league was stored: %v", err)
	}
	if r, err := store.Rating("g1", "", "u1"); err != nil || r.Games != 0 || r.Mu == 60 {
		t.Fatalf("u1's rating after the refused import: %+v %v", r, err)
	}
	if g, err := store.Game("friendly"); err != nil || g.Status != storage.StatusPlaying || g.League != "" {
		t.Fatalf("the friendly game after the refused import: %+v %v", g, err)
	}
	store.Close()
	// The same league without the game that is not its own imports; the file's rating is not read.
	doc.Seasons[0].Fixtures[0].GameID, doc.Seasons[0].Started, doc.Seasons[0].Fixtures[0].Status = "", 0, league.Scheduled
	data, _ = json.Marshal(doc)
	os.WriteFile(file, data, 0o600)
	if err := run([]string{"import", "--db", db, file}, nil, &out); err != nil {
		t.Fatalf("bot import of the league's own games: %v", err)
	}
	store, err = storage.Open(db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if r, err := store.Rating("g1", "", "u1"); err != nil || r.Games != 0 || r.Mu == 60 {
		t.Fatalf("u1's rating after the import: %+v %v", r, err)
	}
}
