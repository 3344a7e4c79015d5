package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestARevokeEndsTheFollowsOfOlderLinks: carol follows by DM and dave in a thread with the link
// of the game's page, erin in the game's channel. A moderator's revoke ends carol's and dave's
// follows, each told once by DM, and erin's goes on: the next turn reaches erin alone, nothing in
// the thread, no DM with the new link to the others. A revoke made outside the bot (bot
// revoke-link) ends fay's follow, made with the second link, at the next turn, told once.
func TestARevokeEndsTheFollowsOfOlderLinks(t *testing.T) {
	t.Parallel()
	h, alice, bob, ch, link := gameWithPages(t)
	first := link()
	carol, dave, erin, fay := h.f.AddUser("carol"), h.f.AddUser("dave"), h.f.AddUser("erin"), h.f.AddUser("fay")
	elsewhere := h.f.AddChannel("elsewhere")
	for _, c := range []struct {
		u    *fakediscord.User
		args []fakediscord.Arg
		want string
	}{
		{carol, []fakediscord.Arg{fakediscord.StringArg("game", first)}, "a DM at every turn"},
		{dave, []fakediscord.Arg{fakediscord.StringArg("game", first), fakediscord.StringArg("to", "thread"), fakediscord.StringArg("channel", "<#"+elsewhere.ID+">")}, "You follow this game in <#"},
	} {
		if got := followWith(h, c.u, elsewhere, c.args...); !contains(got, c.want) {
			t.Fatalf("%s follows by link: %s", c.u.Username, got)
		}
	}
	if got := followGame(h, erin, ch, ""); !contains(got, "a DM at every turn") {
		t.Fatalf("erin follows in the channel: %s", got)
	}
	thread := followerThreads(h, elsewhere)[0]
	threadPosts := len(h.posts(thread.ID))
	told := func(u *fakediscord.User) int {
		n := 0
		for _, m := range dms(h, u) {
			if contains(m.Content, "The links to the page of the game of France you followed were revoked, so you no longer follow it") {
				n++
			}
		}
		return n
	}
	mod := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels|fakediscord.DefaultMemberPermissions)
	if m := h.slash(mod, ch, "carc", fakediscord.SubCommand("board", fakediscord.BoolArg("revoke", true))); !contains(m.Content, "no longer open it") {
		t.Fatalf("the moderator's revoke: %s", m.Content)
	}
	h.waitFor(func() bool { return told(carol) == 1 && told(dave) == 1 })
	for _, u := range []*fakediscord.User{carol, dave} {
		if p, _ := h.store.PlayerSettings(u.ID); len(p.Follows) != 0 {
			t.Errorf("%s still follows after the revoke: %+v", u.Username, p.Follows)
		}
	}
	carolDMs, daveDMs := len(dms(h, carol)), len(dms(h, dave))
	playTurn(h, alice, ch)
	h.waitFor(func() bool { return len(dms(h, erin)) == 2 })
	second := link()
	if got := followWith(h, fay, elsewhere, fakediscord.StringArg("game", second)); !contains(got, "a DM at every turn") {
		t.Fatalf("fay follows with the new link: %s", got)
	}
	if r := bot.RunAdmin(h.store, bot.AdminRequest{Op: "revoke-link", Game: h.table(ch.ID).ID}); !r.OK {
		t.Fatalf("revoke-link: %+v", r)
	}
	playTurn(h, bob, ch)
	h.waitFor(func() bool { return len(dms(h, erin)) == 3 && told(fay) == 1 })
	playTurn(h, alice, ch)
	h.waitFor(func() bool { return len(dms(h, erin)) == 4 })
	if n := len(dms(h, fay)); n != 2 || told(fay) != 1 {
		t.Errorf("fay got %d DMs, %d telling her of the revoke: want her confirmation and one notice", n, told(fay))
	}
	if len(dms(h, carol)) != carolDMs || len(dms(h, dave)) != daveDMs || told(carol) != 1 || told(dave) != 1 {
		t.Errorf("after the revoke carol got %d more DMs and dave %d, told %d and %d times", len(dms(h, carol))-carolDMs, len(dms(h, dave))-daveDMs, told(carol), told(dave))
	}
	if n := len(h.posts(thread.ID)); n != threadPosts {
		t.Errorf("%d posts in the followers' thread after the revoke that ended its only follow", n-threadPosts)
	}
	for _, u := range []*fakediscord.User{carol, dave, fay} {
		for _, m := range dms(h, u) {
			if strings.Contains(m.Content, "https://carc.example/web/g/") {
				t.Errorf("%s, whose link was revoked, was sent a link to the page: %s", u.Username, m.Content)
			}
		}
	}
}

