package memory_test

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/memory"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/storetest"
)

// TestSuite runs the suite every store passes against the memory store.
func TestSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storage.Database { return memory.New(memory.Options{Engine: storetest.Engine}) })
}
