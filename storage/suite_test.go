package storage_test

import (
	"path/filepath"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/storetest"
)

// TestSuite runs the suite every store passes against the bbolt file.
func TestSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storage.Database {
		s, err := storage.Open(filepath.Join(t.TempDir(), "games.db"), storage.Options{NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}
