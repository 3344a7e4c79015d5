package discord

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestAResigningPlayersSeatIsPlayedByAnAI: in a 3-player game opened with leaving:ai, bob
// resigns; his seat becomes "bob (AI, easy)", the bot plays its turns like a player's, the two
// others play on and the game finishes, rated with bob last.
func TestAResigningPlayersSeatIsPlayedByAnAI(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.aiDelay = 1
	h.start()
	alice, bob, carol := h.f.AddUser("alice"), h.f.AddUser("bob"), h.f.AddUser("carol")
	ch := h.f.General
	h.deal.Store(23)
	h.slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "classic"), fakediscord.StringArg("leaving", "ai")))
	h.slash(bob, ch, "carc", fakediscord.SubCommand("join"))
	h.slash(carol, ch, "carc", fakediscord.SubCommand("join"))
	h.slash(alice, ch, "carc", fakediscord.SubCommand("start"))
	id := h.game(ch.ID).ID
	if m := h.slash(bob, ch, "carc", fakediscord.SubCommand("resign")); !contains(m.Content, "Done") {
		t.Fatalf("/carc resign: %q", m.Content)
	}
	seat := h.table(ch.ID).Seats[1]
	if _, ai := table.AILevel(seat); !ai || seat.Name != "bob (AI, easy)" {
		t.Fatalf("bob's seat after he resigned: %+v", seat)
	}
	users := map[string]*fakediscord.User{alice.ID: alice, carol.ID: carol}
	for {
		tbl := h.table(ch.ID)
		if tbl == nil || tbl.Status != table.Playing {
			break
		}
		if _, ai := tbl.AIToPlay(); ai {
			turn := tbl.Game.Turn
			h.waitFor(func() bool {
				t := h.table(ch.ID)
				return t == nil || t.Status != table.Playing || t.Game.Turn != turn
			})
			continue
		}
		cur, _ := tbl.Current()
		p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
		if m := h.slash(users[cur.ID], ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()),
			fakediscord.StringArg("meeple", "none")); !contains(m.Content, "Done") {
			t.Fatalf("%s's /place: %q", cur.Name, m.Content)
		}
	}
	h.waitFor(func() bool {
		posts := h.posts(ch.ID)
		return contains(posts[len(posts)-1].Content, "The game is over.")
	})
	posts := h.posts(ch.ID)
	aiTurns := 0
	for _, m := range posts {
		if contains(m.Content, "bob (AI, easy) played its turn.") {
			aiTurns++
		}
	}
	if aiTurns < 15 {
		t.Fatalf("the AI played %d turns of bob's seat", aiTurns)
	}
	if last := posts[len(posts)-1]; !contains(last.Content, "The game is over.") || !contains(last.Content, "bob (AI, easy)") {
		t.Fatalf("the last message: %q", last.Content)
	}
	// Leaving cannot spare a loss: the game is rated, with bob, whose seat the AI played on, last.
	for _, u := range []*fakediscord.User{alice, bob, carol} {
		if r, err := h.store.Rating(ch.GuildID, "", u.ID); err != nil || r.Games != 1 {
			t.Fatalf("%s's rating after the game: %+v, %v", u.Username, r, err)
		}
	}
	games, err := h.store.RatedGames(ch.GuildID, bob.ID, 0)
	if err != nil || len(games) != 1 || games[0].Players[1] != bob.ID || games[0].Places[1] != 3 {
		t.Fatalf("bob's rated game: %+v, %v", games, err)
	}
	if rec, err := h.store.Game(id); err != nil || rec.Status != storage.StatusFinished {
		t.Fatalf("the stored game: %+v, %v", rec.Status, err)
	}
}
