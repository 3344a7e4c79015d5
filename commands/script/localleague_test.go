package script

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// localRound is a runner at the first game of a league of ann and bob, ann to move, which ref
// runs without playing in it.
func localRound(t *testing.T, out io.Writer, adjudicate string) *Runner {
	t.Helper()
	r := &Runner{Out: out, Now: func() time.Time { return time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC) }}
	for i, l := range []string{"ref: /league create name:Cup map:classic adjudicate:" + adjudicate, "ref: /league leave", "ann: /league join", "bob: /league join",
		"ref: /season start", "!expect current ann"} {
		if err := r.Line(i+1, l); err != nil || r.Failed > 0 {
			t.Fatalf("line %q: %v", l, err)
		}
	}
	return r
}

// TestAnAbandonedLeagueGameFollowsTheLeaguesRule: a league game that ends abandoned at the local
// table is adjudicated by the league's rule, as at its round's deadline (forfeit: the player to
// move loses; score: the scores stand), never recorded as played.
func TestAnAbandonedLeagueGameFollowsTheLeaguesRule(t *testing.T) {
	for _, c := range []struct {
		rule   string
		places []int
	}{{"forfeit", []int{2, 1}}, {"score", []int{1, 1}}} {
		r := localRound(t, io.Discard, c.rule)
		abandoned := r.Table.Clone()
		abandoned.Status = table.Abandoned
		if err := r.leagueGameOver(9, abandoned); err != nil {
			t.Fatal(err)
		}
		s, err := r.leagues.store.Season("L1", 1)
		if err != nil {
			t.Fatal(err)
		}
		if f := s.Fixtures[0]; f.Status != league.Adjudicated || !slices.Equal(f.Places, c.places) {
			t.Errorf("%s: the abandoned game is %s with places %v, want adjudicated with %v", c.rule, f.Status, f.Places, c.places)
		}
	}
}

// TestLeagueTextsReadInTheTerminal: Discord's mentions and dates are written as names and UTC
// dates at the local table.
func TestLeagueTextsReadInTheTerminal(t *testing.T) {
	for in, want := range map[string]string{
		"Table 1: <@ann>, <@!bob>":         "Table 1: ann, bob",
		"it ends <t:1772442000:f>.":        "it ends 2026-03-02 09:00 UTC.",
		"ends <t:1772442000:R>, see <#42>": "ends 2026-03-02 09:00 UTC, see 42",
		"no markup < here >":               "no markup < here >",
	} {
		if got := localText(in); got != want {
			t.Errorf("localText(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTheTableDirectiveGoesToALeaguesGame: !table lists the runner's tables and goes to one; a
// game that is not there is a malformed line naming those that are.
func TestTheTableDirectiveGoesToALeaguesGame(t *testing.T) {
	var out bytes.Buffer
	r := localRound(t, &out, "score")
	r.Human = true
	if err := r.Line(5, "!table"); err != nil || !strings.Contains(out.String(), "Tables: L1-s1-r1-t1 (Classic (open table), playing) [here].") {
		t.Fatalf("!table: %v\n%s", err, out.String())
	}
	if err := r.Line(6, "!table local"); err != nil || r.Table != nil {
		t.Fatalf("!table local: %v, at %v", err, r.Table)
	}
	err := r.Line(7, "!table L9")
	if err == nil || !strings.Contains(err.Error(), "there is no game L9 here: the tables are L1-s1-r1-t1") {
		t.Fatalf("!table L9: %v", err)
	}
	if err := r.Line(8, "!table L1-s1-r1-t1"); err != nil || r.Table == nil || r.Table.ID != "L1-s1-r1-t1" {
		t.Fatalf("!table L1-s1-r1-t1: %v", err)
	}
}

// TestLeagueCommandsParseAsDiscordSendsThem: the first word of /league and of /season is its
// subcommand, as in Discord's interaction.
func TestLeagueCommandsParseAsDiscordSendsThem(t *testing.T) {
	in, err := commands.ParseCommand("/league create name:Cup map:classic")
	if err != nil || in.Sub != "create" || in.Options["name"] != "Cup" {
		t.Errorf("/league create: %+v, %v", in, err)
	}
	if in, err := commands.ParseCommand("/season new league:Cup"); err != nil || in.Command != "season" || in.Sub != "new" || in.Options["league"] != "Cup" {
		t.Errorf("/season new: %+v, %v", in, err)
	}
}
