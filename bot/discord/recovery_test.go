package discord

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// lastPost is the last public message of a channel.
func lastPost(h *harness, ch string) *fakediscord.Message {
	posts := h.posts(ch)
	if len(posts) == 0 {
		return nil
	}
	return posts[len(posts)-1]
}

// postedSince tells whether one of the public messages of a channel after the first n says text.
func postedSince(h *harness, ch string, n int, text string) bool {
	for _, m := range h.posts(ch)[n:] {
		if contains(m.Content, text) {
			return true
		}
	}
	return false
}

// resumeID is the custom id of the resume button of a message ("" if it has none).
func resumeID(m *fakediscord.Message) string {
	for _, b := range m.Buttons() {
		if strings.HasSuffix(b.CustomID, ":resume") {
			return b.CustomID
		}
	}
	return ""
}

// TestAnAIThatPanicsHoldsItsGameAndTheBotServesTheOthers: an AI that panics on one game does not
// stop the bot: the panic is recovered, the game is put on hold with a message (and a resume
// button) in its channel, nothing of it is lost (the player's move stands, the AI's is not half
// stored), /carc status says why, and another game's AI plays on. The timer loop does not play the
// held game's AI again, nor does a restart (which does not crash). Only the game's administrators
// (here its creator or a channel admin) resume it, and then the AI plays.
func TestAnAIThatPanicsHoldsItsGameAndTheBotServesTheOthers(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.aiDelay = 1
	var broken atomic.Bool
	broken.Store(true)
	var calls atomic.Int32
	var heldID atomic.Value
	heldID.Store("")
	h.configure = func(c *bot.Config) {
		c.AIMove = func(tb *table.Table, guildLocale string) commands.Reply {
			if tb.ID == heldID.Load().(string) {
				calls.Add(1)
				if broken.Load() {
					panic("the AI's search went wrong")
				}
			}
			return commands.AIMoveIn(tb, guildLocale)
		}
	}
	h.start()
	alice, bob := h.f.AddUser("alice"), h.f.AddUser("bob")
	admin := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels)
	a := aiGame(h, alice, "a")
	b := aiGame(h, bob, "b")
	heldID.Store(h.game(a.ID).ID)
	seq := h.game(a.ID).Seq
	posts := len(h.posts(a.ID))
	playTurn(h, alice, a)
	onHold := h.waitPost(a.ID, posts+2)
	if !contains(onHold.Content, "This game is on hold: the bot hit an internal error while playing an AI player's turn") || resumeID(onHold) == "" {
		t.Fatalf("the hold message: %q with buttons %v", onHold.Content, onHold.Buttons())
	}
	if e := h.game(a.ID); e.Seq != seq+1 || !aiToPlay(h, a) {
		t.Fatalf("the game after the panic: seq %d (want %d), AI to play %v", e.Seq, seq+1, aiToPlay(h, a))
	}
	if rec, _ := h.store.Game(h.game(a.ID).ID); rec.Hold == "" {
		t.Fatal("the hold is not stored")
	}
	status := h.slash(alice, a, "carc", fakediscord.SubCommand("status"))
	if !contains(status.Content, "On hold: the bot hit an internal error") || resumeID(status) == "" {
		t.Fatalf("/carc status of the held game: %q", status.Content)
	}
	playTurn(h, bob, b)
	h.waitFor(func() bool { return !aiToPlay(h, b) })

	h.b.FireTimers(h.clock.Now())
	h.stop()
	h.start()
	if n := calls.Load(); n != 1 || h.game(a.ID).Hold == "" || h.game(a.ID).AIQueued {
		t.Fatalf("after a timer tick and a restart the held game's AI ran %d times (hold %q)", n, h.game(a.ID).Hold)
	}

	if m := h.click(bob, onHold, resumeID(onHold)); !contains(m.Content, "Only alice, who opened the table, or someone with Manage Channels can resume the game") {
		t.Fatalf("bob's resume: %s", m.Content)
	}
	broken.Store(false)
	posts = len(h.posts(a.ID))
	if m := h.click(admin, onHold, resumeID(onHold)); !contains(m.Content, "The game is resumed.") {
		t.Fatalf("the admin's resume: %s", m.Content)
	}
	if m := h.waitPost(a.ID, posts+2); !contains(m.Content, "AI easy played its turn") {
		t.Fatalf("after the resume: %s", m.Content)
	}
	if rec, _ := h.store.Game(h.game(a.ID).ID); rec.Hold != "" {
		t.Fatal("the hold is still stored")
	}
}

