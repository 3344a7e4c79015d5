package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// leagueWithGame stores a 2-player round-robin league whose first round is started and whose
// first fixture is played as game id.
func leagueWithGame(t testing.TB, s *Store, id string) (league.League, league.Season) {
	t.Helper()
	l := league.League{ID: "L1", Guild: "guild", Name: "Spring", Map: "france", Format: league.RoundRobin, TableSize: 2,
		Policy: league.PolicyForfeit, RoundDeadline: time.Hour, Members: []league.Member{{ID: "alice", Name: "Alice"}, {ID: "bob", Name: "Bob"}},
		Status: league.Running, Season: 1}
	season, err := league.NewSeason(&l, 1)
	if err != nil {
		t.Fatal(err)
	}
	idx, err := season.StartRound(&l, time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	season.Fixtures[idx[0]].GameID = id
	if err := s.SaveLeague(l, season); err != nil {
		t.Fatal(err)
	}
	return l, season
}

func endingCommit(g *testGame, r *league.GameResult) Commit {
	c := g.commit(1, "end")
	c.Status, c.Standings, c.Result = StatusFinished, []Standing{{UserID: "alice", Score: 30, Rank: 1}, {UserID: "bob", Score: 20, Rank: 2}}, r
	return c
}

func result(id string) *league.GameResult {
	return &league.GameResult{Guild: "guild", Map: "france", GameID: id, Players: []string{"alice", "bob"}, Scores: []int{30, 20}, Places: []int{1, 2},
		League: "L1", Season: 1, At: time.Date(2025, 3, 2, 0, 0, 0, 0, time.UTC)}
}

// TestLeagueResultCommitsWithTheGamesEnd: the move that ends a league game records the fixture's
// result and both players' ratings (overall and on the map) in the same transaction.
func TestLeagueResultCommitsWithTheGamesEnd(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	leagueWithGame(t, s, "g1")
	if _, err := s.AppendMove(endingCommit(g, result("g1"))); err != nil {
		t.Fatal(err)
	}
	s = reopen(t, s)
	season, err := s.Season("L1", 1)
	if err != nil {
		t.Fatal(err)
	}
	if f := season.Fixtures[0]; f.Status != league.Finished || fmt.Sprint(f.Places) != "[1 2]" {
		t.Fatalf("fixture %+v", f)
	}
	want, _ := league.Rate([]league.Rating{league.NewRating(), league.NewRating()}, []int{1, 2})
	for _, pool := range []string{"", "france"} {
		for i, p := range []string{"alice", "bob"} {
			if r, err := s.Rating("guild", pool, p); err != nil || r != want[i] {
				t.Fatalf("%s in pool %q: %+v %v, want %+v", p, pool, r, err, want[i])
			}
		}
	}
	board, err := s.Leaderboard("guild", "")
	if err != nil || len(board) != 2 || board[0].UserID != "alice" {
		t.Fatalf("leaderboard %+v %v", board, err)
	}
	games, err := s.RatedGames("guild", "bob", 5)
	if err != nil || len(games) != 1 || games[0].GameID != "g1" || len(games[0].Shown) != 2 {
		t.Fatalf("rated games %+v %v", games, err)
	}
}

// TestLeagueResultThatFailsKeepsTheGameRunning: a result that cannot be recorded (its season does
// not exist) fails the whole commit: the game is not over and no rating changed.
func TestLeagueResultThatFailsKeepsTheGameRunning(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	r := result("g1")
	r.Season = 9
	if _, err := s.AppendMove(endingCommit(g, r)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("AppendMove = %v, want ErrNotFound", err)
	}
	if rec, _ := s.Game("g1"); rec.Status != StatusPlaying || rec.Seq != 0 {
		t.Fatalf("the game moved on: %+v", rec)
	}
	if board, _ := s.Leaderboard("guild", ""); len(board) != 0 {
		t.Fatalf("ratings changed: %+v", board)
	}
}

// TestRatingNeverChangesForAnUnratedGame: an unrated game ends and records its fixture, but
// leaves every rating and the rated history alone.
func TestRatingNeverChangesForAnUnratedGameInTheStore(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	leagueWithGame(t, s, "g1")
	r := result("g1")
	r.Unrated = "AI seats"
	if _, err := s.AppendMove(endingCommit(g, r)); err != nil {
		t.Fatal(err)
	}
	if season, _ := s.Season("L1", 1); season.Fixtures[0].Status != league.Finished {
		t.Fatalf("fixture %+v", season.Fixtures[0])
	}
	if rt, _ := s.Rating("guild", "", "alice"); rt != league.NewRating() {
		t.Fatalf("alice's rating changed: %+v", rt)
	}
	if games, _ := s.RatedGames("guild", "", 0); len(games) != 0 {
		t.Fatalf("rated games %+v", games)
	}
}

// TestLeagueAdjudicationFinishesWithItsResult: a game stopped at the round's deadline ends with
// its adjudicated result in one transaction.
func TestLeagueAdjudicationFinishesWithItsResult(t *testing.T) {
	s, _ := openTest(t)
	newGame(t, s, "g1")
	leagueWithGame(t, s, "g1")
	r := result("g1")
	r.Adjudicated, r.Places = true, []int{2, 1}
	if err := s.FinishWithResult("g1", StatusFinished, nil, *r); err != nil {
		t.Fatal(err)
	}
	if err := s.FinishWithResult("g1", StatusFinished, nil, *r); !errors.Is(err, ErrFinished) {
		t.Fatalf("finishing twice: %v", err)
	}
	season, _ := s.Season("L1", 1)
	if f := season.Fixtures[0]; f.Status != league.Adjudicated || fmt.Sprint(f.Places) != "[2 1]" || !season.RoundOver() {
		t.Fatalf("fixture %+v", f)
	}
	if rec, _ := s.Game("g1"); rec.Status != StatusFinished {
		t.Fatalf("game %+v", rec)
	}
}

// TestLeagueExportAndBackup: a league's export holds the league and its seasons, never the
// server's ratings (an import recomputes them from the league's games: the store suite's league
// import cases), and a backup holds the league and the ratings.
func TestLeagueExportAndBackup(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	leagueWithGame(t, s, "g1")
	if _, err := s.AppendMove(endingCommit(g, result("g1"))); err != nil {
		t.Fatal(err)
	}
	doc, err := s.ExportLeague("L1")
	if err != nil {
		t.Fatal(err)
	}
	var export LeagueExport
	if err := json.Unmarshal(doc, &export); err != nil || export.League.ID != "L1" || len(export.Seasons) != 1 ||
		!export.Seasons[0].Fixtures[0].Done() || export.Ratings != nil || export.Rated != nil {
		t.Fatalf("the export %s (%v)", doc, err)
	}
	path := t.TempDir() + "/backup.db"
	if err := s.BackupFile(path); err != nil {
		t.Fatal(err)
	}
	b, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if rt, err := b.Rating("guild", "france", "alice"); err != nil || rt.Games != 1 {
		t.Fatalf("backup rating %+v %v", rt, err)
	}
}

// TestSavingASeasonKeepsResultsRecordedSinceItWasRead: a command that read the season before a
// game ended and saves it afterwards does not erase the game's result.
func TestSavingASeasonKeepsResultsRecordedSinceItWasRead(t *testing.T) {
	s, _ := openTest(t)
	g := newGame(t, s, "g1")
	l, stale := leagueWithGame(t, s, "g1")
	if _, err := s.AppendMove(endingCommit(g, result("g1"))); err != nil {
		t.Fatal(err)
	}
	stale.Fixtures[0].Thread = "thread-1"
	if err := s.SaveLeague(l, stale); err != nil {
		t.Fatal(err)
	}
	season, _ := s.Season("L1", 1)
	if f := season.Fixtures[0]; f.Status != league.Finished || f.Thread != "thread-1" {
		t.Fatalf("fixture %+v", f)
	}
}
