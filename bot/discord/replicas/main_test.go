// Package replicas tests the bot as its operators run it: the real binary (cmd/bot), several
// processes on one PostgreSQL database behind the fake Discord, killed, frozen and restarted
// while they play (the chaos test), gateway shards shared between processes, and the monitoring
// a host's Prometheus scrapes (monitoring_test.go). They sit apart
// from the adapter's own tests so that each package stays well within Go's test timeout on a busy
// machine.
package replicas

import (
	"os"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// TestMain stops the throwaway PostgreSQL server the tests start, and removes the binary they
// built; with FAKEDISCORD_VALIDATED set to a file, it adds the count of requests the fake
// Discord validated against Discord's OpenAPI description.
func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	if path := os.Getenv("FAKEDISCORD_VALIDATED"); path != "" {
		_ = fakediscord.AppendValidated(path, "replicas")
	}
	if built.dir != "" {
		_ = os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// firstLine is the first line of s, which a failure quotes.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// placeArgs are the options of /place for the first legal placement of t's drawn tile, without a
// meeple.
func placeArgs(t *table.Table) []fakediscord.Arg {
	p := t.Game.LegalPlacements(t.Game.Drawn)[0]
	return []fakediscord.Arg{fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
		fakediscord.StringArg("meeple", "none")}
}