// TestAPanicInTheTimerLoopHoldsOnlyItsGame: a deadline whose work panics (here, drawing the
// board of the move it made) holds its game, with the move stored; the other game's deadline in
// the same tick is applied; the next ticks leave the held game alone; a restart does not crash;
// after the resume its deadlines apply again.
func TestAPanicInTheTimerLoopHoldsOnlyItsGame(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	var broken atomic.Value
	broken.Store("")
	h.draw = func(tb *table.Table, _ commands.Reply) ([]byte, error) {
		if tb.ID == broken.Load().(string) {
			panic("the board cannot be drawn")
		}
		return nil, nil
	}
	h.endFiles = func(*table.Table, string) []bot.File { return nil }
	h.start()
	alice, bob, carol, dave := h.f.AddUser("alice"), h.f.AddUser("bob"), h.f.AddUser("carol"), h.f.AddUser("dave")
	a, b := h.f.AddChannel("a"), h.f.AddChannel("b")
	for _, g := range []struct {
		ch       *fakediscord.Channel
		creator  *fakediscord.User
		opponent *fakediscord.User
	}{{a, alice, bob}, {b, carol, dave}} {
		newTable(h, g.creator, g.ch, fakediscord.StringArg("deadline", "1h"))
		h.slash(g.opponent, g.ch, "carc", fakediscord.SubCommand("join"))
		h.slash(g.creator, g.ch, "carc", fakediscord.SubCommand("start"))
	}
	broken.Store(h.game(a.ID).ID)
	turn := h.table(a.ID).Game.Turn
	postsB := len(h.posts(b.ID))
	h.clock.Add(time.Hour + time.Minute)
	h.b.FireTimers(h.clock.Now())
	if m := lastPost(h, a.ID); !contains(m.Content, "This game is on hold: the bot hit an internal error while applying a turn deadline") {
		t.Fatalf("game a after the panic: %q", m.Content)
	}
	if got := h.table(a.ID).Game.Turn; got != turn+1 {
		t.Fatalf("game a is at turn %d: the deadline's move (turn %d) was not kept", got, turn)
	}
	if !postedSince(h, b.ID, postsB, "let the turn deadline pass") {
		t.Fatal("game b's deadline was not applied in the same tick")
	}
	postsB = len(h.posts(b.ID))
	postsA := len(h.posts(a.ID))
	h.clock.Add(time.Hour + time.Minute)
	h.b.FireTimers(h.clock.Now())
	if len(h.posts(a.ID)) != postsA || h.table(a.ID).Game.Turn != turn+1 {
		t.Fatal("the held game's next deadline was applied")
	}
	if !postedSince(h, b.ID, postsB, "let the turn deadline pass") {
		t.Fatal("game b's next deadline was not applied")
	}
	h.stop()
	h.start()
	onHold := h.posts(a.ID)[postsA-1]
	broken.Store("")
	// A rated game: its players do not administer it, a channel admin who does not play does.
	if m := h.click(alice, onHold, resumeID(onHold)); !contains(m.Content, "This game is rated: only a member with Manage Channels who does not play in the game can resume the game") {
		t.Fatalf("a player's resume of a rated game: %s", m.Content)
	}
	admin := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels)
	if m := h.click(admin, onHold, resumeID(onHold)); !contains(m.Content, "The game is resumed.") {
		t.Fatalf("the resume: %s", m.Content)
	}
	h.b.FireTimers(h.clock.Now())
	if got := h.table(a.ID).Game.Turn; got != turn+2 {
		t.Fatalf("after the resume game a is at turn %d, want %d: its passed deadline was not applied", got, turn+2)
	}
}

// TestAPanicOpeningALeagueGameHoldsItAndTheLeagueGoesOn: when opening one game of a round panics
// (here, drawing its first board), the round's other games open, the failing game is held in its
// thread with its thread recorded, /season start is answered, league commands keep working, and a
// restart neither crashes nor opens the game again.
func TestAPanicOpeningALeagueGameHoldsItAndTheLeagueGoesOn(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.draw = func(tb *table.Table, _ commands.Reply) ([]byte, error) {
		if strings.HasSuffix(tb.ID, "-s1-r1-t1") {
			panic("the board cannot be drawn")
		}
		return nil, nil
	}
	h.endFiles = func(*table.Table, string) []bot.File { return nil }
	h.start()
	var members []*fakediscord.User
	for _, n := range []string{"ann", "bob", "cy", "dee"} {
		members = append(members, h.f.AddUser(n))
	}
	ch := h.f.General
	h.slash(members[0], ch, "league", fakediscord.SubCommand("create", fakediscord.StringArg("name", "Cup")))
	for _, u := range members[1:] {
		h.slash(u, ch, "league", fakediscord.SubCommand("join"))
	}
	if m := h.slash(addRef(h), ch, "season", fakediscord.SubCommand("start")); m.Content != "Done." {
		t.Fatalf("/season start: %s", m.Content)
	}
	check := func() {
		t.Helper()
		ls, _ := h.store.Leagues("")
		s, err := h.store.Season(ls[0].ID, 1)
		if err != nil || len(s.Fixtures) != 2 || len(h.f.Threads(ch)) != 2 {
			t.Fatalf("round 1: %d games, %d threads (%v)", len(s.Fixtures), len(h.f.Threads(ch)), err)
		}
		for _, f := range s.Fixtures {
			e, ok := h.b.InspectGame(f.GameID)
			if f.Thread == "" || !ok {
				t.Fatalf("table %d is not open with its thread recorded", f.Table)
			}
			held := strings.HasSuffix(f.GameID, "-t1")
			if (e.Hold != "") != held {
				t.Fatalf("table %d: hold %q", f.Table, e.Hold)
			}
			if held && !contains(lastPost(h, f.Thread).Content, "This game is on hold: the bot hit an internal error while opening this league game") {
				t.Fatalf("the held game's thread ends with %q", lastPost(h, f.Thread).Content)
			}
		}
		if ls[0].Status != league.Running {
			t.Fatalf("the league is %s", ls[0].Status)
		}
	}
	check()
	if m := h.slash(members[1], ch, "league", fakediscord.SubCommand("standings")); !contains(m.Content, "Cup") {
		t.Fatalf("/league standings: %s", m.Content)
	}
	h.b.FireTimers(h.clock.Now())
	h.stop()
	h.start()
	h.b.FireTimers(h.clock.Now())
	check()
}
