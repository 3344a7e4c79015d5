package discord

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestAHintIsPrivateToThePlayerToMove: at a table opened with hints:true, /turn hint answers the
// player whose turn it is privately with the /place to type and why, and posts nothing; the other
// player is told it is not their turn; the game does not change.
func TestAHintIsPrivateToThePlayerToMove(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.start()
	alice, bob, ch := openGame(h, "france", 17, fakediscord.BoolArg("hints", true))
	tbl := h.table(ch.ID)
	cur, _ := tbl.Current()
	mover, other := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID], map[string]*fakediscord.User{alice.ID: bob, bob.ID: alice}[cur.ID]
	posts, moves := len(h.posts(ch.ID)), len(tbl.Moves)
	stored, err := h.store.Moves(h.game(ch.ID).ID)
	if err != nil {
		t.Fatal(err)
	}
	m := h.slash(mover, ch, "turn", fakediscord.SubCommand("hint"))
	if !m.Ephemeral() || !contains(m.Content, "Hint, for you only (the normal AI, from what you can see): /place square:") || !contains(m.Content, "Why: this turn scores") {
		t.Fatalf("the hint (ephemeral %v): %q", m.Ephemeral(), m.Content)
	}
	m = h.slash(other, ch, "turn", fakediscord.SubCommand("hint"))
	if !m.Ephemeral() || !contains(m.Content, "It is "+cur.Name+"'s turn: a hint is only for the player whose turn it is.") {
		t.Fatalf("the other player's hint (ephemeral %v): %q", m.Ephemeral(), m.Content)
	}
	if got := len(h.posts(ch.ID)); got != posts {
		t.Fatalf("a hint posted %d public messages", got-posts)
	}
	if after := h.table(ch.ID); len(after.Moves) != moves || after.Game.Current != tbl.Game.Current {
		t.Fatal("a hint changed the game")
	}
	if after, _ := h.store.Moves(h.game(ch.ID).ID); len(after) != len(stored) {
		t.Fatalf("a hint was stored in the game's record: %d entries, then %d", len(stored), len(after))
	}
}
