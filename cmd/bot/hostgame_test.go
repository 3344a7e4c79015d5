package main

import (
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// quietPort is a chat that takes every post and answer and keeps the answers' texts.
type quietPort struct {
	mu      sync.Mutex
	answers []string
}

func (p *quietPort) Post(string, bot.Message) (string, error) { return "m", nil }
func (p *quietPort) Edit(string, string, bot.Message) error   { return nil }
func (p *quietPort) DM(string, bot.Message) error             { return nil }
func (p *quietPort) OpenThread(string, string) (string, error) {
	return "", fmt.Errorf("no threads here")
}
func (p *quietPort) Answer(_ *bot.Interaction, m bot.Message) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.answers = append(p.answers, m.Text)
	return nil
}
func (p *quietPort) Thinking(*bot.Interaction) (bool, error) { return true, nil }
func (p *quietPort) Link(string, string) string              { return "" }

type nowhere struct{}

func (nowhere) Thread() bool        { return false }
func (nowhere) Missing(bool) string { return "" }

// storedGame plays a game of the classic table in the database db through the host, as Discord
// would, for turns turns (each a tile placed without a meeple), then, with resign, ends it by
// ann's resignation; it returns the game's id.
func storedGame(t *testing.T, db string, turns int, resign bool) string {
	t.Helper()
	store, err := storage.Open(db, storage.Options{NoSync: true, Engine: bot.Engine{}})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	port := &quietPort{}
	host, err := bot.New(bot.Config{Store: store, Port: port, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer host.Close()
	n := 0
	do := func(user, cmd, sub string, options map[string]string) {
		t.Helper()
		n++
		u := table.User{ID: user, Name: user}
		host.Command(&bot.Request{Interaction: &bot.Interaction{ID: "i" + strconv.Itoa(n), Place: "channel", Created: time.Now()},
			Guild: "guild", User: u, Input: commands.Input{Command: cmd, Sub: sub, Options: options, User: u}, Where: nowhere{}})
	}
	do("ann", "carc", "new", map[string]string{"map": "classic"})
	do("bob", "carc", "join", nil)
	do("ann", "carc", "start", nil)
	for range turns {
		in, ok := host.Inspect("channel")
		if !ok || in.Table.Status != table.Playing {
			t.Fatalf("no game runs: %q", port.answers)
		}
		g := in.Table.Game
		p := g.LegalPlacements(g.Drawn)[0]
		u, _ := in.Table.Current()
		do(u.ID, "place", "", map[string]string{"square": p.Square.String(), "rotation": strconv.Itoa(p.Rotation.Degrees()), "meeple": "none"})
	}
	in, ok := host.Inspect("channel")
	if !ok || in.Table.Game.Turn != turns+1 {
		t.Fatalf("the game is not at turn %d: %q", turns+1, port.answers)
	}
	if resign {
		do("ann", "carc", "resign", nil)
		if _, ok := host.Inspect("channel"); ok {
			t.Fatalf("the game runs on after ann resigned: %q", port.answers)
		}
	}
	return in.ID
}
