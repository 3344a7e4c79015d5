package record_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
)

// FuzzParse: a file given to bot replay, whatever it holds, is read or refused with an error, and
// a document read replays or is refused; nothing panics.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("../../bot/discord/testdata/records-v1/record-*.json")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{"format":"carcassonne-maps-bot/record","version":2,"complete":true,"map":"classic","players":["a"],"setup":{"map":"classic","players":["a"]},"steps":[{"n":1,"by":"a","events":[{"kind":"start"}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := record.Parse(data)
		if err != nil {
			return
		}
		if _, err := record.Replay(d); err == nil {
			_, _, _ = record.TableAt(d, 3)
		}
	})
}
