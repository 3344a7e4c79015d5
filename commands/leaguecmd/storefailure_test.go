package leaguecmd

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// failingStore holds one league; reading its seasons and ratings, and every save, fails as a full
// disk does, with the server's path in the error (the leagues fail too when failLeagues).
type failingStore struct {
	l           league.League
	failLeagues bool
}

var errDiskFull = fmt.Errorf("save league L1: database /srv/carc/games.db cannot grow (disk or quota full): %w", storage.ErrDiskFull)

func (s failingStore) Leagues(string) ([]league.League, error) {
	if s.failLeagues {
		return nil, errDiskFull
	}
	return []league.League{s.l}, nil
}
func (failingStore) League(string) (league.League, error)             { return league.League{}, errDiskFull }
func (failingStore) Season(string, int) (league.Season, error)        { return league.Season{}, errDiskFull }
func (failingStore) Seasons(string) ([]league.Season, error)          { return nil, errDiskFull }
func (failingStore) SaveLeague(league.League, ...league.Season) error { return errDiskFull }
func (failingStore) Rating(string, string, string) (league.Rating, error) {
	return league.Rating{}, errDiskFull
}
func (failingStore) Leaderboard(string, string) ([]league.RatingRow, error) {
	return nil, errDiskFull
}
func (failingStore) RatedGames(string, string, int) ([]league.RatedGame, error) {
	return nil, errDiskFull
}
func (failingStore) NotFound(err error) bool          { return dbStore{}.NotFound(err) }
func (failingStore) ForPlayers(err error) msg.Message { return dbStore{}.ForPlayers(err) }

// TestStoreFailuresTellPlayersWhatHappened: whichever league or rating command meets a failing
// store, the player reads what happened and that nothing changed, never the server's path.
func TestStoreFailuresTellPlayersWhatHappened(t *testing.T) {
	l := league.League{ID: "L1", Guild: "g1", Channel: "c1", Name: "Cup", Creator: "ann", Map: "france", Format: league.RoundRobin,
		TableSize: 2, Policy: league.PolicyScoreStands, RoundDeadline: 24 * time.Hour, Status: league.Open, Season: 1,
		Members: []league.Member{{ID: "ann", Name: "Ann"}, {ID: "bob", Name: "Bob"}}}
	ann := table.User{ID: "ann", Name: "Ann"}
	replies := map[string]string{}
	for _, failLeagues := range []bool{false, true} {
		st := failingStore{l: l, failLeagues: failLeagues}
		c := Context{Store: st, Guild: "g1", Channel: "c1", Now: time.Unix(1_800_000_000, 0), NewID: "L2"}
		for _, sub := range []string{"create", "join", "leave", "start", "kick", "pause", "end", "standings", "schedule", "export"} {
			in := commands.Input{User: ann, Command: commandOf(sub), Sub: sub, Options: map[string]string{"name": "Spring", "player": "bob"}}
			if sub == "join" {
				in.User = table.User{ID: "cy", Name: "Cy"}
			}
			replies[fmt.Sprintf("/league %s (leagues fail: %v)", sub, failLeagues)] = Handle(c, in).Text
		}
		replies["/player rating"] = RatingText(st, "g1", ann, commands.Input{})
		replies["/carc leaderboard"] = LeaderboardText(st, "g1", ann, commands.Input{})
	}
	for what, text := range replies {
		if strings.Contains(text, "/srv") || strings.Contains(text, "games.db") {
			t.Errorf("%s: the player reads the server's path: %q", what, text)
		}
		if !strings.Contains(text, "run out of disk space, so nothing changed") {
			t.Errorf("%s: the player is not told what happened: %q", what, text)
		}
	}
}
