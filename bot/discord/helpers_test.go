package discord

import (
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// definitions are the slash commands an adapter registers for a host made for the test (on a
// store of its own, no session opened).
func definitions(t *testing.T) []*discordgo.ApplicationCommand {
	t.Helper()
	store, err := storage.Open(filepath.Join(t.TempDir(), "games.db"), storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = store.Close() })
	s, _ := discordgo.New("Bot none")
	a, err := NewBot(s, bot.Config{Store: store, TimerEvery: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Host().Close)
	return a.Definitions()
}
