package discord

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// newTable opens a lobby of u in ch and checks that it opened.
func newTable(h *harness, u *fakediscord.User, ch *fakediscord.Channel, args ...fakediscord.Arg) {
	h.t.Helper()
	args = append([]fakediscord.Arg{fakediscord.StringArg("map", "france")}, args...)
	if m := h.slash(u, ch, "carc", fakediscord.SubCommand("new", args...)); !contains(m.Content, "Game opened") {
		h.t.Fatalf("/carc new in %s: %s", ch.Name, m.Content)
	}
}

// openTables counts the open tables of the store.
func openTables(h *harness) int {
	h.t.Helper()
	recs, err := h.store.ActiveGames()
	if err != nil {
		h.t.Fatal(err)
	}
	return len(recs)
}

// TestOpenTablesAreCappedPerPersonAndPerServer: with the host's caps of 2 tables a person and 3 a
// server, a third table of one person and a fourth of the server are refused with the cap and how
// to free a place, and change nothing; leaving a lobby frees its places; two /carc new sent at
// once cannot both take a person's last place; league games count for neither cap; and the
// counts hold across a restart.
func TestOpenTablesAreCappedPerPersonAndPerServer(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.configure = func(c *bot.Config) { c.MaxTablesPerUser, c.MaxTablesPerServer = 2, 3 }
	h.start()
	alice, bob, carol := h.f.AddUser("alice"), h.f.AddUser("bob"), h.f.AddUser("carol")
	ch := []*fakediscord.Channel{h.f.General}
	for n := 1; n <= 5; n++ {
		ch = append(ch, h.f.AddChannel(fmt.Sprintf("table-%d", n)))
	}
	newTable(h, alice, ch[0])
	newTable(h, alice, ch[1])
	if m := h.slash(alice, ch[2], "carc", fakediscord.SubCommand("new")); !contains(m.Content, "You already sit at 2 open tables") ||
		!contains(m.Content, "(2;") || !contains(m.Content, "/carc leave") || h.table(ch[2].ID) != nil {
		t.Fatalf("alice's third table: %s", m.Content)
	}
	h.slash(bob, ch[0], "carc", fakediscord.SubCommand("join"))
	newTable(h, bob, ch[2])
	if m := h.slash(bob, ch[1], "carc", fakediscord.SubCommand("join")); !contains(m.Content, "You already sit at 2 open tables") {
		t.Fatalf("bob's third seat: %s", m.Content)
	}
	if tb := h.table(ch[1].ID); tb.Seat(bob.ID) >= 0 {
		t.Fatal("the refused join seated bob")
	}
	if m := h.slash(carol, ch[3], "carc", fakediscord.SubCommand("new")); !contains(m.Content, "This server has 3 open tables") ||
		!contains(m.Content, "(3)") || !contains(m.Content, "7 days without a change") {
		t.Fatalf("the server's fourth table: %s", m.Content)
	}
	if n := openTables(h); n != 3 {
		t.Fatalf("%d open tables, want 3", n)
	}

	// alice leaves the lobby she sat at alone: it closes, and frees her place and the server's.
	h.slash(alice, ch[1], "carc", fakediscord.SubCommand("leave"))
	newTable(h, carol, ch[3])

	// A restart counts the same tables: alice sits at one (with bob), carol at one, bob at two.
	h.stop()
	h.start()
	if m := h.slash(bob, ch[4], "carc", fakediscord.SubCommand("new")); !contains(m.Content, "You already sit at 2 open tables") {
		t.Fatalf("bob after the restart: %s", m.Content)
	}
	// In bob's language, naming the commands as his German Discord shows them.
	h.slash(bob, ch[1], "player", fakediscord.SubCommand("settings", fakediscord.StringArg("language", "de")))
	if m := h.slash(bob, ch[4], "carc", fakediscord.SubCommand("new")); !contains(m.Content, "Du sitzt schon an 2 offenen Tischen") ||
		!contains(m.Content, "(/carc aufgeben)") {
		t.Fatalf("bob in German: %s", m.Content)
	}
	h.slash(bob, ch[1], "player", fakediscord.SubCommand("settings", fakediscord.StringArg("language", "en")))
	h.slash(bob, ch[2], "carc", fakediscord.SubCommand("leave"))

	// Two /carc new of carol at once, for her last place: one opens, the other is refused.
	first := h.f.SendSlash(carol, ch[4], "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france")))
	second := h.f.SendSlash(carol, ch[5], "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france")))
	var answers []string
	for _, in := range []*fakediscord.Interaction{first, second} {
		m, err := in.WaitOriginal(h.ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
		if err != nil {
			t.Fatal(err)
		}
		answers = append(answers, m.Content)
	}
	opened := 0
	for _, a := range answers {
		if contains(a, "Game opened") {
			opened++
		} else if !contains(a, "You already sit at 2 open tables") && !contains(a, "This server has 3 open tables") {
			t.Fatalf("a racing /carc new: %s", a)
		}
	}
	if opened != 1 || openTables(h) != 3 {
		t.Fatalf("two racing /carc new opened %d tables (%v); %d open", opened, answers, openTables(h))
	}

	// A league's games count for neither cap: bob (at alice's table) and carol play a league game,
	// carol leaves one of her lobbies, and bob still opens a table of his own.
	h.slash(bob, ch[2], "league", fakediscord.SubCommand("create", fakediscord.StringArg("name", "Cup")))
	h.slash(carol, ch[2], "league", fakediscord.SubCommand("join"))
	if m := h.slash(addRef(h), ch[2], "season", fakediscord.SubCommand("start")); m.Content != "Done." {
		t.Fatalf("/season start: %s", m.Content)
	}
	if len(h.f.Threads(ch[2])) != 1 {
		t.Fatal("the league's game did not open")
	}
	h.slash(carol, ch[3], "carc", fakediscord.SubCommand("leave"))
	newTable(h, bob, ch[3])
	if n := openTables(h); n != 4 {
		t.Fatalf("%d open tables, want 3 and the league's game", n)
	}
}

