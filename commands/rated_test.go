package commands

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestTablesSayWhetherTheirGameIsRated: a table opened with rated:false, one given a chosen seed
// and one with an AI seat tell the players, in /carc new (once the reason is known), /carc status
// and /table settings, that the game will not be rated and why; a plain table is rated. rated: takes true or false, can be changed
// in the lobby and not once the game has started.
func TestTablesSayWhetherTheirGameIsRated(t *testing.T) {
	ann, bob := table.User{ID: "1", Name: "ann"}, table.User{ID: "2", Name: "bob"}
	run := func(tbl *table.Table, u table.User, sub string, opts ...string) Reply {
		in := Input{User: u, Command: CommandOf(sub), Sub: sub, Options: map[string]string{}, Secret: testKey}
		for _, o := range opts {
			k, v, _ := strings.Cut(o, ":")
			in.Options[k] = v
		}
		return Handle(tbl, in)
	}
	for _, c := range []struct {
		name string
		new  []string
		bot  bool
		why  string // "" for a rated game
	}{
		{name: "a plain table", new: []string{"map:france"}},
		{name: "rated:true", new: []string{"map:france", "rated:true"}},
		{name: "rated:false", new: []string{"map:france", "rated:false"}, why: "the table is unrated (rated:false)"},
		{name: "a chosen seed", new: []string{"map:france", "seed:7"}, why: "a chosen seed"},
		{name: "an AI seat", new: []string{"map:france"}, bot: true, why: "an AI seat"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := run(nil, ann, "new", c.new...)
			if !r.OK {
				t.Fatalf("/carc new: %s", r.Text)
			}
			if said := strings.Contains(r.Text, "Not rated: "); said != (c.why != "" && !c.bot) {
				t.Errorf("/carc new says %q; want the reason %q", r.Text, c.why)
			}
			tbl := r.Table
			if c.bot {
				tbl = run(tbl, ann, "bot", "level:easy").Table
			} else {
				tbl = run(tbl, bob, "join").Table
			}
			if got := tbl.Unrated(); got != c.why {
				t.Fatalf("Unrated() = %q, want %q", got, c.why)
			}
			lobby := run(tbl, ann, "status").Text
			settings := run(tbl, ann, "settings").Text
			tbl = run(tbl, ann, "start").Table
			playing := run(tbl, ann, "status").Text
			for _, text := range []string{lobby, playing} {
				if said := strings.Contains(text, "Not rated: "+c.why+"."); said != (c.why != "") {
					t.Errorf("/carc status says %q; want the reason %q", text, c.why)
				}
			}
			want := "rated: yes"
			if c.why != "" {
				want = "rated: no, " + c.why
			}
			if !strings.Contains(settings, want) {
				t.Errorf("/table settings says %q; want %q", settings, want)
			}
		})
	}
	tbl := run(nil, ann, "new", "map:france").Table
	if r := run(tbl, ann, "settings", "rated:maybe"); r.OK || !strings.Contains(r.Text, "ated:maybe: use true") {
		t.Errorf("rated:maybe: %v %s", r.OK, r.Text)
	}
	tbl = run(tbl, ann, "settings", "rated:false").Table
	if tbl.Unrated() == "" {
		t.Fatal("/table settings rated:false in the lobby left the table rated")
	}
	tbl = run(tbl, ann, "settings", "rated:true").Table
	tbl = run(tbl, bob, "join").Table
	tbl = run(tbl, ann, "start").Table
	if r := run(tbl, ann, "settings", "rated:false"); r.OK || tbl.Unrated() != "" {
		t.Errorf("rated:false after the start: %v %s", r.OK, r.Text)
	}
}
