package discord

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestACommandInAChannelWhoseGameEndedSaysItIsOver: once a channel's game has ended, a command
// that needs a game is told that the game here is over, how it ended, and that /carc board shows
// it and /carc new starts another (it said "No game here yet", as if no game had been played);
// a command that runs without a game answers as before.
func TestACommandInAChannelWhoseGameEndedSaysItIsOver(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, bob, ch := openGame(h, "france", 7)
	h.slash(bob, ch, "carc", fakediscord.SubCommand("resign"))
	if h.table(ch.ID) != nil {
		t.Fatal("the game of two did not end with bob's resignation")
	}
	for name, m := range map[string]*fakediscord.Message{
		"/place":       h.slash(alice, ch, "place", fakediscord.StringArg("square", "F7")),
		"/carc resign": h.slash(alice, ch, "carc", fakediscord.SubCommand("resign")),
	} {
		if !strings.Contains(m.Content, "The game here is over: its players resigned until only one was left.") || !strings.Contains(m.Content, "/carc board") ||
			!strings.Contains(m.Content, "/carc new") || strings.Contains(m.Content, "No game here yet") {
			t.Errorf("%s after the end: %s", name, m.Content)
		}
	}
	if m := h.slash(alice, ch, "carc", fakediscord.SubCommand("help")); strings.Contains(m.Content, "is over") {
		t.Errorf("/carc help after the end: %s", m.Content)
	}
}
