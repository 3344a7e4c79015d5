package discord

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

func followGame(h *harness, u *fakediscord.User, ch *fakediscord.Channel, when string) string {
	h.t.Helper()
	var args []fakediscord.Arg
	if when != "" {
		args = append(args, fakediscord.StringArg("when", when))
	}
	return h.slash(u, ch, "player", fakediscord.SubCommand("follow", args...)).Content
}

// TestFollowersGetTheTurnsAndTheEndByDM: carol follows every turn, dave only the end; a player
// cannot follow their own game. Each turn reaches carol by DM with what the channel was told;
// nobody who did not opt in is mentioned or messaged; at the end both are told and stop following.
// /player games lists a player's games and a follower's followed games.
func TestFollowersGetTheTurnsAndTheEndByDM(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, bob, ch := openGame(h, "france", 8)
	carol, dave := h.f.AddUser("carol"), h.f.AddUser("dave")
	if got := followGame(h, carol, ch, ""); !contains(got, "a DM at every turn") {
		t.Fatalf("carol follows: %s", got)
	}
	if got := followGame(h, dave, ch, "end"); !contains(got, "a DM tells you how it ends") {
		t.Fatalf("dave follows the end: %s", got)
	}
	if got := followGame(h, bob, ch, ""); !contains(got, "You play in this game") {
		t.Fatalf("a player follows their own game: %s", got)
	}
	if got := followGame(h, carol, h.f.AddChannel("elsewhere"), ""); !contains(got, "channel (or thread) of a running game") {
		t.Fatalf("following where no game runs: %s", got)
	}
	playTurn(h, alice, ch)
	h.waitFor(func() bool { return len(dms(h, carol)) == 2 })
	turn := dms(h, carol)[1]
	if !contains(turn.Content, "France, https://discord.com/channels/"+h.f.GuildID+"/"+ch.ID) || !contains(turn.Content, "alice placed") {
		t.Fatalf("carol's turn DM: %s", turn.Content)
	}
	if len(turn.Pinged()) != 0 {
		t.Fatalf("the follower's DM pings %v", turn.Pinged())
	}
	if got := h.slash(carol, ch, "player", fakediscord.SubCommand("games")).Content; !contains(got, "Games you follow:\n- France, turn 2, bob's turn") {
		t.Fatalf("carol's games: %s", got)
	}
	if got := h.slash(bob, ch, "player", fakediscord.SubCommand("games")).Content; !contains(got, "Your games (1, your turn in 1):\n- France, turn 2, your turn: https://discord.com/channels/") {
		t.Fatalf("bob's games: %s", got)
	}
	mod := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels|fakediscord.DefaultMemberPermissions)
	h.slash(mod, ch, "table", fakediscord.SubCommand("abandon"))
	h.waitFor(func() bool { return len(dms(h, carol)) == 3 && len(dms(h, dave)) == 2 })
	for _, u := range []*fakediscord.User{carol, dave} {
		if end := dms(h, u)[len(dms(h, u))-1]; !contains(end.Content, "The game of France you follow is over") {
			t.Errorf("%s's last DM: %s", u.Username, end.Content)
		}
		h.waitFor(func() bool { p, _ := h.store.PlayerSettings(u.ID); return len(p.Follows) == 0 })
	}
	if n := len(dms(h, dave)); n != 2 {
		t.Fatalf("dave, who follows the end only, got %d DMs", n)
	}
	for _, m := range h.f.Messages(ch.ID) {
		for _, id := range m.Pinged() {
			if id != alice.ID && id != bob.ID {
				t.Fatalf("%q pings %s, who does not play", m.Content, id)
			}
		}
	}
	if n := len(dms(h, alice)) + len(dms(h, bob)); n != 0 {
		t.Fatalf("the players, who chose no DMs, got %d", n)
	}
}

// gameWithPages starts a bot that serves the web pages, with a game of alice and bob in #general,
// and a function that reads the link of the game's page /carc board gives now.
func gameWithPages(t *testing.T) (h *harness, alice, bob *fakediscord.User, ch *fakediscord.Channel, link func() string) {
	t.Helper()
	h = newHarness(t)
	h.noPictures()
	h.start()
	if _, err := h.b.Web(bot.WebPath, "https://carc.example/"); err != nil {
		t.Fatal(err)
	}
	alice, bob, ch = openGame(h, "france", 8)
	return h, alice, bob, ch, func() string {
		t.Helper()
		found := pageLink.FindStringSubmatch(h.slash(alice, ch, "carc", fakediscord.SubCommand("board")).Content)
		if found == nil {
			t.Fatal("/carc board has no link to the page")
		}
		return "https://carc.example" + found[1]
	}
}

