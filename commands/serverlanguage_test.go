package commands

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang/langtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestAGermanServersTableWithoutALanguageSpeaksGerman: a table that chose no language, in a
// server whose locale is German, writes what its channel reads in German, whatever the language of
// the player who acted (here French): a kick asked, agreed and refused, an undo voted, a player
// resigning with the seat handed to an AI, the game abandoned, a deadline's turn and an AI's turn
// played for the server; the players' own refusals stay French.
func TestAGermanServersTableWithoutALanguageSpeaksGerman(t *testing.T) {
	patterns := langtest.For(t, "de")
	langs := Langs{Locale: "fr", GuildLocale: "de"}
	ann, bob, cid, dee := table.User{ID: "ann", Name: "ann"}, table.User{ID: "bob", Name: "bob"}, table.User{ID: "cid", Name: "cid"},
		table.User{ID: "dee", Name: "dee"}
	var tb *table.Table
	n := 0
	look := func(what string, r Reply) {
		n++
		noEnglish(t, patterns, what, replyText(r))
		if !r.Ephemeral && r.OK && r.Lang != "de" {
			t.Errorf("%s: the channel's reply is drawn in %q, want de", what, r.Lang)
		}
		if r.Table != nil {
			tb = r.Table
		}
	}
	do := func(u table.User, sub string, opts map[string]string) {
		look("/"+CommandOf(sub)+" "+sub, Handle(tb, Input{User: u, Command: CommandOf(sub), Sub: sub, Options: opts, Langs: langs}))
	}
	click := func(u table.User, verb, arg string) {
		look("click "+verb+" "+arg, HandleComponentIn(tb, u, ComponentID(tb, verb, arg), nil, langs))
	}
	do(ann, "new", map[string]string{"map": "france", "rated": "false", "missed": "1", "leaving": "ai"})
	do(bob, "join", nil)
	do(cid, "join", nil)
	do(dee, "join", nil)
	do(ann, "start", nil)
	cur, _ := tb.Current()
	look("timeout", TimeoutIn(tb, table.PolicySkip, "de"))
	do(cur, "kick", map[string]string{"player": cur.Name})
	for _, u := range []table.User{ann, bob, cid, dee} {
		if u.ID != cur.ID {
			do(u, "kick", map[string]string{"player": cur.Name})
			break
		}
	}
	for _, u := range []table.User{ann, bob, cid, dee} {
		if u.ID != cur.ID && tb.Kick != nil && !strings.Contains(strings.Join(tb.Kick.Approvals, ","), u.ID) {
			click(u, "kick", "no")
			break
		}
	}
	do(bob, "undo", nil)
	click(bob, "undo", "yes")
	click(cid, "undo", "yes")
	click(dee, "undo", "yes")
	click(ann, "undo", "yes")
	do(dee, "resign", nil)
	if _, ai := tb.AIToPlay(); ai {
		look("AI", AIMoveIn(tb, "de"))
	}
	do(ann, "abandon", nil)
	if n < 12 {
		t.Fatalf("only %d replies", n)
	}
}
