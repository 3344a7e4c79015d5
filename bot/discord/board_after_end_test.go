package discord

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestTheBoardAfterTheGameSaysItIsOver: once a moderator has abandoned the game of a channel, /carc
// board there answers with the board's picture and a caption that says the game is over, how it
// ended and its result, as the abandon's post stated it, not like a running turn; the caption
// holds nothing of the deal (its key).
func TestTheBoardAfterTheGameSaysItIsOver(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	_, bob, ch := openGame(h, "france", 51)
	key := h.table(ch.ID).Settings.Key
	if running := h.slash(bob, ch, "carc", fakediscord.SubCommand("board")); !strings.Contains(running.Content, "France, turn 1. Scores: ") {
		t.Fatalf("the running game's board: %q", running.Content)
	}
	mod := h.f.AddUserWithPermissions("mod", discordgo.PermissionManageChannels|fakediscord.DefaultMemberPermissions)
	end := h.slash(mod, ch, "table", fakediscord.SubCommand("abandon"))
	if h.table(ch.ID) != nil {
		t.Fatalf("the game did not end: %q", end.Content)
	}
	const result = "Shared victory: alice and bob. 1. alice 0, 1. bob 0."
	if !strings.Contains(end.Content, "Final standings: "+result) {
		t.Fatalf("the abandon's post: %q", end.Content)
	}
	m := h.slash(bob, ch, "carc", fakediscord.SubCommand("board"))
	if !strings.Contains(m.Content, "France, turn 1. The game is over: it was abandoned before its end. "+result) {
		t.Errorf("the board after the end: %q", m.Content)
	}
	if len(m.Attachments) != 1 || !strings.HasSuffix(m.Attachments[0].Name, ".png") {
		t.Errorf("the board after the end has %d files, want its picture", len(m.Attachments))
	}
	if key == "" || strings.Contains(m.Content, key) {
		t.Errorf("the caption tells the deal's key %q: %q", key, m.Content)
	}
}
