package storage

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
)

// bigGuild fills a store with a guild of 1,000 players and 10,000 rated 2-player games, all of
// them fixtures of one swiss season (the scale target), written in one transaction.
func bigGuild(b *testing.B) *Store {
	b.Helper()
	s, _ := openTest(b)
	rng := rand.New(rand.NewPCG(1, 2))
	l := league.League{ID: "big", Guild: "guild", Name: "Big", Map: "france", Format: league.Swiss, Rounds: 20, TableSize: 2,
		Policy: league.PolicyScoreStands, RoundDeadline: time.Hour, Status: league.Running, Season: 1}
	for i := range 1000 {
		l.Members = append(l.Members, league.Member{ID: fmt.Sprintf("u%04d", i), Name: fmt.Sprintf("Player %d", i)})
	}
	season := league.Season{League: "big", Number: 1, Members: l.Members, Started: 20}
	at := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	var results []league.GameResult
	for g := range 10_000 {
		a, c := rng.IntN(1000), rng.IntN(999)
		if c >= a {
			c++
		}
		players := []string{l.Members[a].ID, l.Members[c].ID}
		scores := []int{rng.IntN(120), rng.IntN(120)}
		id := fmt.Sprintf("g%05d", g)
		// The fixtures are stored with their results and the results rate the games: recording
		// 10,000 results one by one would rewrite the season 10,000 times.
		season.Fixtures = append(season.Fixtures, league.Fixture{Round: 1 + g/500, Table: 1 + g%500, Players: players,
			Status: league.Finished, GameID: id, Scores: scores, Places: league.Places(scores)})
		results = append(results, league.GameResult{Guild: "guild", Map: "france", GameID: id, Players: players, Scores: scores,
			Places: league.Places(scores), At: at.Add(time.Duration(g) * time.Minute)})
	}
	if err := s.SaveLeague(l, season); err != nil {
		b.Fatal(err)
	}
	err := s.update(func(tx *bolt.Tx) error {
		for _, r := range results {
			if err := applyResult(tx, r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkLeaderboard1000Players10000Games is /carc leaderboard's server time: every rating of
// the guild read and sorted (the command then shows the top 20 and the caller's place).
func BenchmarkLeaderboard1000Players10000Games(b *testing.B) {
	s := bigGuild(b)
	b.ResetTimer()
	for b.Loop() {
		rows, err := s.Leaderboard("guild", "")
		if err != nil || len(rows) != 1000 {
			b.Fatalf("%d rows, %v", len(rows), err)
		}
	}
}

// BenchmarkLeagueStandings1000Players10000Games is /league standings' server time: the season
// read and its standings computed from 10,000 results.
func BenchmarkLeagueStandings1000Players10000Games(b *testing.B) {
	s := bigGuild(b)
	b.ResetTimer()
	for b.Loop() {
		season, err := s.Season("big", 1)
		if err != nil {
			b.Fatal(err)
		}
		if st := season.Standings(); len(st) != 1000 {
			b.Fatalf("%d standings", len(st))
		}
	}
}
