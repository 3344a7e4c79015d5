package commands

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestACommandAfterTheGameSaysHowItEnded: at a place whose last game is over, a command that
// needs a game says that the game here is over, how it ended (its players resigned, adjudicated
// at its round's deadline, abandoned, a league's game abandoned and adjudicated, a lobby closed;
// played to its end in TestTheBoardOfAnEndedGameSaysItIsOver) and what is possible now; a command
// that runs without a game answers as it does anywhere, and so does every command where no game
// ever was.
func TestACommandAfterTheGameSaysHowItEnded(t *testing.T) {
	ann := table.User{ID: "1", Name: "ann"}
	bob := table.User{ID: "2", Name: "bob"}
	input := func(tbl *table.Table, u table.User, sub string, opts map[string]string) *table.Table {
		t.Helper()
		r := Handle(tbl, Input{User: u, Command: CommandOf(sub), Sub: sub, Options: opts, Local: true})
		if !r.OK {
			t.Fatalf("%s: %s", sub, r.Text)
		}
		return r.Table
	}
	lobby := input(input(nil, ann, "new", map[string]string{"map": "france", "seed": "3"}), bob, "join", nil)
	running := input(lobby, ann, "start", nil)
	adjudicated := Adjudicate(running, league.PolicyScoreStands, "")
	abandoned := Handle(running, Input{User: ann, Command: "table", Sub: "abandon", Admin: true, Local: true})
	closed := Handle(lobby, Input{User: ann, Command: "table", Sub: "abandon", Admin: true, Local: true})
	resigned := input(running, ann, "resign", nil)
	oldAdjudicated := MarkLeague(running, table.LeagueGame{ID: "L1", Name: "Spring", Season: 1, Policy: league.PolicyScoreStands}).Table
	leagueAbandoned := Handle(oldAdjudicated, Input{User: table.User{ID: "3", Name: "ref"}, Command: "table", Sub: "abandon", Manager: true, Local: true})
	for _, r := range []Reply{adjudicated, abandoned, leagueAbandoned, closed} {
		if !r.OK {
			t.Fatal(r.Text)
		}
	}
	if resigned.Status != table.Finished {
		t.Fatalf("after ann resigned of two: %s", resigned.Status)
	}
	for _, c := range []struct {
		name string
		last *table.Table
		how  string
	}{
		{"its players resigned", resigned, "its players resigned until only one was left"},
		{"adjudicated", adjudicated.Table, "its league round's deadline ended it, adjudicated by the league's rule"},
		{"abandoned", abandoned.Table, "it was abandoned before its end"},
		{"a league's game abandoned", leagueAbandoned.Table, "it was abandoned before its end and adjudicated by the league's rule"},
		{"a lobby closed", closed.Table, "its lobby closed before it started"},
		{"adjudicated with no step (an earlier release)", oldAdjudicated, "its league round's deadline ended it, adjudicated by the league's rule"},
	} {
		for _, in := range []Input{
			{User: bob, Command: "place", Options: map[string]string{"square": "C3"}},
			{User: bob, Command: "carc", Sub: "resign"},
			{User: bob, Command: "turn", Sub: "undo"},
		} {
			r := GameOver(c.last, in)
			if r.OK || !strings.Contains(r.Text, "The game here is over: "+c.how+".") || !strings.Contains(r.Text, "/carc board") || !strings.Contains(r.Text, "/carc new") {
				t.Errorf("%s, /%s %s: %s", c.name, in.Command, in.Sub, r.Text)
			}
		}
		help := GameOver(c.last, Input{User: bob, Command: "carc", Sub: "help"})
		if !help.OK || strings.Contains(help.Text, "is over") {
			t.Errorf("%s, /carc help: %s", c.name, help.Text)
		}
	}
	if r := GameOver(nil, Input{User: bob, Command: "carc", Sub: "resign"}); r.OK || !strings.Contains(r.Text, "No game here yet") {
		t.Errorf("where no game ever was: %s", r.Text)
	}
}
