package discord

import (
	"context"
	"log/slog"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/logbuf"
)

// TestPermissionsAGameNeeds: each place a game can be played in needs its own set, Read Message
// History everywhere, and Send Messages in Threads (not Send Messages) in a thread.
func TestPermissionsAGameNeeds(t *testing.T) {
	t.Parallel()
	all := fakediscord.DefaultAppPermissions
	for _, c := range []struct {
		name                 string
		have                 int64
		openThread, inThread bool
		want                 string
	}{
		{"channel, all granted", all, false, false, ""},
		{"channel without history", all &^ discordgo.PermissionReadMessageHistory, false, false, "Read Message History"},
		{"thread without Send Messages", all &^ discordgo.PermissionSendMessages, false, true, ""},
		{"thread without Send Messages in Threads", all &^ discordgo.PermissionSendMessagesInThreads, false, true, "Send Messages in Threads"},
		{"new thread without creating threads", all &^ discordgo.PermissionCreatePublicThreads, true, false, "Create Public Threads"},
		{"channel without sending", all &^ discordgo.PermissionSendMessages, false, false, "Send Messages"},
	} {
		if got := missingPermissions(c.have, c.openThread, c.inThread); got != c.want {
			t.Errorf("%s: missing %q, want %q", c.name, got, c.want)
		}
	}
}

// TestLostPermissionIsToldAndShown: when the bot loses the right to post mid-game, the move is
// kept, the player is told that nobody sees it and why, and /carc status shows the problem until a
// post succeeds again. The thread a game opens is named after its map.
func TestLostPermissionIsToldAndShown(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	var logs logbuf.Buffer
	h.configure = func(c *bot.Config) { c.Logger = slog.New(slog.NewTextHandler(&logs, nil)) }
	h.start()
	alice, bob := h.f.AddUser("alice"), h.f.AddUser("bob")
	h.deal.Store(41)
	h.slash(alice, h.f.General, "carc", fakediscord.SubCommand("new", fakediscord.BoolArg("thread", true)))
	ch := h.f.Threads(h.f.General)[0]
	if !strings.Contains(ch.Name, "France") || !strings.Contains(ch.Name, "alice") {
		t.Fatalf("the thread is named %q, want the map's title and the creator", ch.Name)
	}
	h.slash(bob, ch, "carc", fakediscord.SubCommand("join"))
	h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))
	if last := h.posts(ch.ID)[len(h.posts(ch.ID))-1]; !regexp.MustCompile(`<t:\d+:R>`).MatchString(last.Content) {
		t.Fatalf("the turn message shows no deadline: %q", last.Content)
	}
	h.f.SetAppPermissions(fakediscord.DefaultAppPermissions &^ discordgo.PermissionSendMessagesInThreads)
	tbl := h.table(ch.ID)
	cur, _ := tbl.Current()
	mover := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
	turn := tbl.Game.Turn
	m := h.slash(mover, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
		fakediscord.StringArg("meeple", "none"))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := h.f.ExpectProblem(ctx, fakediscord.ProblemBadRequest); err != nil {
		t.Fatal(err)
	}
	// The log says what Discord said, and of which game: its status, its code, its message.
	if line := firstLogLine(logs.String(), "could not post in the game's channel"); !strings.Contains(line, "game="+h.table(ch.ID).ID) ||
		!strings.Contains(line, "status=403") || !strings.Contains(line, "discord_code=50013") || !strings.Contains(line, `discord_message="Missing Permissions"`) {
		t.Errorf("the refused post is logged as %q", line)
	}
	if h.table(ch.ID).Game.Turn == turn || !contains(m.Content, "saved") || !contains(m.Content, "permission") {
		t.Fatalf("a move while the bot cannot post: %q", m.Content)
	}
	if st := h.slash(alice, ch, "carc", fakediscord.SubCommand("status")); !contains(st.Content, "Problem:") {
		t.Fatalf("/carc status does not show the problem: %q", st.Content)
	}
	h.f.SetAppPermissions(fakediscord.DefaultAppPermissions)
	tbl = h.table(ch.ID)
	cur, _ = tbl.Current()
	mover = map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	p = tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
	h.slash(mover, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
		fakediscord.StringArg("meeple", "none"))
	if st := h.slash(alice, ch, "carc", fakediscord.SubCommand("status")); contains(st.Content, "Problem:") {
		t.Fatalf("/carc status still shows a problem after a post went through: %q", st.Content)
	}
}
