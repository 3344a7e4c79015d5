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

// TestALineAboutAGameNamesTheInteractionActingOnIt: while a person's interaction holds a game's
// lock (bot.Config.Acting), every line about that game names the interaction, unless it names
// one itself; once the interaction lets go, or for another game, none is added.
func TestALineAboutAGameNamesTheInteractionActingOnIt(t *testing.T) {
	g := New()
	var buf bytes.Buffer
	log := slog.New(g.Handler(slog.NewJSONHandler(&buf, nil)))
	interaction := func(f func()) any {
		buf.Reset()
		f()
		var rec map[string]any
		if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		return rec["interaction"]
	}
	done := g.Acting("g1", "i1")
	for _, c := range []struct {
		what string
		log  func()
		want any
	}{
		{"the game in the call", func() { log.Warn("could not draw", "game", "g1") }, "i1"},
		{"the game in With", func() { log.With("game", "g1").Error("late") }, "i1"},
		{"the interaction given", func() { log.Info("x", "game", "g1", "interaction", "i0") }, "i0"},
		{"another game", func() { log.Info("x", "game", "g2") }, nil},
	} {
		if got := interaction(c.log); got != c.want {
			t.Errorf("%s: interaction %v, want %v", c.what, got, c.want)
		}
	}
	done()
	if got := interaction(func() { log.Info("x", "game", "g1") }); got != nil {
		t.Errorf("after the interaction let go: interaction %v, want none", got)
	}
	// A later interaction's hold is not ended by an earlier one's late done.
	later := g.Acting("g1", "i2")
	done()
	if got := interaction(func() { log.Info("x", "game", "g1") }); got != "i2" {
		t.Errorf("an earlier done ended a later hold: interaction %v, want i2", got)
	}
	later()
}
