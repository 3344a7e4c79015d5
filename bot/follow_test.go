package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

func followGame(h *harness, u *fakediscord.User, ch *fakediscord.Channel, when string) string {
	h.t.Helper()
	var args []fakediscord.Arg
	if when != "" {
		args = append(args, fakediscord.StringArg("when", when))
	}
	return h.slash(u, ch, "carc", fakediscord.SubCommandGroup("me", fakediscord.SubCommand("follow", args...))).Content
}

// TestFollowersGetTheTurnsAndTheEndByDM: carol follows every turn, dave only the end; a player
// cannot follow their own game. Each turn reaches carol by DM with what the channel was told;
// nobody who did not opt in is mentioned or messaged; at the end both are told and stop following.
// /carc me games lists a player's games and a follower's followed games.
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
	if got := h.slash(carol, ch, "carc", fakediscord.SubCommandGroup("me", fakediscord.SubCommand("games"))).Content; !contains(got, "Games you follow:\n- France, turn 2, bob's turn") {
		t.Fatalf("carol's games: %s", got)
	}
	if got := h.slash(bob, ch, "carc", fakediscord.SubCommandGroup("me", fakediscord.SubCommand("games"))).Content; !contains(got, "Your games (1, your turn in 1):\n- France, turn 2, your turn: https://discord.com/channels/") {
		t.Fatalf("bob's games: %s", got)
	}
	mod := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels|fakediscord.DefaultMemberPermissions)
	h.slash(mod, ch, "carc", fakediscord.SubCommand("abandon"))
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