// TestAnIdleLobbyCloses: a lobby nobody changed for the host's expiry (2 days here) closes at the
// next timer tick, also across a restart, telling its players why; a change in the lobby gives it
// the full time again; its channel takes a new game at once; and a lobby stored without an expiry
// (opened by an older version) gets one when the bot loads it.
func TestAnIdleLobbyCloses(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.configure = func(c *bot.Config) { c.LobbyExpiry = 48 * time.Hour }
	h.start()
	alice, bob := h.f.AddUser("alice"), h.f.AddUser("bob")
	ch := h.f.General
	newTable(h, alice, ch)
	h.clock.Add(24 * time.Hour)
	h.slash(bob, ch, "carc", fakediscord.SubCommand("join"))
	h.clock.Add(47 * time.Hour)
	h.b.FireTimers(h.clock.Now())
	if h.table(ch.ID) == nil {
		t.Fatal("the lobby closed 47 hours after its last change")
	}
	posts := len(h.posts(ch.ID))
	h.stop()
	h.start()
	h.clock.Add(time.Hour)
	h.b.FireTimers(h.clock.Now())
	closed := h.waitPost(ch.ID, posts+1)
	if !contains(closed.Content, "Nobody changed this lobby for 2 days, so it is closed") || !slices.Equal(closed.Pinged(), []string{alice.ID, bob.ID}) {
		t.Fatalf("the close: %q pinging %v", closed.Content, closed.Pinged())
	}
	if h.table(ch.ID) != nil || openTables(h) != 0 {
		t.Fatal("the expired lobby is still open")
	}
	if rep, err := h.store.Verify(bot.Engine{}); err != nil || !rep.OK() {
		t.Fatalf("the closed lobby's record does not replay: %+v %v", rep, err)
	}
	h.b.FireTimers(h.clock.Now().Add(time.Hour))
	if len(h.posts(ch.ID)) != posts+1 {
		t.Fatal("the lobby closed twice")
	}
	newTable(h, bob, ch)

	// A lobby without an expiry in the store gets one at start-up.
	id := h.game(ch.ID).ID
	h.stop()
	store, err := storage.Open(h.db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SetTimers(id, nil); err != nil {
		t.Fatal(err)
	}
	store.Close()
	h.start()
	timers, err := h.store.Timers(id)
	if err != nil || len(timers) != 1 || timers[0].Kind != bot.KindExpiry || !timers[0].At.Equal(h.clock.Now().Add(48*time.Hour)) {
		t.Fatalf("the old lobby's timers: %+v %v", timers, err)
	}
}

// TestAIsDoNotPlayAlone: a person who seats five hard AIs, starts and resigns leaves no game
// behind: it ends at once, scored as it stands, with a message that says why, and no AI turn is
// played; a lobby its last person leaves to an AI closes; and a game stored with only AIs left
// (by an older version) ends when the bot loads it.
func TestAIsDoNotPlayAlone(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.aiDelay = 1
	var aiTurns atomicCounter
	h.configure = func(c *bot.Config) {
		c.AIMove = func(tb *table.Table, guildLocale string) commands.Reply {
			aiTurns.add()
			return commands.AIMoveIn(tb, guildLocale)
		}
	}
	h.start()
	alice := h.f.AddUser("alice")
	ch := h.f.General
	newTable(h, alice, ch)
	for range 5 {
		h.slash(alice, ch, "table", fakediscord.SubCommand("bot", fakediscord.StringArg("level", "hard")))
	}
	h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))
	id := h.game(ch.ID).ID
	posts := len(h.posts(ch.ID))
	if m := h.slash(alice, ch, "carc", fakediscord.SubCommand("resign")); !contains(m.Content, "Done") {
		t.Fatalf("resign: %s", m.Content)
	}
	end := h.waitPost(ch.ID, posts+2)
	if !contains(end.Content, "No person plays at this table any more, so the game ends here") || !contains(end.Content, "The game is over.") {
		t.Fatalf("the end: %s", end.Content)
	}
	rec, err := h.store.Game(id)
	if err != nil || rec.Status != storage.StatusFinished || h.table(ch.ID) != nil {
		t.Fatalf("the game after the end: %+v %v", rec, err)
	}
	if n := aiTurns.get(); n != 0 || h.b.AIQueued() != 0 || len(h.posts(ch.ID)) != posts+2 {
		t.Fatalf("%d AI turns, %d queued, and %d posts after the resignation", n, h.b.AIQueued(), len(h.posts(ch.ID))-posts)
	}
	if rep, err := h.store.Verify(bot.Engine{}); err != nil || !rep.OK() {
		t.Fatalf("the record does not replay: %+v %v", rep, err)
	}

	// A lobby left to an AI closes.
	newTable(h, alice, ch)
	h.slash(alice, ch, "table", fakediscord.SubCommand("bot", fakediscord.StringArg("level", "easy")))
	posts = len(h.posts(ch.ID))
	h.slash(alice, ch, "carc", fakediscord.SubCommand("leave"))
	if m := h.waitPost(ch.ID, posts+2); !contains(m.Content, "No person is seated at this table any more, so it is closed") || h.table(ch.ID) != nil {
		t.Fatalf("the lobby left to an AI: %s", m.Content)
	}

	// A game an older version stored with only AIs left ends at start-up.
	other := h.f.AddChannel("older")
	u := table.User{ID: alice.ID, Name: "alice"}
	in := func(sub string, opts map[string]string) commands.Input {
		return commands.Input{User: u, Command: commands.CommandOf(sub), Sub: sub, Options: opts, Secret: mustDeal(t), Table: "older-game", Channel: other.ID}
	}
	// An older version did not end such a table: its record stops at the resignation.
	entries, _ := played(t, in("new", map[string]string{"map": "france"}), in("bot", map[string]string{"level": "easy"}),
		in("bot", map[string]string{"level": "easy"}), in("start", nil), in("resign", nil))
	h.stop()
	store, err := storage.Open(h.db, storage.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := bot.Save(store, "older-game", other.ID, entries); err != nil {
		t.Fatal(err)
	}
	store.Close()
	h.start()
	if m := h.waitPost(other.ID, 1); !contains(m.Content, "No person plays at this table any more") {
		t.Fatalf("the older game at start-up: %s", m.Content)
	}
	if rec, err := h.store.Game("older-game"); err != nil || rec.Status != storage.StatusFinished || aiTurns.get() != 0 {
		t.Fatalf("the older game: %+v %v, %d AI turns", rec, err, aiTurns.get())
	}
}

