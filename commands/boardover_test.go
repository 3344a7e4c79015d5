package commands_test

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/scripttest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestTheBoardOfAnEndedGameSaysItIsOver: /carc board at a game that has ended does not read like a
// running game's: its caption says that the game is over, how it ended (played to its end, its
// players resigned, no person played on, abandoned, adjudicated at its league round's deadline or
// when abandoned) and its result as the game's end post states it: the standings, or the places by the league's
// rule. A running game's board is unchanged, and a lobby closed before its game has no board.
func TestTheBoardOfAnEndedGameSaysItIsOver(t *testing.T) {
	alice := table.User{ID: "alice", Name: "alice"}
	bob := table.User{ID: "bob", Name: "bob"}
	local := func(u table.User, command, sub string, opts map[string]string) commands.Input {
		return commands.Input{User: u, Command: command, Sub: sub, Options: opts, Local: true, Admin: true}
	}
	opening := []string{"alice: /carc new map:practice", "bob: /carc join", "!starts Centre=D@0", "!stack U N B",
		"alice: /carc start", "alice: /place square:I8 rotation:0 meeple:road:W"}
	running := scripttest.Table(t, opening...).Table
	played := scripttest.Table(t, append(opening,
		"bob: /place square:H7 rotation:180 meeple:city:S",
		"alice: /place square:H9 rotation:0 meeple:cloister",
		"!expect reply The game is over. Winner: alice. 1. alice 5, 2. bob 2.")...).Table
	resigned := commands.Handle(running, local(bob, "carc", "resign", nil))
	abandoned := commands.Handle(running, local(alice, "table", "abandon", nil))
	marked := commands.MarkLeague(running, table.LeagueGame{ID: "L1", Name: "Spring", Season: 1, Policy: league.PolicyForfeit}).Table
	adjudicated := commands.Adjudicate(marked, league.PolicyForfeit, "")
	ref := commands.Input{User: table.User{ID: "ref", Name: "ref"}, Command: "table", Sub: "abandon", Local: true, Manager: true}
	leagueAbandoned := commands.Handle(marked, ref)
	unattended := unattendedEnd(t)
	lobby := commands.Handle(nil, local(alice, "carc", "new", map[string]string{"map": "practice"}))
	closed := commands.Handle(lobby.Table, local(alice, "table", "abandon", nil))
	for _, r := range []commands.Reply{resigned, abandoned, adjudicated, leagueAbandoned, closed} {
		if !r.OK {
			t.Fatal(r.Text)
		}
	}
	ended := []struct {
		name    string
		table   *table.Table
		how     string
		result  string
		endPost string // the post that ended the game, which states the same result
	}{
		{"played to its end", played, "Practice table, turn 3. The game is over: it was played to its end.",
			"Winner: alice. 1. alice 5, 2. bob 2.", ""},
		{"resigned", resigned.Table, "Practice table, turn 2. The game is over: its players resigned until only one was left.",
			"Winner: alice. 1. alice 2, 2. bob 0 (resigned).", resigned.Text},
		{"no person played on", unattended.Table, "Practice table, turn 2. The game is over: no person played on, so it was scored as it stood.",
			"Shared victory: AI easy and AI easy 2. 1. AI easy 0, 1. AI easy 2 0, 3. alice 0 (resigned).", unattended.Text},
		{"abandoned", abandoned.Table, "Practice table, turn 2. The game is over: it was abandoned before its end.",
			"Shared victory: alice and bob. 1. alice 0, 1. bob 0.", abandoned.Text},
		{"adjudicated by the league's rule", adjudicated.Table, "Practice table, turn 2. The game is over: its league round's deadline ended it, adjudicated by the league's rule.",
			"Places: 1. alice 0, 2. bob 0 (to move: forfeits).", adjudicated.Text},
		{"a league's game abandoned", leagueAbandoned.Table, "Practice table, turn 2. The game is over: it was abandoned before its end and adjudicated by the league's rule.",
			"Places: 1. alice 0, 2. bob 0 (to move: forfeits).", leagueAbandoned.Text},
	}
	board := func(tbl *table.Table, locale string) commands.Reply {
		t.Helper()
		r := commands.Handle(tbl, commands.Input{User: bob, Command: "carc", Sub: "board", Local: true, Langs: commands.Langs{Locale: locale}})
		if !r.OK || !r.Ephemeral {
			t.Fatalf("/carc board at a %s table: %v %s", tbl.Status, r.OK, r.Text)
		}
		return r
	}
	if r := board(running, "en"); r.Text != "Practice table, turn 2. Scores: alice 0, bob 0." || r.Image != commands.BoardImage {
		t.Errorf("a running game's board: %q (image %v)", r.Text, r.Image)
	}
	for _, c := range ended {
		if r := board(c.table, "en"); r.Text != c.how+" "+c.result || r.Image != commands.BoardImage {
			t.Errorf("%s: the board says %q (image %v), want %q", c.name, r.Text, r.Image, c.how+" "+c.result)
		}
		if c.endPost != "" && !strings.Contains(c.endPost, c.result) {
			t.Errorf("%s: the board's result %q is not the end post's:\n%s", c.name, c.result, c.endPost)
		}
	}
	if r := board(closed.Table, "en"); r.Text != "Practice table: this table's lobby closed before its game started, so there is nothing to show." || r.Image != commands.NoImage {
		t.Errorf("a closed lobby's board: %q (image %v)", r.Text, r.Image)
	}
	// In every language the six ends read apart from each other and from a running game.
	for _, l := range lang.Codes() {
		seen := map[string]string{board(running, l).Text: "running"}
		for _, c := range ended {
			r := board(c.table, l)
			if r.Lang != l {
				t.Errorf("%s in %s: the caption is in %q", c.name, l, r.Lang)
			}
			if other, ok := seen[r.Text]; ok {
				t.Errorf("%s in %s reads like %s: %q", c.name, l, other, r.Text)
			}
			seen[r.Text] = c.name
		}
	}
}

// unattendedEnd is a game that ended when its one person resigned and only AI seats were left.
func unattendedEnd(t *testing.T) commands.Reply {
	t.Helper()
	alice := table.User{ID: "alice", Name: "alice"}
	tbl := (*table.Table)(nil)
	for _, in := range []commands.Input{
		{Sub: "new", Options: map[string]string{"map": "practice", "seed": "3"}},
		{Sub: "bot", Options: map[string]string{"level": "easy"}},
		{Sub: "bot", Options: map[string]string{"level": "easy"}},
		{Sub: "start"},
		{Sub: "resign"},
	} {
		in.User, in.Local, in.Command = alice, true, commands.CommandOf(in.Sub)
		r := commands.Handle(tbl, in)
		if !r.OK {
			t.Fatalf("/%s %s: %s", in.Command, in.Sub, r.Text)
		}
		tbl = r.Table
	}
	r := commands.EndUnattended(tbl, "")
	if !r.OK || r.Table.Status != table.Finished {
		t.Fatalf("the unattended end: %s", r.Text)
	}
	return r
}
