package discord

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// longName is a display name of Discord's longest, 32 characters, some of them two bytes long.
func longName(n int) string {
	name := fmt.Sprintf("Guðrún Þórsdóttir-Ærøskøbing %d", n)
	for utf8.RuneCountInString(name) < 32 {
		name += "ø"
	}
	return name
}

// builtGame is a Discord game of six players built to its last turn at the command layer, as the
// bot would have stored it: steps is its record, table the table before the last turn.
type builtGame struct {
	mapID   string
	steps   []table.Step
	table   *table.Table
	endText string // the end message the last turn's autopilot gives
}

// buildToLastTurn deals a game of the players on a map from a fixed key (policy auto, 10-minute
// deadlines) and lets the deadline autopilot play every turn but the last.
func buildToLastTurn(t *testing.T, mapID, channel string, players []table.User) builtGame {
	t.Helper()
	key, _ := bot.FixedDeals(3)()
	newIn := commands.Input{User: players[0], Command: "carc", Sub: "new", Secret: key, Table: "g-" + mapID, Channel: channel,
		Options: map[string]string{"map": mapID, "policy": "auto", "deadline": "10m"}}
	g := builtGame{mapID: mapID}
	keep := func(r commands.Reply) *table.Table {
		t.Helper()
		if !r.OK {
			t.Fatalf("%s: %s", mapID, r.Text)
		}
		g.steps = append(g.steps, *r.Step)
		return r.Table
	}
	tbl := keep(commands.Handle(nil, newIn))
	for _, p := range players[1:] {
		tbl = keep(commands.Handle(tbl, commands.Input{User: p, Command: "carc", Sub: "join"}))
	}
	tbl = keep(commands.Handle(tbl, commands.Input{User: players[0], Command: "carc", Sub: "start"}))
	for n := 0; ; n++ {
		if n > 400 {
			t.Fatalf("%s: the game does not end", mapID)
		}
		r := commands.Timeout(tbl, table.PolicyAuto)
		if !r.OK {
			t.Fatalf("%s: %s", mapID, r.Text)
		}
		if r.Table.Status != table.Playing {
			g.table, g.endText = tbl, r.Text
			return g
		}
		tbl = keep(r)
	}
}

// TestTheEndOfASixPlayerGameArrivesWhole: the end of a game of six players with the longest names
// Discord allows, on the map whose end message is longest, is far longer than a Discord message;
// it arrives in several, in order, with every line whole (the final scoring, the standings, the
// points by source, the deal's key), and the pictures with the last.
func TestTheEndOfASixPlayerGameArrivesWhole(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.endFiles = func(*table.Table, string) []bot.File {
		return []bot.File{{Name: "scores.png", Data: []byte("chart")}, {Name: "game.gif", Data: []byte("gif")}}
	}
	h.start()
	ch := h.f.General
	var players []table.User
	for n := range 6 {
		u := h.f.AddUser(longName(n + 1))
		players = append(players, table.User{ID: u.ID, Name: u.Username})
	}
	var longest builtGame
	for _, id := range variants.IDs(false) {
		g := buildToLastTurn(t, id, ch.ID, players)
		t.Logf("%s: the end message is %d bytes", id, len(g.endText))
		if len(g.endText) > len(longest.endText) {
			longest = g
		}
	}
	for _, want := range []string{"Points by source: ", "The deal's key was ", "The game is over. "} {
		if !strings.Contains(longest.endText, want) {
			t.Fatalf("the end message lacks %q: the test checks nothing", want)
		}
	}
	if len(longest.endText) <= maxContent {
		t.Fatalf("the longest end message is %d bytes: it fits one message, the test checks nothing", len(longest.endText))
	}
	id := longest.table.ID
	if err := bot.Save(h.store, id, ch.ID, longest.steps); err != nil {
		t.Fatal(err)
	}
	cur, _ := longest.table.Current()
	if err := h.store.SetTimers(id, []storage.Timer{{Kind: bot.KindDeadline, UserID: cur.ID, At: h.clock.Now().Add(10 * time.Minute)}}); err != nil {
		t.Fatal(err)
	}
	h.stop()
	h.start()
	before := len(h.posts(ch.ID))
	h.clock.Add(11 * time.Minute)
	h.b.FireTimers(h.clock.Now())

	// What the bot's last turn says: the autopilot's last turn, which the test played before.
	want := longest.endText
	h.waitFor(func() bool { // the pictures come with the end's last message
		posts := h.posts(ch.ID)
		return len(posts) > before && len(posts[len(posts)-1].Attachments) > 0
	})
	var got []string
	for _, m := range h.posts(ch.ID)[before:] {
		got = append(got, m.Content)
	}
	if strings.Join(got, "\n") != want {
		t.Fatalf("the end arrived as %d messages that differ from the end message:\n%s\n---- want:\n%s", len(got), strings.Join(got, "\n----\n"), want)
	}
	joined := "\n" + strings.Join(got, "\n") + "\n"
	for _, line := range strings.Split(want, "\n") {
		if !strings.Contains(joined, "\n"+line+"\n") {
			t.Errorf("the line %q is cut", line)
		}
	}
	posts := h.posts(ch.ID)[before:]
	for i, m := range posts {
		if n := utf8.RuneCountInString(m.Content); n > 2000 || (i < len(posts)-1) != (len(m.Attachments) == 0) {
			t.Errorf("end message %d of %d: %d characters, %d attachments", i+1, len(posts), n, len(m.Attachments))
		}
	}
	if end := posts[len(posts)-1]; len(end.Attachments) != 3 || end.Attachments[0].Name != "board.png" {
		t.Errorf("the last end message has %d attachments, want the board, the chart and the animation", len(end.Attachments))
	}
	t.Logf("%s: the end arrived in %d messages", longest.mapID, len(posts))
}

