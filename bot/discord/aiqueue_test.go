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
)

// gatedAI is an AIMove for tests: it records the games whose AI turn it plays, in order, and
// the first call waits in the AI until the test opens the gate.
type gatedAI struct {
	mu      sync.Mutex
	played  []string
	entered chan string
	gate    chan struct{}
	once    sync.Once
}

func newGatedAI() *gatedAI {
	return &gatedAI{entered: make(chan string, 100), gate: make(chan struct{})}
}

func (g *gatedAI) move(t *table.Table, guildLocale string) commands.Reply {
	g.mu.Lock()
	g.played = append(g.played, t.ID)
	first := len(g.played) == 1
	g.mu.Unlock()
	g.entered <- t.ID
	if first {
		<-g.gate
	}
	return commands.AIMoveIn(t, guildLocale)
}

func (g *gatedAI) open() { g.once.Do(func() { close(g.gate) }) }

func (g *gatedAI) order() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.played)
}

// aiGame opens a game of u with one easy AI seat in a new channel, u to play first; extra are
// more /carc new options.
func aiGame(h *harness, u *fakediscord.User, name string, extra ...fakediscord.Arg) *fakediscord.Channel {
	h.t.Helper()
	ch := h.f.AddChannel(name)
	newTable(h, u, ch, extra...)
	h.slash(u, ch, "table", fakediscord.SubCommand("bot", fakediscord.StringArg("level", "easy")))
	h.slash(u, ch, "carc", fakediscord.SubCommand("start"))
	return ch
}

// playTurn plays u's turn in ch (the first legal placement, no meeple) and returns the answer.
func playTurn(h *harness, u *fakediscord.User, ch *fakediscord.Channel) string {
	h.t.Helper()
	tb := h.table(ch.ID)
	p := tb.Game.LegalPlacements(tb.Game.Drawn)[0]
	return h.slash(u, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
		fakediscord.StringArg("meeple", "none")).Content
}

func aiToPlay(h *harness, ch *fakediscord.Channel) bool {
	_, ok := h.table(ch.ID).AIToPlay()
	return ok
}

// TestAFullAIQueueLosesNoTurnAndBlocksNobody: with one AI worker and room for one waiting turn,
// a third game's AI turn finds the queue full. The player who moved there is answered at once all
// the same, the turn is not played while the queue is full, and the timer loop offers it again,
// so it is played once there is room.
func TestAFullAIQueueLosesNoTurnAndBlocksNobody(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.aiDelay = 1
	ai := newGatedAI()
	h.configure = func(c *bot.Config) { c.AIQueue, c.AIWorkers, c.AIMove = 1, 1, ai.move }
	t.Cleanup(ai.open)
	h.start()
	alice := h.f.AddUser("alice")
	a, b, c := aiGame(h, alice, "a"), aiGame(h, alice, "b"), aiGame(h, alice, "c")
	playTurn(h, alice, a)
	<-ai.entered // the worker is in a's AI, held there
	playTurn(h, alice, b)
	h.waitFor(func() bool { return h.b.AIQueued() == 1 })
	if got := playTurn(h, alice, c); !contains(got, "Done") {
		t.Fatalf("the move whose AI turn found the queue full: %s", got)
	}
	if h.b.AIQueued() != 1 || !aiToPlay(h, c) {
		t.Fatal("c's AI turn went into a full queue")
	}
	ai.open()
	h.waitFor(func() bool { return !aiToPlay(h, a) && !aiToPlay(h, b) })
	if !aiToPlay(h, c) || h.b.AIQueued() != 0 {
		t.Fatal("c's AI turn was played without being offered again")
	}
	h.b.FireTimers(h.clock.Now())
	h.waitFor(func() bool { return !aiToPlay(h, c) })
	if got := ai.order(); len(got) != 3 {
		t.Fatalf("the AI played %v", got)
	}
}

// TestPlayersWaitingForTheAIGoFirst: an AI turn that follows a person's move is played before one
// the bot queued on its own (after a deadline passed), whichever was queued first.
func TestPlayersWaitingForTheAIGoFirst(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.aiDelay = 1
	ai := newGatedAI()
	h.configure = func(c *bot.Config) { c.AIWorkers, c.AIMove = 1, ai.move }
	t.Cleanup(ai.open)
	h.start()
	alice, bob := h.f.AddUser("alice"), h.f.AddUser("bob")
	busy := aiGame(h, alice, "busy")
	late := aiGame(h, bob, "late", fakediscord.StringArg("deadline", "1h"))
	now := aiGame(h, alice, "now")
	playTurn(h, alice, busy)
	<-ai.entered
	// bob lets his deadline pass: the bot skips his turn, and the AI is to play.
	h.clock.Add(time.Hour + time.Minute)
	h.b.FireTimers(h.clock.Now())
	h.waitFor(func() bool { return h.b.AIQueued() == 1 })
	playTurn(h, alice, now)
	h.waitFor(func() bool { return h.b.AIQueued() == 2 })
	ai.open()
	h.waitFor(func() bool { return !aiToPlay(h, late) && !aiToPlay(h, now) })
	ids := map[string]string{h.game(busy.ID).ID: "busy", h.game(late.ID).ID: "late", h.game(now.ID).ID: "now"}
	var got []string
	for _, id := range ai.order() {
		got = append(got, ids[id])
	}
	if fmt.Sprint(got) != "[busy now late]" {
		t.Fatalf("the AI played %v, want alice's waiting turn before the one after bob's deadline", got)
	}
}
