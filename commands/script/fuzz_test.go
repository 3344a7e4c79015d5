package script

import (
	"errors"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// lobby is a lobby of the practice map, which the ! lines fix the deal of.
func lobby(t testing.TB) *table.Table {
	in, err := commands.ParseCommand("/carc new map:practice")
	if err != nil {
		t.Fatal(err)
	}
	in.User, in.Local = table.User{ID: "ann", Name: "ann"}, true
	r := commands.Handle(nil, in)
	if !r.OK {
		t.Fatal(r.Text)
	}
	return r.Table
}

// FuzzArrangement reads arbitrary ! lines that fix a deal: each is an event of the table or a
// malformed line, never a panic.
func FuzzArrangement(f *testing.F) {
	for _, s := range []string{"starts Centre=D@0", "deck U V", "stack D", "chips D5=orange:2", "chips D5=orange:3", "setup x y", "starts =@", "deck ZZ"} {
		f.Add(s)
	}
	t0 := lobby(f)
	f.Fuzz(func(t *testing.T, line string) {
		words, err := commands.SplitWords(StripComment(line))
		if err != nil || len(words) == 0 {
			return
		}
		if _, err := Arrangement(t0, words[0], words[1:]); err != nil && !errors.Is(err, ErrMalformed) {
			t.Fatalf("%q: %v is not a malformed line", line, err)
		}
	})
}

// FuzzExpect checks arbitrary !expect lines against a lobby: each holds, fails or is malformed,
// never a panic.
func FuzzExpect(f *testing.F) {
	for _, s := range []string{"ok", "refused No", "reply New game", "score ann=1", "state players.0.score=0", "tile A1=D@0", "meeple none A1 -",
		"legal A1 0", "chips ann=none", "state as:ann map=practice", "phase", "bogus"} {
		f.Add(s)
	}
	scene := Scene{Table: lobby(f), Last: &Answer{Accepted: true, Reply: "New game"}}
	f.Fuzz(func(t *testing.T, line string) {
		words, err := commands.SplitWords(line)
		if err != nil || len(words) == 0 {
			return
		}
		_, _ = Expect(scene, words, strings.TrimSpace(line))
	})
}

// TestLinesReadWhatWasTyped: a script's lines are read as typed, a line over 1 MiB reported as too
// long and the next one read whole; a # comment outside quotes goes.
func TestLinesReadWhatWasTyped(t *testing.T) {
	in := NewLines(strings.NewReader("ann: /carc new # a comment\r\n" + strings.Repeat("x", 3<<20) + "\nbob: /league create name:\"A # B\""))
	want := []struct {
		line    string
		tooLong bool
	}{{"ann: /carc new ", false}, {"", true}, {`bob: /league create name:"A # B"`, false}}
	for i, w := range want {
		line, tooLong, err := in.Next()
		if err != nil || StripComment(line) != w.line || tooLong != w.tooLong {
			t.Errorf("line %d: %q (too long: %v), %v; want %q (%v)", i+1, StripComment(line), tooLong, err, w.line, w.tooLong)
		}
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
