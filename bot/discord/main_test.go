package discord

import (
	"os"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// TestMain stops the throwaway PostgreSQL server the tests of shared stores start; with FAKEDISCORD_VALIDATED set to a file, it adds the
// count of requests the fake Discord validated against Discord's OpenAPI description.
func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	if path := os.Getenv("FAKEDISCORD_VALIDATED"); path != "" {
		_ = fakediscord.AppendValidated(path, "bot")
	}
	os.Exit(code)
}
