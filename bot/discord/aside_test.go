package discord

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/logbuf"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestAGameThatCannotBeCarriedOnIsSetAsideAndTheBotStarts: one game whose snapshot and record do
// not load (a map this release no longer has) and one the upgrade set aside never stop the bot: it
// starts with every other game, says how many it set aside, tells each of their channels once (not
// again at the next start), answers the commands there with why, and keeps them untouched for
// bot verify and bot export --admin; a new game can still be opened in a thread there.
func TestAGameThatCannotBeCarriedOnIsSetAsideAndTheBotStarts(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	var logs logbuf.Buffer
	h.configure = func(c *bot.Config) { c.Logger = slog.New(slog.NewTextHandler(&logs, nil)) }
	h.start()
	alice, _, general := openGame(h, "france", 7)
	h.stop()

	broken, upgraded := h.f.AddChannel("broken"), h.f.AddChannel("upgraded")
	store, err := storage.Open(h.db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	setup := json.RawMessage(`{"by":"1","events":[{"kind":"create","table":"g-broken","map":"atlantis"}]}`)
	snap := []byte(`{"table":{"id":"g-broken","setup":{"map":"atlantis"}},"game":{"turn":3}}`)
	for _, g := range []struct{ id, place string }{{"g-broken", broken.ID}, {"g-upgraded", upgraded.ID}} {
		if err := store.CreateGame(storage.GameRecord{ID: g.id, ChannelID: g.place, Guild: h.f.GuildID, Setup: setup,
			Players: []string{alice.ID}, Status: storage.StatusPlaying}, snap, "h0"); err != nil {
			t.Fatal(err)
		}
	}
	if err := store.SetAside("g-upgraded", "its record does not upgrade: entry 12 (/carc skip) is refused"); err != nil {
		t.Fatal(err)
	}
	before, err := store.Export("g-broken", true, bot.Engine{})
	if err != nil {
		t.Fatal(err)
	}
	store.Close()

	h.start()
	if !strings.Contains(logs.String(), "games loaded") || !strings.Contains(logs.String(), "count=1 set_aside=2") {
		t.Fatalf("the start-up log does not say how many games it set aside:\n%s", logs.String())
	}
	for _, ch := range []*fakediscord.Channel{broken, upgraded} {
		posts := h.posts(ch.ID)
		if len(posts) != 1 || !contains(posts[0].Content, "This game is set aside") || !contains(posts[0].Content, "bot export --admin") {
			t.Fatalf("%s was told %d times: %+v", ch.Name, len(posts), posts)
		}
	}
	if !contains(h.posts(upgraded.ID)[0].Content, "entry 12 (/carc skip) is refused") ||
		!contains(h.posts(broken.ID)[0].Content, "does not load") {
		t.Errorf("the notices do not say why: %q, %q", h.posts(upgraded.ID)[0].Content, h.posts(broken.ID)[0].Content)
	}
	for _, args := range [][]fakediscord.Arg{{fakediscord.SubCommand("status")}, {fakediscord.SubCommand("new", fakediscord.StringArg("map", "taiwan"))}} {
		if m := h.slash(alice, broken, "carc", args...); !contains(m.Content, "The game of this channel is set aside") {
			t.Errorf("/carc %s in the channel of a game set aside: %q", args[0].Name(), m.Content)
		}
	}
	if m := h.slash(alice, broken, "place", fakediscord.StringArg("square", "F7")); !contains(m.Content, "is set aside") {
		t.Errorf("/place in the channel of a game set aside: %q", m.Content)
	}
	if m := h.slash(alice, broken, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "taiwan"), fakediscord.BoolArg("thread", true))); !contains(m.Content, "Game opened") {
		t.Errorf("/carc new thread:true in the channel of a game set aside: %q", m.Content)
	}
	if tbl := h.table(general.ID); tbl == nil {
		t.Fatal("the healthy game is not loaded")
	}
	if m := h.slash(alice, general, "carc", fakediscord.SubCommand("status")); contains(m.Content, "set aside") {
		t.Errorf("the healthy game's channel: %q", m.Content)
	}

	// Told once: a restart does not tell the channels again.
	h.stop()
	h.start()
	for _, ch := range []*fakediscord.Channel{broken, upgraded} {
		if n := len(h.posts(ch.ID)); n != 1 {
			t.Errorf("%s was told %d times after a restart", ch.Name, n)
		}
	}
	// Untouched, listed and exportable.
	after, err := h.store.Export("g-broken", true, bot.Engine{})
	if err != nil {
		t.Fatal(err)
	}
	var was, is storage.GameExport
	_ = json.Unmarshal(before, &was)
	_ = json.Unmarshal(after, &is)
	if is.Game.Aside == nil || string(is.Snapshot) != string(was.Snapshot) || string(is.Game.Setup) != string(was.Game.Setup) || is.Game.Hash != was.Game.Hash {
		t.Fatalf("the game set aside changed:\n%s\n%s", before, after)
	}
	rep, err := h.store.Verify(bot.Engine{})
	if err != nil || !rep.OK() || len(rep.Aside) != 2 || rep.Games < 1 {
		t.Fatalf("verify: %+v, %v", rep, err)
	}
}
