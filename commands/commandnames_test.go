package commands

import (
	"regexp"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestRepliesNameTheCommandsAsTheReadersDiscordShowsThem: Discord shows a German reader /legen
// and /carc beitreten (the bot registers the names in every language), so a German reply in
// Discord names the commands so, and never by a canonical name the German client does not show;
// at the local table, where the commands are typed as declared, the same replies name them
// canonically. Discord still sends the canonical names: the commands mean the same in both.
func TestRepliesNameTheCommandsAsTheReadersDiscordShowsThem(t *testing.T) {
	de := lang.For("de")
	var hidden []*regexp.Regexp // the canonical mentions a German Discord does not show
	var paths []string
	for _, c := range Surface() {
		paths = append(paths, c.Name)
		for _, s := range c.Subs {
			paths = append(paths, c.Name+" "+s.Name)
		}
	}
	for _, p := range paths {
		if de.Command(p) != "/"+p {
			hidden = append(hidden, regexp.MustCompile(regexp.QuoteMeta("/"+p)+`(?:$|[^\p{L}\p{N}_-])`))
		}
	}
	if len(hidden) < 20 {
		t.Fatalf("only %d commands have a German name", len(hidden))
	}
	for _, local := range []bool{false, true} {
		ann := table.User{ID: "ann", Name: "ann"}
		bob := table.User{ID: "bob", Name: "bob"}
		langs := Langs{Locale: "de", GuildLocale: "de"}
		var texts []string
		var tb *table.Table
		do := func(u table.User, sub string, opts map[string]string) {
			r := Handle(tb, Input{User: u, Command: CommandOf(sub), Sub: sub, Options: opts, Local: local, Langs: langs})
			texts = append(texts, r.Text+"\n"+r.Refused)
			if r.Table != nil {
				tb = r.Table
			}
		}
		do(ann, "status", nil)
		do(ann, "new", map[string]string{"map": "france"})
		do(bob, "start", nil)
		do(bob, "join", nil)
		do(ann, "nonsense", nil)
		do(ann, "help", nil)
		do(ann, "start", nil)
		do(ann, "pass", nil)
		do(ann, "status", nil)
		r := Handle(tb, Input{User: ann, Command: "meeple", Options: map[string]string{"spot": "city:N"}, Local: local, Langs: langs})
		texts = append(texts, r.Text)
		all := strings.Join(texts, "\n")
		for _, want := range []string{"carc join", "carc start", "carc new", "place"} {
			name := de.Command(want)
			if local {
				name = "/" + want
			}
			if !strings.Contains(all, name) {
				t.Errorf("local %v: the replies never name %s as %s:\n%s", local, want, name, all)
			}
		}
		if local {
			continue
		}
		for _, re := range hidden {
			if m := re.FindString(all); m != "" {
				t.Errorf("a German reply in Discord names %q: %s", m, all[max(0, strings.Index(all, m)-200):strings.Index(all, m)+10])
			}
		}
	}
}

// TestAMoveInTheWrongStepIsRefusedInTheReadersLanguage: the engine's refusal of a move out of its
// step carries an id and its values (game.MoveError.ID), which the catalogues write in the
// reader's language; in English the text is the engine's own, word for word.
func TestAMoveInTheWrongStepIsRefusedInTheReadersLanguage(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"en", "You cannot pass now: first place your tile"},
		{"de", "Passen geht jetzt nicht: Leg zuerst dein Plättchen"},
		{"fr", "Vous ne pouvez pas passer maintenant\u00a0: posez d'abord votre tuile"},
		{"zh-TW", "現在不能結束回合：請先放置你的板塊"},
	} {
		ann := table.User{ID: "ann", Name: "ann"}
		bob := table.User{ID: "bob", Name: "bob"}
		langs := Langs{Locale: c.code}
		tb := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Options: map[string]string{"map": "france"}, Langs: langs}).Table
		tb = Handle(tb, Input{User: bob, Command: "carc", Sub: "join", Langs: langs}).Table
		tb = Handle(tb, Input{User: ann, Command: "carc", Sub: "start", Langs: langs}).Table
		r := Handle(tb, Input{User: ann, Command: "turn", Sub: "pass", Langs: langs})
		if r.OK || !strings.Contains(r.Text, c.want) {
			t.Errorf("%s: %q, want %q", c.code, r.Text, c.want)
		}
		if c.code == "en" {
			_, err := tb.Game.Clone().Apply(game.Move{Kind: game.MovePass, Player: tb.Game.Current})
			if err == nil || !strings.Contains(r.Text, err.Error()) {
				t.Errorf("the English %q is not the engine's %v", r.Text, err)
			}
		}
	}
}
