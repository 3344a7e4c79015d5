package discord

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestGameInItsOwnThread: /carc new thread:true opens a thread; the game lives there, so the
// channel can open another game, and /carc status in a DM lists the game where it is your turn.
func TestGameInItsOwnThread(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	alice, bob := h.f.AddUser("alice"), h.f.AddUser("bob")
	m := h.slash(alice, h.f.General, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france"), fakediscord.BoolArg("thread", true)))
	threads := h.f.Threads(h.f.General)
	if len(threads) != 1 || !contains(m.Content, "<#"+threads[0].ID+">") {
		t.Fatalf("no thread opened: %q, %d threads", m.Content, len(threads))
	}
	th := threads[0]
	h.slash(bob, th, "carc", fakediscord.SubCommand("join"))
	h.slash(alice, th, "carc", fakediscord.SubCommand("start"))
	if h.table(th.ID) == nil || h.table(h.f.General.ID) != nil {
		t.Fatal("the game should live in the thread, not in the channel")
	}
	if again := h.slash(bob, h.f.General, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "classic"))); !contains(again.Content, "Game opened") {
		t.Fatalf("the channel could not open a second game: %q", again.Content)
	}
	cur, _ := h.table(th.ID).Current()
	u := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	status := h.slash(u, h.f.DMChannel(u), "carc", fakediscord.SubCommand("status"))
	if !contains(status.Content, "Your turn in:") || !contains(status.Content, "<#"+th.ID+">") {
		t.Fatalf("status in a DM: %q", status.Content)
	}
}

// TestMissingPermissionsAreNamed: a channel where the bot cannot attach files gets a clear refusal
// naming the permission, and no game.
func TestMissingPermissionsAreNamed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fakediscord.WithAppPermissions(fakediscord.DefaultAppPermissions&^discordgo.PermissionAttachFiles))
	h.start()
	alice := h.f.AddUser("alice")
	m := h.slash(alice, h.f.General, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france")))
	if !contains(m.Content, "Attach Files") || h.table(h.f.General.ID) != nil {
		t.Fatalf("missing permission: %q", m.Content)
	}
}

// TestUndoByVoteThroughDiscord: /turn undo posts a request with buttons; the other player's
// approval takes the last turn back and pings the player whose turn it is again.
func TestUndoByVoteThroughDiscord(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	alice, bob, ch := openGame(h, "france", 13)
	users := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}
	tbl := h.table(ch.ID)
	cur, _ := tbl.Current()
	mover := users[cur.ID]
	other := alice
	if mover == alice {
		other = bob
	}
	p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
	h.slash(mover, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
		fakediscord.StringArg("meeple", "none"))
	moved := len(h.table(ch.ID).Moves)
	posts := len(h.posts(ch.ID))
	h.slash(mover, ch, "turn", fakediscord.SubCommand("undo"))
	req := h.waitPost(ch.ID, posts+1)
	var agree string
	for _, b := range req.Buttons() {
		if b.Label == "Agree" {
			agree = b.CustomID
		}
	}
	if agree == "" || !contains(req.Content, "asks to take back") {
		t.Fatalf("undo request: %q", req.Content)
	}
	if refused := h.click(mover, req, agree); len(h.table(ch.ID).Moves) != moved {
		t.Fatalf("the asker's own click must not undo: %q", refused.Content)
	}
	h.click(other, req, agree)
	back := h.waitPost(ch.ID, posts+2)
	if !contains(back.Content, "Undone") || len(h.table(ch.ID).Moves) >= moved {
		t.Fatalf("after the approval: %q", back.Content)
	}
	if got := back.Pinged(); len(got) != 1 || got[0] != mover.ID {
		t.Fatalf("the undo pings %v, want %s", got, mover.Username)
	}
}
