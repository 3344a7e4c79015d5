// Package scripttest is what the maps' tests share to drive the command layer: a table set up by
// table-script lines, and inputs typed as in Discord.
package scripttest

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/script"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Played is a table set up by script lines.
type Played struct {
	Table *table.Table
}

// Table plays a table script's lines straight through the command layer (commands.Handle), its
// deal fixed by the ! lines that fix one and checked by its !expect lines; a line that cannot run,
// a command refused or an expectation that fails ends the test. Table scripts themselves run at
// the local table (bot/local), on the host.
func Table(t testing.TB, lines ...string) Played {
	t.Helper()
	var p Played
	var last *script.Answer
	for i, l := range lines {
		text := strings.TrimSpace(script.StripComment(l))
		switch {
		case text == "":
		case strings.HasPrefix(text, "!"):
			words, err := commands.SplitWords(text[1:])
			if err != nil || len(words) == 0 {
				t.Fatalf("line %d %q: %v", i+1, l, err)
			}
			if words[0] == "expect" {
				if _, err := script.Expect(script.Scene{Table: p.Table, Last: last}, words[1:], strings.TrimSpace(strings.TrimPrefix(text[1:], "expect"))); err != nil {
					t.Fatalf("line %d %q: %v", i+1, l, err)
				}
				continue
			}
			ev, err := script.Arrangement(p.Table, words[0], words[1:])
			if err != nil {
				t.Fatalf("line %d %q: %v", i+1, l, err)
			}
			x := table.Begin(p.Table, "script")
			if err := x.Do(ev); err != nil {
				t.Fatalf("line %d %q: %v", i+1, l, err)
			}
			p.Table = x.Table
		default:
			user, cmd, _ := strings.Cut(text, ":")
			r := commands.Handle(p.Table, Input(t, script.TypedName(p.Table, strings.TrimSpace(user)), cmd))
			if !r.OK {
				t.Fatalf("line %d %q: refused: %s", i+1, l, r.Text)
			}
			last = &script.Answer{Accepted: r.Refused == "", Reply: r.Text}
			if r.Changed {
				p.Table = r.Table
			}
		}
	}
	return p
}

// Input is the command text as user types it at the local table.
func Input(t testing.TB, user, text string) commands.Input {
	t.Helper()
	in, err := commands.ParseCommand(strings.TrimSpace(text))
	if err != nil {
		t.Fatal(err)
	}
	in.User, in.Local = table.User{ID: user, Name: user}, true
	return in
}