func mustDeal(t *testing.T) string {
	t.Helper()
	key, err := bot.FixedDeals(5)()
	if err != nil {
		t.Fatal(err)
	}
	return key
}

// atomicCounter counts calls from several goroutines.
type atomicCounter struct {
	mu sync.Mutex
	n  int
}

func (c *atomicCounter) add() { c.mu.Lock(); c.n++; c.mu.Unlock() }

func (c *atomicCounter) get() int { c.mu.Lock(); defer c.mu.Unlock(); return c.n }

// TestARestartKeepsTheRunningTurnsDeadline: after a restart in the middle of a turn, the rest of
// the turn keeps the deadline it had: the bot loads each game's timers with it.
func TestARestartKeepsTheRunningTurnsDeadline(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, bob := h.f.AddUser("alice"), h.f.AddUser("bob")
	ch := h.f.General
	newTable(h, alice, ch, fakediscord.StringArg("deadline", "1h"), fakediscord.StringArg("policy", "skip"))
	h.slash(bob, ch, "carc", fakediscord.SubCommand("join"))
	h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))
	h.stop()
	h.start()
	tb := h.table(ch.ID)
	cur, _ := tb.Current()
	u := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	turn := tb.Game.Turn
	p := tb.Game.LegalPlacements(tb.Game.Drawn)[0]
	h.slash(u, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()))
	if h.table(ch.ID).Game.Turn != turn {
		t.Fatal("the placement ended the turn: it was to leave the meeple to choose")
	}
	timers, err := h.store.Timers(h.game(ch.ID).ID)
	if err != nil || deadlineOf(timers).IsZero() {
		t.Fatalf("the turn's timers after a move in it: %+v %v", timers, err)
	}
	h.clock.Add(time.Hour + time.Minute)
	h.b.FireTimers(h.clock.Now())
	if got := h.table(ch.ID).Game.Turn; got != turn+1 {
		t.Fatalf("the deadline did not end the turn: turn %d", got)
	}
}
