package bot

import (
	"os"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// TestMain stops the throwaway PostgreSQL server the tests of shared stores start, and removes
// the binary the tests of processes built.
func TestMain(m *testing.M) {
	code := pgtest.Main(m)
	if built.dir != "" {
		_ = os.RemoveAll(built.dir)
	}
	os.Exit(code)
}