// TestTheEndIsDrawnOutsideTheGamesLock: the end's pictures are drawn after the game's lock is
// released (here the drawing waits until the test lets it go, and the lock is free meanwhile),
// and a new game opened in the channel meanwhile is announced only after the end.
func TestTheEndIsDrawnOutsideTheGamesLock(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	drawing, release := make(chan struct{}), make(chan struct{})
	h.draw = func(*table.Table, commands.Reply) ([]byte, error) { return nil, nil }
	h.endFiles = func(*table.Table, string) []bot.File {
		close(drawing)
		<-release
		return []bot.File{{Name: "game.gif", Data: []byte("gif")}}
	}
	h.start()
	alice, _, ch := openGame(h, "france", 5, fakediscord.StringArg("policy", "auto"), fakediscord.StringArg("deadline", "10m"),
		fakediscord.IntArg("tiles", 72))
	id := h.game(ch.ID).ID
	for n := 0; commands.Timeout(h.table(ch.ID), table.PolicyAuto).Table.Status == table.Playing; n++ {
		if n > 200 {
			t.Fatal("the game does not end")
		}
		h.clock.Add(11 * time.Minute)
		h.b.FireTimers(h.clock.Now())
	}
	released := false
	defer func() {
		if !released {
			close(release)
		}
	}()
	h.clock.Add(11 * time.Minute)
	fired := make(chan struct{})
	go func() {
		h.b.FireTimers(h.clock.Now())
		close(fired)
	}()
	<-drawing
	if h.b.Busy(id) {
		t.Error("the game's lock is held while the end's pictures are drawn")
	}
	// A new game opened in the channel now is announced after the end.
	opened := h.f.SendSlash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france")))
	h.waitFor(func() bool { next := h.b.GameIn(ch.ID); return next != "" && next != id })
	close(release)
	released = true
	<-fired
	if m, err := opened.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() }); err != nil || !contains(m.Content, "Game opened") {
		t.Fatalf("/carc new: %v %v", m, err)
	}
	end, opening := -1, -1
	h.waitFor(func() bool {
		for i, m := range h.posts(ch.ID) {
			switch {
			case contains(m.Content, "The game is over."):
				end = i
			case contains(m.Content, "New game of Carcassonne Maps") && i > 0:
				opening = i
			}
		}
		return end >= 0 && opening >= 0
	})
	if end > opening {
		t.Fatalf("the new game (message %d) was announced before the end of the last (message %d)", opening, end)
	}
	if m := h.posts(ch.ID)[end]; len(m.Attachments) != 1 {
		t.Fatalf("the end has %d attachments, want the animation", len(m.Attachments))
	}
}
