package record_test

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// leagueGame opens a game of a league whose rule is policy, as the bot opens a round's fixture
// (ann to move first), keeping its record, and ends it by end (the round's deadline or an
// administrator's abandon) before anyone has played.
func leagueGame(t *testing.T, policy league.Policy, end func(*table.Table) commands.Reply) played {
	t.Helper()
	ann, bob := table.User{ID: "a", Name: "ann"}, table.User{ID: "b", Name: "bob"}
	mark := table.LeagueGame{ID: "L1", Name: "Cup", Season: 1, Creator: table.User{ID: "r", Name: "ref"}, Policy: policy}
	replies, err := commands.OpenLeagueGame(commands.Input{User: ann, Command: "carc", Sub: "new", Secret: testKey, Table: "L1-s1-r1-t1",
		Options: map[string]string{"map": "classic"}}, mark, []table.User{bob})
	if err != nil {
		t.Fatal(err)
	}
	replies = append(replies, end(replies[len(replies)-1].Table))
	var p played
	for _, r := range replies {
		if !r.OK || r.Step == nil {
			t.Fatalf("refused: %s", r.Text)
		}
		p.table, p.steps = r.Table, append(p.steps, record.Stored{Step: *r.Step})
	}
	return p
}

// TestAnAdjudicatedGamesRecordPlacesThePlayersByTheLeaguesRule: the final places of the record of
// a league game stopped before its end (its round's deadline, or an administrator's abandon) are
// the league's, as its standings count them, not the scores': under adjudicate:forfeit the player
// to move (ann, tied with bob at 0) comes second. The record still replays, and one written by an
// earlier release, which placed such a game by its scores, replays too.
func TestAnAdjudicatedGamesRecordPlacesThePlayersByTheLeaguesRule(t *testing.T) {
	deadline := func(p league.Policy) func(*table.Table) commands.Reply {
		return func(tbl *table.Table) commands.Reply { return commands.Adjudicate(tbl, p, "") }
	}
	abandon := func(tbl *table.Table) commands.Reply {
		return commands.Handle(tbl, commands.Input{User: table.User{ID: "r", Name: "ref"}, Command: "table", Sub: "abandon"})
	}
	for _, c := range []struct {
		name   string
		policy league.Policy
		end    func(*table.Table) commands.Reply
		want   []record.Result
	}{
		{"the deadline of a league whose loser is the player to move", league.PolicyForfeit, deadline(league.PolicyForfeit),
			[]record.Result{{Player: "bob", Place: 1}, {Player: "ann", Place: 2}}},
		{"an abandon in a league whose loser is the player to move", league.PolicyForfeit, abandon,
			[]record.Result{{Player: "bob", Place: 1}, {Player: "ann", Place: 2}}},
		{"the deadline of a league where the score stands", league.PolicyScoreStands, deadline(league.PolicyScoreStands),
			[]record.Result{{Player: "ann", Place: 1}, {Player: "bob", Place: 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := leagueGame(t, c.policy, c.end)
			d := roundTrip(t, p.document(t))
			if !d.Complete || !slices.Equal(d.Final, c.want) {
				t.Fatalf("the record's final places: %+v (complete %v), want %+v", d.Final, d.Complete, c.want)
			}
			if _, err := record.Replay(d); err != nil {
				t.Fatalf("the record does not replay: %v", err)
			}
			earlier := clone(d)
			earlier.Final = []record.Result{{Player: "ann", Place: 1}, {Player: "bob", Place: 1}}
			if _, err := record.Replay(earlier); err != nil {
				t.Errorf("a record an earlier release wrote (placed by score) does not replay: %v", err)
			}
			wrong := clone(d)
			wrong.Final = []record.Result{{Player: "ann", Place: 1}, {Player: "bob", Place: 2}}
			if _, err := record.Replay(wrong); err == nil {
				t.Errorf("a record whose places are neither the league's nor the scores' replays")
			}
		})
	}
}
