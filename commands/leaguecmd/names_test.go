package leaguecmd

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestALeagueNameIsCleanAtTheDoor: a league's name with NUL or another control character is
// refused, saying which, and saves nothing; a name with Discord's markdown is kept as typed and
// shown escaped. A league a store holds with NULs in its name (written before the door) never
// breaks the commands that list the server's leagues, for anyone.
func TestALeagueNameIsCleanAtTheDoor(t *testing.T) {
	b := newLeagueBench(t)
	for _, c := range []struct{ name, char string }{{"\x00\x00\x00", "U+0000"}, {"Cup\x00cmd\x00carc new\x00", "U+0000"},
		{"Two\nlines", "U+000A"}, {"abc\u202Efed", "U+202E"}} {
		r := b.run("ann", false, "create", "name="+c.name)
		if r.OK || !strings.Contains(r.Text, "The option name holds "+c.char+", a character the bot never stores") {
			t.Errorf("create name:%q: %q", c.name, r.Text)
		}
	}
	if ls, _ := b.store.Leagues("guild"); len(ls) != 0 {
		t.Fatalf("a refused name was saved: %+v", ls)
	}
	r := b.ok(b.run("ann", false, "create", "name=# [Win](https://evil.example) <@1>"), "New league")
	if !strings.Contains(r.Text, `New league \# \[Win\](https://evil.example) \<\@1>`) {
		t.Fatalf("the league's name is not escaped: %q", r.Text)
	}
	if l, _ := b.store.League("L1"); l.Name != "# [Win](https://evil.example) <@1>" {
		t.Fatalf("the stored name %q is not the name typed", l.Name)
	}

	// A league stored with NULs before the door: listing the server's leagues still answers.
	bad := league.League{ID: "L2", Guild: "guild", Channel: "other", Name: "\x00\x00\x00", Creator: "bob", Map: "france", Format: league.RoundRobin,
		TableSize: 2, Policy: league.PolicyScoreStands, RoundDeadline: DefaultRoundDeadline, Status: league.Open, Season: 1,
		Members: []league.Member{{ID: "bob", Name: "\x00opt\x00\x00"}}}
	if err := b.store.SaveLeague(bad); err != nil {
		t.Fatal(err)
	}
	elsewhere := func(sub string, opts ...string) Reply {
		in := commands.Input{User: table.User{ID: "cy", Name: "Cy"}, Command: commandOf(sub), Sub: sub, Options: map[string]string{}}
		for _, o := range opts {
			k, v, _ := strings.Cut(o, "=")
			in.Options[k] = v
		}
		return Handle(Context{Store: b.store, Guild: "guild", Channel: "elsewhere", Now: b.now}, in)
	}
	for _, sub := range []string{"standings", "join", "schedule"} {
		r := elsewhere(sub)
		if !strings.Contains(r.Text, "This server runs 2 leagues") || strings.Contains(r.Text, "\x00") {
			t.Errorf("/league %s with a name of NULs stored: %q", sub, r.Text)
		}
	}
	if r := elsewhere("standings", "league=nope"); r.OK || strings.Contains(r.Text, "\x00") || !strings.Contains(r.Text, `No league is called "nope" here`) {
		t.Errorf("/league standings league:nope: %q", r.Text)
	}
}
