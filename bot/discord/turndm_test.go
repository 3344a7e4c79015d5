package discord

import (
	"bytes"
	"image/png"
	"slices"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// openIn opens and starts a two-player game of France in ch: host moves first.
func openIn(h *harness, ch *fakediscord.Channel, host, guest *fakediscord.User) {
	h.t.Helper()
	if m := h.slash(host, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france"))); !contains(m.Content, "Game opened") {
		h.t.Fatalf("/carc new: %s", m.Content)
	}
	h.slash(guest, ch, "carc", fakediscord.SubCommand("join"))
	h.slash(host, ch, "carc", fakediscord.SubCommand("start"))
}

// chooseNotify sets u's notify option and returns the answer.
func chooseNotify(h *harness, u *fakediscord.User, ch *fakediscord.Channel, mode string, more ...fakediscord.Arg) string {
	h.t.Helper()
	args := append([]fakediscord.Arg{fakediscord.StringArg("notify", mode)}, more...)
	return h.slash(u, ch, "player", fakediscord.SubCommand("settings", args...)).Content
}

// dms are the bot's messages in u's DM channel.
func dms(h *harness, u *fakediscord.User) []*fakediscord.Message {
	return h.posts(h.f.DMChannel(u).ID)
}

// TestATurnDMNamesTheMapTheChannelTheTileAndTheDeadline: a player who chose notify:dm is not
// pinged in the channel; their turn comes by DM with the map, a link to the channel, the drawn
// tile's picture and the deadline as a Discord timestamp.
func TestATurnDMNamesTheMapTheChannelTheTileAndTheDeadline(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, bob, ch := openGame(h, "france", 3)
	if got := chooseNotify(h, bob, ch, "dm"); !contains(got, "pings: dm") {
		t.Fatalf("/player settings notify:dm: %s", got)
	}
	if n := len(dms(h, bob)); n != 1 {
		t.Fatalf("%d DMs after choosing notify:dm, want the one that checks DMs are open", n)
	}
	playTurn(h, alice, ch)
	turn := h.posts(ch.ID)[len(h.posts(ch.ID))-1]
	if pinged := turn.Pinged(); len(pinged) != 0 {
		t.Fatalf("the turn message pings %v; bob chose DMs", pinged)
	}
	h.b.FireTimers(h.clock.Now())
	got := dms(h, bob)
	if len(got) != 2 {
		t.Fatalf("%d DMs, want the check and one turn DM", len(got))
	}
	dm := got[1]
	tbl := h.table(ch.ID)
	deadline := deadlineOf(h.game(ch.ID).Timers)
	for _, want := range []string{"Your turn in France", "https://discord.com/channels/" + h.f.GuildID + "/" + ch.ID,
		"Your tile: " + tbl.Game.Drawn.String(), stamp(deadline, "f"), stamp(deadline, "R")} {
		if !contains(dm.Content, want) {
			t.Errorf("the turn DM %q lacks %q", dm.Content, want)
		}
	}
	if len(dm.Attachments) != 1 {
		t.Fatalf("the turn DM has %d attachments, want the drawn tile", len(dm.Attachments))
	}
	if _, err := png.Decode(bytes.NewReader(dm.Attachments[0].Data)); err != nil {
		t.Fatalf("the tile is not a PNG: %v", err)
	}
	h.b.FireTimers(h.clock.Now())
	if n := len(dms(h, bob)); n != 2 {
		t.Fatalf("%d DMs after another tick, want the turn told once", n)
	}
}

// TestARefusedDMFallsBackToAMentionOnce: Discord refuses the turn DM (the player closed their
// DMs); the bot mentions the player in the game's channel once, saying why, and mentions them on
// their later turns.
func TestARefusedDMFallsBackToAMentionOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, bob, ch := openGame(h, "france", 4)
	chooseNotify(h, bob, ch, "dm")
	h.f.CloseDMs(bob)
	playTurn(h, alice, ch)
	before := len(h.posts(ch.ID))
	h.b.FireTimers(h.clock.Now())
	if _, err := h.f.ExpectProblem(h.ctx, fakediscord.ProblemBadRequest); err != nil {
		t.Fatalf("the DM was not refused: %v", err)
	}
	posts := h.posts(ch.ID)
	if len(posts) != before+1 {
		t.Fatalf("%d messages in the channel after the refused DM, want one mention", len(posts)-before)
	}
	fallback := posts[before]
	if !slices.Equal(fallback.Pinged(), []string{bob.ID}) || !contains(fallback.Content, "could not send you a direct message") {
		t.Fatalf("the fallback %q pings %v, want bob told why", fallback.Content, fallback.Pinged())
	}
	h.b.FireTimers(h.clock.Now())
	if n := len(h.posts(ch.ID)); n != before+1 {
		t.Fatalf("the fallback was said %d times", n-before)
	}
	playTurn(h, bob, ch)
	playTurn(h, alice, ch)
	turn := h.posts(ch.ID)[len(h.posts(ch.ID))-1]
	if !slices.Equal(turn.Pinged(), []string{bob.ID}) {
		t.Fatalf("bob's next turn pings %v, want bob mentioned now that his DMs are closed", turn.Pinged())
	}
	h.b.FireTimers(h.clock.Now())
	if len(h.f.Problems()) != 0 {
		t.Fatalf("the bot tried the closed DMs again: %v", h.f.Problems())
	}
	if got := chooseNotify(h, bob, ch, "dm"); !contains(got, "cannot send you direct messages") {
		t.Fatalf("notify:dm with closed DMs: %s", got)
	}
	if _, err := h.f.ExpectProblem(h.ctx, fakediscord.ProblemBadRequest); err != nil {
		t.Fatalf("the check DM was not refused: %v", err)
	}
}

// TestTurnsWaitingTogetherComeAsOneDigestAfterQuietHours: four games become bob's turn during his
// quiet hours; nothing comes then, and when the hours end one DM lists all four.
func TestTurnsWaitingTogetherComeAsOneDigestAfterQuietHours(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, bob := h.f.AddUser("alice"), h.f.AddUser("bob")
	now := h.clock.Now().UTC()
	quietHours := now.Add(-time.Hour).Format("15:04") + "-" + now.Add(2*time.Hour).Format("15:04")
	chooseNotify(h, bob, h.f.General, "dm", fakediscord.StringArg("quiet", quietHours))
	const games = 4
	var channels []*fakediscord.Channel
	for i := range games {
		ch := h.f.AddChannel("game-" + string(rune('a'+i)))
		h.deal.Store(int64(10 + i))
		openIn(h, ch, alice, bob)
		channels = append(channels, ch)
	}
	for _, ch := range channels {
		playTurn(h, alice, ch)
	}
	h.b.FireTimers(h.clock.Now())
	if n := len(dms(h, bob)); n != 1 {
		t.Fatalf("%d DMs during quiet hours, want only the check of notify:dm", n)
	}
	h.clock.Add(2*time.Hour + time.Minute)
	h.b.FireTimers(h.clock.Now())
	got := dms(h, bob)
	if len(got) != 2 {
		t.Fatalf("%d DMs after the quiet hours, want one digest", len(got)-1)
	}
	digest := got[1]
	if !contains(digest.Content, "Your turn in 4 games") || len(digest.Attachments) != games {
		t.Fatalf("the digest %q has %d tiles, want 4 games and their tiles", digest.Content, len(digest.Attachments))
	}
	for _, ch := range channels {
		if !contains(digest.Content, ch.ID) {
			t.Errorf("the digest does not link %s", ch.Name)
		}
	}
}
