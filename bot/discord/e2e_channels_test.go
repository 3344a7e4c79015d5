package discord

import (
	"context"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// answerBound is how long any /carc subcommand may take to be answered: far above the real cost
// (milliseconds) on a loaded machine, far below "never".
const answerBound = 30 * time.Second

// TestEverySubcommandAnswersEverywhere sends every /carc subcommand, by a seated player and by a
// stranger, in a running game's channel, in another game's channel, in a thread and in a DM. Each
// is answered within the bound; afterwards the game still takes a move and the bot shuts down.
// (/carc status in a game's channel once took the game's lock twice and froze the bot.)
func TestEverySubcommandAnswersEverywhere(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	alice, bob, ch := openGame(h, "france", 21)
	carol := h.f.AddUser("carol")
	other := h.f.AddChannel("tavern")
	h.deal.Store(22)
	h.slash(carol, other, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "classic")))
	thread := h.f.AddThread(h.f.General, "chat")
	subs := []struct {
		cmd string
		sub fakediscord.Arg
	}{
		{"carc", fakediscord.SubCommand("status")}, {"carc", fakediscord.SubCommand("board")}, {"carc", fakediscord.SubCommand("tiles")},
		{"carc", fakediscord.SubCommand("log")}, {"turn", fakediscord.SubCommand("draw")}, {"turn", fakediscord.SubCommand("pass")},
		{"table", fakediscord.SubCommand("settings")}, {"carc", fakediscord.SubCommand("help")}, {"carc", fakediscord.SubCommand("rules")},
		{"carc", fakediscord.SubCommand("join")}, {"carc", fakediscord.SubCommand("leave")}, {"carc", fakediscord.SubCommand("start")},
		{"turn", fakediscord.SubCommand("undo")}, {"table", fakediscord.SubCommand("skip")}, {"table", fakediscord.SubCommand("abandon")},
		{"table", fakediscord.SubCommand("kick", fakediscord.StringArg("player", bob.Mention()))}, {"carc", fakediscord.SubCommand("resign")},
		{"carc", fakediscord.SubCommand("history")}, {"carc", fakediscord.SubCommand("export")},
		{"carc", fakediscord.SubCommand("replay", fakediscord.IntArg("move", 1))},
		{"table", fakediscord.SubCommand("bot", fakediscord.StringArg("level", "easy"))},
		{"carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "classic"))},
	}
	for _, place := range []*fakediscord.Channel{ch, other, thread, h.f.DMChannel(carol)} {
		for _, u := range []*fakediscord.User{alice, carol} {
			for _, c := range subs {
				if sub := c.sub; u == alice && place == ch && (sub.Name() == "resign" || sub.Name() == "abandon" || sub.Name() == "undo" || sub.Name() == "kick") {
					continue // the game must go on for the check below
				}
				where := place
				if place.Type == fakediscord.ChannelDM && u != carol {
					where = h.f.DMChannel(u)
				}
				answered(t, h, u, where, c.cmd, c.sub)
			}
		}
	}
	tbl := h.table(ch.ID)
	cur, ok := tbl.Current()
	if !ok {
		t.Fatalf("the game in %s is no longer running", ch.Name)
	}
	mover := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
	turn := tbl.Game.Turn
	h.slash(mover, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
		fakediscord.StringArg("meeple", "none"))
	if h.table(ch.ID).Game.Turn == turn {
		t.Fatal("the game took no move after the subcommands")
	}
	closed := make(chan error, 1)
	go func() { closed <- h.a.Close() }()
	select {
	case <-closed:
	case <-time.After(answerBound):
		t.Fatal("the bot did not shut down: a handler is stuck")
	}
}

// answered sends one subcommand of cmd and fails the test if no answer comes within the bound.
func answered(t *testing.T, h *harness, u *fakediscord.User, ch *fakediscord.Channel, cmd string, sub fakediscord.Arg) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), answerBound)
	defer cancel()
	in := h.f.SendSlash(u, ch, cmd, sub)
	m, err := in.WaitOriginal(ctx, func(m *fakediscord.Message) bool { return !m.Loading() })
	if err != nil {
		t.Fatalf("/%s %s by %s in %s: no answer within %v: %v", cmd, sub.Name(), u.Username, ch.Name, answerBound, err)
	}
	if m.Content == "" {
		t.Fatalf("/%s %s by %s in %s: an empty answer", cmd, sub.Name(), u.Username, ch.Name)
	}
}