// followWith sends /player follow with the options given.
func followWith(h *harness, u *fakediscord.User, ch *fakediscord.Channel, args ...fakediscord.Arg) string {
	h.t.Helper()
	return h.slash(u, ch, "player", fakediscord.SubCommand("follow", args...)).Content
}

// followerThreads are the public threads the bot opened in ch for followers.
func followerThreads(h *harness, ch *fakediscord.Channel) []*fakediscord.Channel {
	var out []*fakediscord.Channel
	for _, c := range h.f.Threads(ch) {
		if strings.HasPrefix(c.Name, "Followers: ") {
			out = append(out, c)
		}
	}
	return out
}

// TestFollowersMayReadTheGameInAThread: carol follows every turn in a thread, dave the end only;
// the bot opens one public thread in the game's channel for both, mentions each once there (which
// adds them to it), posts each turn there once, not by DM, and the end; nobody else is mentioned.
// Without the permission to open threads the bot says which it lacks and follows nothing; a
// channel named for the thread must be a text channel of the game's server.
func TestFollowersMayReadTheGameInAThread(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, _, ch := openGame(h, "france", 8)
	carol, dave, eve := h.f.AddUser("carol"), h.f.AddUser("dave"), h.f.AddUser("eve")
	if got := followWith(h, carol, ch, fakediscord.StringArg("to", "thread")); !contains(got, "You follow this game in <#") || !contains(got, "every turn, and its end") {
		t.Fatalf("carol follows in a thread: %s", got)
	}
	if got := followWith(h, dave, ch, fakediscord.StringArg("to", "thread"), fakediscord.StringArg("when", "end")); !contains(got, "its end is posted there") {
		t.Fatalf("dave follows the end in a thread: %s", got)
	}
	threads := followerThreads(h, ch)
	if len(threads) != 1 || threads[0].Type != fakediscord.ChannelPublicThread {
		t.Fatalf("followers' threads %+v: want one public thread", threads)
	}
	th := threads[0]
	hello := h.posts(th.ID)
	if len(hello) != 2 || !slices.Equal(hello[0].Pinged(), []string{carol.ID}) || !slices.Equal(hello[1].Pinged(), []string{dave.ID}) {
		t.Fatalf("the thread's first posts: %+v", hello)
	}
	for _, u := range []*fakediscord.User{carol, dave} {
		if !slices.Contains(h.f.ThreadMembers(th), u.ID) {
			t.Errorf("%s is not a member of the thread", u.Username)
		}
	}
	if got := followWith(h, eve, ch, fakediscord.StringArg("to", "thread"), fakediscord.StringArg("channel", "<#"+h.f.AddThread(ch, "chat").ID+">")); !contains(got, "cannot hold threads") {
		t.Fatalf("a thread in a thread: %s", got)
	}
	h.f.SetAppPermissions(fakediscord.DefaultAppPermissions &^ discordgo.PermissionSendMessagesInThreads)
	if got := followWith(h, eve, ch, fakediscord.StringArg("to", "thread")); !contains(got, "I lack Send Messages in Threads there") {
		t.Fatalf("a thread where the bot may not write, asked in that channel: %s", got)
	}
	h.f.SetAppPermissions(fakediscord.DefaultAppPermissions &^ discordgo.PermissionCreatePublicThreads)
	other := h.f.AddChannel("other")
	if got := followWith(h, eve, other, fakediscord.StringArg("to", "thread"), fakediscord.StringArg("game", ch.ID)); !contains(got, "a game's id alone") {
		t.Fatalf("eve follows by id elsewhere: %s", got)
	}
	if got := followWith(h, eve, ch, fakediscord.StringArg("to", "thread"), fakediscord.StringArg("channel", "<#"+other.ID+">")); !contains(got, "I cannot keep a followers' thread in <#"+other.ID+">") || !contains(got, "Create Public Threads") {
		t.Fatalf("a thread where the bot may not open one: %s", got)
	}
	if _, err := h.f.ExpectProblem(h.ctx, fakediscord.ProblemBadRequest); err != nil {
		t.Fatal(err) // Discord's refusal, which the bot turned into the answer above
	}
	h.f.SetAppPermissions(fakediscord.DefaultAppPermissions)
	if p, _ := h.store.PlayerSettings(eve.ID); len(p.Follows) != 0 {
		t.Fatalf("a refused follow was saved: %+v", p.Follows)
	}
	playTurn(h, alice, ch)
	h.waitFor(func() bool { return len(h.posts(th.ID)) == 3 })
	if turn := h.posts(th.ID)[2]; !contains(turn.Content, "alice placed") || len(turn.Pinged()) != 0 {
		t.Fatalf("the turn in the thread: %q pings %v", turn.Content, turn.Pinged())
	}
	mod := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels|fakediscord.DefaultMemberPermissions)
	h.slash(mod, ch, "table", fakediscord.SubCommand("abandon"))
	h.waitFor(func() bool { return len(h.posts(th.ID)) == 4 })
	if end := h.posts(th.ID)[3]; !contains(end.Content, "The game of France you follow is over") {
		t.Fatalf("the end in the thread: %s", end.Content)
	}
	for _, u := range []*fakediscord.User{carol, dave} {
		h.waitFor(func() bool { p, _ := h.store.PlayerSettings(u.ID); return len(p.Follows) == 0 })
		if n := len(dms(h, u)); n != 0 {
			t.Errorf("%s, who follows in the thread, got %d DMs", u.Username, n)
		}
	}
	if n := len(h.posts(th.ID)); n != 4 {
		t.Fatalf("%d posts in the thread, want 4", n)
	}
}

