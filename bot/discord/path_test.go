package discord

import (
	"fmt"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/pathcount"
)

// TestOnePlacePath measures the path of one /place through the Discord adapter (the files it
// enters, the calls that cross packages), from the coverage of that command alone, its turn message
// posted; run it as bot/doc.go says.
func TestOnePlacePath(t *testing.T) {
	pathcount.Skip(t)
	var (
		h             *harness
		player        *fakediscord.User
		ch            *fakediscord.Channel
		square, turns string
		posts         int
	)
	setup := func() {
		h = newHarness(t)
		h.start()
		alice, bob, c := openGame(h, "classic", 3)
		ch = c
		cur, _ := h.table(ch.ID).Current()
		if player = alice; cur.ID == bob.ID {
			player = bob
		}
		sq, err := h.f.SendAutocomplete(player, ch, "place", fakediscord.Focused(fakediscord.StringArg("square", ""))).WaitResponse(h.ctx)
		if err != nil || len(sq.Choices) == 0 {
			t.Fatalf("no square offered: %v", err)
		}
		square = fmt.Sprint(sq.Choices[0].Value)
		rot, err := h.f.SendAutocomplete(player, ch, "place", fakediscord.StringArg("square", square),
			fakediscord.Focused(fakediscord.StringArg("rotation", ""))).WaitResponse(h.ctx)
		if err != nil || len(rot.Choices) == 0 {
			t.Fatalf("no rotation offered for %s: %v", square, err)
		}
		turns = fmt.Sprint(rot.Choices[0].Value)
		posts = len(h.posts(ch.ID))
	}
	place := func() {
		m := h.slash(player, ch, "place", fakediscord.StringArg("square", square), fakediscord.StringArg("rotation", turns),
			fakediscord.StringArg("meeple", "none"))
		if !contains(m.Content, "Done") {
			t.Fatalf("/place %s: %s", square, m.Content)
		}
		h.waitPost(ch.ID, posts+1)
	}
	if r, measured := pathcount.Measure(t, setup, place); measured {
		t.Logf("one /place through Discord:\n%s", r)
	}
}
