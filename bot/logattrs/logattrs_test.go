package logattrs

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestALineAboutAGameNamesItsGuild: once the store handed the process a game's record, a line
// naming the game names its guild too, however the game was named (in the call or the logger's
// With); a line that names its guild keeps it, and a game whose guild is unknown gets none.
func TestALineAboutAGameNamesItsGuild(t *testing.T) {
	db, err := storage.Open(filepath.Join(t.TempDir(), "games.db"), storage.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g := New()
	s := g.Store(db)
	if err := s.CreateGame(storage.GameRecord{ID: "g1", ChannelID: "c1", Guild: "G1", Setup: []byte(`{}`)}, []byte(`{}`), "h"); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	log := slog.New(g.Handler(slog.NewJSONHandler(&buf, nil)))
	line := func(f func()) map[string]any {
		buf.Reset()
		f()
		var rec map[string]any
		if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		return rec
	}
	for _, c := range []struct {
		what  string
		log   func()
		guild any
	}{
		{"the game in the call", func() { log.Error("could not store a move", "game", "g1") }, "G1"},
		{"the game in With", func() { log.With("game", "g1").Warn("late") }, "G1"},
		{"the guild given", func() { log.Info("x", "game", "g1", "guild", "other") }, "other"},
		{"a game of no known guild", func() { log.Info("x", "game", "g9") }, nil},
		{"no game", func() { log.Info("x") }, nil},
	} {
		if got := line(c.log)["guild"]; got != c.guild {
			t.Errorf("%s: guild %v, want %v", c.what, got, c.guild)
		}
	}
}