// TestOneFollowersThreadPerGameAndChannel: carol switches her follow between to:thread and to:dm
// twenty times, stops and follows in a thread again, and dave follows in a thread too: the game
// has one followers' thread in its channel, reused each time. channel: names only a channel where
// the member may read and post as Discord computes it (roles and overwrites), and a follower by
// link who cannot read the game's channel is not given a thread there.
func TestOneFollowersThreadPerGameAndChannel(t *testing.T) {
	t.Parallel()
	h, _, _, ch, link := gameWithPages(t)
	carol, dave := h.f.AddUser("carol"), h.f.AddUser("dave")
	thread := fakediscord.StringArg("to", "thread")
	for i := range 20 {
		to := []string{"thread", "dm"}[i%2]
		if got := followWith(h, carol, ch, fakediscord.StringArg("to", to)); !contains(got, "You follow this game") && !contains(got, "a DM at every turn") {
			t.Fatalf("switch %d to %s: %s", i+1, to, got)
		}
	}
	followGame(h, carol, ch, "off")
	for _, u := range []*fakediscord.User{carol, dave} {
		if got := followWith(h, u, ch, thread); !contains(got, "You follow this game in <#") {
			t.Fatalf("%s follows in a thread: %s", u.Username, got)
		}
	}
	if threads := followerThreads(h, ch); len(threads) != 1 {
		t.Errorf("%d followers' threads in the game's channel, want 1", len(threads))
	}

	// channel: where the member may read and post, as Discord computes it.
	vip := h.f.AddUserWithPermissions("vip", fakediscord.DefaultMemberPermissions|discordgo.PermissionManageNicknames)
	if vip.Role() == "" {
		t.Fatal("vip has no role of their own")
	}
	staff, news, club := h.f.AddChannel("staff"), h.f.AddChannel("news"), h.f.AddChannel("club")
	guild := h.f.GuildID
	h.f.SetOverwrites(staff, fakediscord.Overwrite{ID: guild, Deny: discordgo.PermissionViewChannel})
	h.f.SetOverwrites(news, fakediscord.Overwrite{ID: guild, Deny: discordgo.PermissionSendMessages})
	h.f.SetOverwrites(club, fakediscord.Overwrite{ID: guild, Deny: discordgo.PermissionViewChannel},
		fakediscord.Overwrite{ID: vip.Role(), Allow: discordgo.PermissionViewChannel},
		fakediscord.Overwrite{ID: dave.ID, Member: true, Allow: discordgo.PermissionViewChannel})
	at := func(c *fakediscord.Channel) fakediscord.Arg { return fakediscord.StringArg("channel", "<#"+c.ID+">") }
	for _, c := range []struct {
		u    *fakediscord.User
		in   *fakediscord.Channel
		want string
	}{
		{carol, staff, "You cannot read and post in <#" + staff.ID + ">"},
		{carol, news, "You cannot read and post in <#" + news.ID + ">"},
		{carol, club, "You cannot read and post in <#" + club.ID + ">"},
		{vip, club, "You follow this game in <#"},
		{dave, club, "You follow this game in <#"},
	} {
		if got := followWith(h, c.u, ch, thread, at(c.in)); !contains(got, c.want) {
			t.Errorf("%s's thread in #%s: %s, want %q", c.u.Username, c.in.Name, got, c.want)
		}
	}
	if n := len(followerThreads(h, staff)) + len(followerThreads(h, news)); n != 0 {
		t.Errorf("%d followers' threads where their followers may not read and post", n)
	}
	if n := len(followerThreads(h, club)); n != 1 {
		t.Errorf("%d followers' threads in #club, want 1", n)
	}

	// A follower by link who cannot read the game's channel gets no thread there.
	page := link()
	stranger := h.f.AddUser("stranger")
	h.f.SetOverwrites(ch, fakediscord.Overwrite{ID: stranger.ID, Member: true, Deny: discordgo.PermissionViewChannel})
	if got := followWith(h, stranger, h.f.DMChannel(stranger), fakediscord.StringArg("game", page), thread); !contains(got, "You cannot read and post in <#"+ch.ID+">") {
		t.Errorf("a follower by link who cannot read the game's channel: %s", got)
	}
}
