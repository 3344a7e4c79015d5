package bot

import (
	"os"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
)

// TestMain stops the throwaway PostgreSQL server the tests of shared stores start.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
