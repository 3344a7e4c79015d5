package bench

import (
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/leaguecmd"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// leagueRows are the rows of the league commands at the scale the issue sets.
var leagueRows = []string{
	"/carc leaderboard, 1,000 players, 10,000 rated games",
	"/league standings, 1,000 players, 10,000 games",
	"/season start, 1,000 members, slowest format",
}

// leagues measures the server time of /carc leaderboard and /league standings in a server of
// 1,000 players and 10,000 rated games, all of them games of one league season: the store is
// filled as a database copy is (one transaction), then each command is timed as the bot runs it,
// store reads and text included.
func (r *runner) leagues() error {
	r.logf("leagues")
	dir, err := os.MkdirTemp(r.o.Dir, "bench-leagues-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	s, err := storage.Open(filepath.Join(dir, "leagues.db"), storage.Options{NoSync: true})
	if err != nil {
		return err
	}
	defer s.Close()
	ls := bot.NewLeagueStore(s, slog.New(slog.NewTextHandler(discard{}, nil)))
	l, dump, err := bigLeague()
	if err != nil {
		return err
	}
	if err := s.Restore(dump); err != nil {
		return err
	}
	caller := table.User{ID: l.Members[500].ID, Name: l.Members[500].Name}
	board := Row{Name: leagueRows[0], Unit: "ms", Better: "<=", Target: 50}
	table := Row{Name: leagueRows[1], Unit: "ms", Better: "<=", Target: 50}
	for range r.reps {
		start := time.Now()
		leaguecmd.LeaderboardText(ls, l.Guild, caller, commands.Input{Options: map[string]string{}})
		board.Values = append(board.Values, ms(time.Since(start)))
		start = time.Now()
		reply := leaguecmd.Handle(leaguecmd.Context{Store: ls, Guild: l.Guild, Channel: l.Channel, Now: time.Now()},
			commands.Input{User: caller, Command: "league", Sub: "standings", Options: map[string]string{}})
		table.Values = append(table.Values, ms(time.Since(start)))
		if !reply.OK {
			return fmt.Errorf("/league standings: %s", reply.Text)
		}
	}
	r.add(board)
	r.add(table)
	return r.leagueStart(s)
}

// leagueStart measures /season start's server time for a league of league.MaxMembers in the
// format that takes longest to schedule, a double round-robin at tables of three (1,270 rounds):
// the season scheduled outside the league lock, then the command that starts it and stores the
// season. Opening the games (Discord round trips) is not part of it.
func (r *runner) leagueStart(s *storage.Store) error {
	row := Row{Name: leagueRows[2], Unit: "ms", Better: "<=", Target: 1000}
	creator := table.User{ID: "organizer", Name: "Organizer"} // who runs the league, never one of its players
	for rep := range r.reps {
		l := league.League{ID: fmt.Sprintf("bench-start-%d", rep), Guild: fmt.Sprintf("bench-start-guild-%d", rep), Channel: "bench-channel",
			Name: "Start", Creator: creator.ID, Map: "france", Format: league.DoubleRoundRobin, TableSize: 3, Policy: league.PolicyScoreStands,
			RoundDeadline: 24 * time.Hour, Status: league.Open, Season: 1}
		for i := range league.MaxMembers {
			l.Members = append(l.Members, league.Member{ID: fmt.Sprintf("u%04d", i), Name: fmt.Sprintf("Player %d", i)})
		}
		if err := s.SaveLeague(l); err != nil {
			return err
		}
		c := leaguecmd.Context{Store: bot.NewLeagueStore(s, slog.New(slog.NewTextHandler(discard{}, nil))), Guild: l.Guild, Channel: l.Channel, Now: time.Now()}
		in := commands.Input{User: creator, Command: "season", Sub: "start", Options: map[string]string{}}
		start := time.Now()
		c.Prepared = leaguecmd.PrepareStart(c, in)
		reply := leaguecmd.Handle(c, in)
		row.Values = append(row.Values, ms(time.Since(start)))
		if !reply.OK {
			return fmt.Errorf("/season start: %s", reply.Text)
		}
		row.Extra = fmt.Sprintf("(%d rounds, %d games in round 1)", len(reply.Start.Season.Rounds), len(reply.Start.Fixtures))
	}
	r.add(row)
	return nil
}

// bigLeague is a league of 1,000 players who played 10,000 rated 2-player games, with the
// ratings those games give, as a database copy holds them (storage.Dump: bot migrate's way in,
// one transaction; a league's import would want each game's record).
func bigLeague() (league.League, storage.Dump, error) {
	rng := rand.New(rand.NewPCG(21, 1))
	l := league.League{ID: "bench", Guild: "bench-guild", Channel: "bench-channel", Name: "Bench", Map: "france", Format: league.Swiss,
		Rounds: 20, TableSize: 2, Policy: league.PolicyScoreStands, RoundDeadline: time.Hour, Status: league.Running, Season: 1}
	for i := range 1000 {
		l.Members = append(l.Members, league.Member{ID: fmt.Sprintf("u%04d", i), Name: fmt.Sprintf("Player %d", i)})
	}
	season := league.Season{League: l.ID, Number: 1, Members: l.Members, Started: 20, Rounds: make([]league.Round, 20)}
	dump := storage.Dump{Leagues: []league.League{l}}
	book := league.Book{}
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for g := range 10_000 {
		a, b := rng.IntN(1000), rng.IntN(999)
		if b >= a {
			b++
		}
		players := []string{l.Members[a].ID, l.Members[b].ID}
		scores := []int{rng.IntN(120), rng.IntN(120)}
		places := league.Places(scores)
		id := fmt.Sprintf("bench-g%05d", g)
		when := at.Add(time.Duration(g) * time.Minute)
		season.Fixtures = append(season.Fixtures, league.Fixture{Round: 1 + g/500, Table: 1 + g%500, Players: players,
			Status: league.Finished, GameID: id, Scores: scores, Places: places, Finished: when})
		if _, err := book.Record(league.Game{Players: players, Places: places}); err != nil {
			return l, dump, err
		}
		dump.Rated = append(dump.Rated, league.RatedGame{GameResult: league.GameResult{Guild: l.Guild, Map: l.Map, GameID: id, Players: players,
			Scores: scores, Places: places, League: l.ID, Season: 1, At: when}, Shown: []float64{book[players[0]].Shown(), book[players[1]].Shown()}})
	}
	for id, rt := range book {
		dump.Ratings = append(dump.Ratings, storage.GuildRating{Guild: l.Guild, PoolRating: storage.PoolRating{UserID: id, Rating: rt}},
			storage.GuildRating{Guild: l.Guild, PoolRating: storage.PoolRating{Map: l.Map, UserID: id, Rating: rt}})
	}
	dump.Seasons = []league.Season{season}
	return l, dump, nil
}
