package discord

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestAnAISeatPlaysThroughDiscord: /table bot level:easy seats an AI player in the lobby; after
// alice's turn the AI's turn is posted like a player's (with the board, pinging alice), its moves
// are stored, and after a restart a pending AI turn is played.
func TestAnAISeatPlaysThroughDiscord(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.aiDelay = 1
	h.start()
	alice := h.f.AddUser("alice")
	ch := h.f.General
	h.deal.Store(61)
	h.slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "france")))
	if m := h.slash(alice, ch, "table", fakediscord.SubCommand("bot", fakediscord.StringArg("level", "easy"))); !contains(m.Content, "Done") {
		t.Fatalf("/table bot: %q", m.Content)
	}
	h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))
	for turn := 0; turn < 3; turn++ {
		tbl := h.table(ch.ID)
		if _, ai := tbl.AIToPlay(); ai {
			t.Fatalf("turn %d: the AI's turn was not played", tbl.Game.Turn)
		}
		posts := len(h.posts(ch.ID))
		p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
		h.slash(alice, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
			fakediscord.StringArg("meeple", "none"))
		post := h.waitPost(ch.ID, posts+2)
		checkPNG(t, post)
		if !strings.Contains(post.Content, "AI easy played its turn") {
			t.Fatalf("the AI's turn message: %q", post.Content)
		}
		if got := post.Pinged(); len(got) != 1 || got[0] != alice.ID {
			t.Fatalf("the AI's turn pings %v, want alice", got)
		}
		h.waitFor(func() bool { _, ai := h.table(ch.ID).AIToPlay(); return !ai })
	}
	moves, err := h.store.Moves(h.game(ch.ID).ID)
	if err != nil {
		t.Fatal(err)
	}
	ai := 0
	for _, m := range moves {
		var s table.Step
		if json.Unmarshal(m.Data, &s) == nil && strings.HasPrefix(s.By, "ai:") && len(s.Events) > 0 && s.Events[0].Kind == table.KindMove {
			ai++
		}
	}
	if ai != 3 {
		t.Fatalf("%d AI turns stored with their moves, want 3", ai)
	}

	// A restart while the AI's turn waits: the turn is played once the bot is back.
	h.stop()
	h.aiDelay = time.Hour
	h.start()
	tbl := h.table(ch.ID)
	p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
	h.slash(alice, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
		fakediscord.StringArg("meeple", "none"))
	if _, pending := h.table(ch.ID).AIToPlay(); !pending {
		t.Fatal("the AI's turn is not pending")
	}
	posts := len(h.posts(ch.ID))
	h.stop()
	h.aiDelay = 1
	h.start()
	if post := h.waitPost(ch.ID, posts+1); !strings.Contains(post.Content, "AI easy played its turn") {
		t.Fatalf("after the restart: %q", post.Content)
	}
}