// TestFollowingFromTheGamePageLink: the link of a game's page follows the game from any channel
// (and from a direct message to the bot); a link of a revoked page, a forged one and a bare id
// are refused with what to do, and follow nothing; the revoke ends the follows made with the link.
func TestFollowingFromTheGamePageLink(t *testing.T) {
	t.Parallel()
	h, alice, _, ch, pageLink := gameWithPages(t)
	link := pageLink()
	carol, dave := h.f.AddUser("carol"), h.f.AddUser("dave")
	elsewhere := h.f.AddChannel("elsewhere")
	if got := followWith(h, carol, elsewhere, fakediscord.StringArg("game", link)); !contains(got, "a DM at every turn") {
		t.Fatalf("carol follows by link: %s", got)
	}
	if got := followWith(h, dave, h.f.DMChannel(dave), fakediscord.StringArg("game", "<"+link+">"), fakediscord.StringArg("when", "end")); !contains(got, "a DM tells you how it ends") {
		t.Fatalf("dave follows by link in a DM: %s", got)
	}
	id := h.table(ch.ID).ID
	forged := strings.Replace(link, id, id+"0", 1)
	for _, c := range []struct{ game, want string }{
		{forged, "does not open a game's page: it was revoked, mistyped or never given out"},
		{id, "a game's id alone does not show that you may read the game"},
		{"https://carc.example/web/g/" + id + "/", "does not open a game's page"},
	} {
		if got := followWith(h, h.f.AddUser("eve"+c.game[len(c.game)-3:]), elsewhere, fakediscord.StringArg("game", c.game)); !contains(got, c.want) {
			t.Errorf("game:%s: %s", c.game, got)
		}
	}
	if r := bot.RunAdmin(h.store, bot.AdminRequest{Op: "revoke-link", Game: id}); !r.OK {
		t.Fatalf("revoke-link: %+v", r)
	}
	fay, gus := h.f.AddUser("fay"), h.f.AddUser("gus")
	if got := followWith(h, fay, elsewhere, fakediscord.StringArg("game", link)); !contains(got, "it was revoked, mistyped or never given out") {
		t.Fatalf("a revoked link: %s", got)
	}
	h.slash(gus, elsewhere, "player", fakediscord.SubCommand("settings", fakediscord.StringArg("language", "de")))
	if got := followWith(h, gus, elsewhere, fakediscord.StringArg("game", link)); !contains(got, "Er wurde widerrufen, vertippt oder nie vergeben") {
		t.Fatalf("a revoked link, to a reader of German: %s", got)
	}
	if p, _ := h.store.PlayerSettings(fay.ID); len(p.Follows) != 0 {
		t.Fatalf("a refused follow was saved: %+v", p.Follows)
	}
	// The revoke ended the follows made with the old link: at the next turn carol is told so
	// instead of the turn, and dave, who follows the end only, too.
	playTurn(h, alice, ch)
	h.waitFor(func() bool { return len(dms(h, carol)) == 2 && len(dms(h, dave)) == 2 })
	for _, u := range []*fakediscord.User{carol, dave} {
		if last := dms(h, u)[1]; !contains(last.Content, "you no longer follow it") {
			t.Fatalf("%s's DM after the revoke: %s", u.Username, last.Content)
		}
	}
}
