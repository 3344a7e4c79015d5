package discord

import (
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/browsertest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// waitingShare is how many of this package's tests run at once per core when the user does not
// say (-parallel). The tests mostly wait: discordgo sleeps a second in every gateway close, which
// each bot's stop and restart makes, and the fake Discord and Chromium answer over sockets; with
// go test's default of one test per core, the package kept its cores a third busy. Under the race
// detector they compute instead, and keep go test's default.
const waitingShare = 4

// TestMain runs the tests waitingShare to a core unless -parallel says otherwise or the race
// detector is on, stops the throwaway PostgreSQL server the tests of shared stores start, and
// with FAKEDISCORD_VALIDATED set to a file, adds the count of requests the fake Discord validated
// against Discord's OpenAPI description.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set && !raceBuilt {
		_ = flag.Set("test.parallel", strconv.Itoa(waitingShare*runtime.GOMAXPROCS(0)))
	}
	code := pgtest.Main(m)
	browsertest.Stop()
	if path := os.Getenv("FAKEDISCORD_VALIDATED"); path != "" {
		_ = fakediscord.AppendValidated(path, "bot")
	}
	os.Exit(code)
}
