package fakediscord

import (
	"os"
	"testing"
)

// TestMain adds, with FAKEDISCORD_VALIDATED set to a file, the count of requests validated against
// Discord's OpenAPI description by these tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if path := os.Getenv("FAKEDISCORD_VALIDATED"); path != "" {
		_ = AppendValidated(path, "bot/internal/fakediscord")
	}
	os.Exit(code)
}
