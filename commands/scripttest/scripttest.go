// Package scripttest is what the maps' tests share to drive the command layer: a table set up by
// table-script lines, and inputs typed as in Discord.
package scripttest

import (
	"io"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/script"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Table plays a table script's lines (directives included) and returns the runner; a line that
// cannot run or an expectation that fails ends the test.
func Table(t testing.TB, lines ...string) *script.Runner {
	t.Helper()
	r := &script.Runner{Out: io.Discard}
	for i, l := range lines {
		if err := r.Line(i+1, l); err != nil {
			t.Fatalf("line %d %q: %v", i+1, l, err)
		}
	}
	if r.Failed > 0 {
		t.Fatalf("%d expectations failed", r.Failed)
	}
	return r
}

// Input is the command text as user types it at the local table.
func Input(t testing.TB, user, text string) commands.Input {
	t.Helper()
	in, err := commands.ParseCommand(text)
	if err != nil {
		t.Fatal(err)
	}
	in.User, in.Local = table.User{ID: user, Name: user}, true
	return in
}
