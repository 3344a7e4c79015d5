package postgres

import (
	"os"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/pgtest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/storetest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// openTest opens a store on a new database of the test server.
func openTest(t *testing.T) *Store {
	t.Helper()
	s, err := Open(pgtest.URL(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSuite runs the suite every store passes against PostgreSQL.
func TestSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storage.Database { return openTest(t) })
}
