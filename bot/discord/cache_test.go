package discord

import (
	"fmt"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestOnlyRecentlyUsedGamesStayLoaded: with room for two tables in memory, five running games
// each take a move in turn, twice, and after a restart once more. Never more than two tables are
// loaded; a game whose table was dropped loads it again from its snapshot and plays on.
func TestOnlyRecentlyUsedGamesStayLoaded(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.configure = func(c *bot.Config) { c.MaxLoaded = 2 }
	h.start()
	users := map[string]*fakediscord.User{}
	var chans []*fakediscord.Channel
	for n := range 5 {
		a, b := h.f.AddUser(fmt.Sprintf("a%d", n)), h.f.AddUser(fmt.Sprintf("b%d", n))
		users[a.ID], users[b.ID] = a, b
		ch := h.f.AddChannel(fmt.Sprintf("table%d", n))
		h.deal.Store(int64(n))
		h.slash(a, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "classic")))
		h.slash(b, ch, "carc", fakediscord.SubCommand("join"))
		h.slash(a, ch, "carc", fakediscord.SubCommand("start"))
		chans = append(chans, ch)
	}
	move := func(ch *fakediscord.Channel) {
		t.Helper()
		tbl := h.table(ch.ID)
		cur, _ := tbl.Current()
		turn := tbl.Game.Turn
		if answer := playTurn(h, users[cur.ID], ch); !contains(answer, "Done") {
			t.Fatalf("%s: %s", ch.Name, answer)
		}
		if h.table(ch.ID).Game.Turn != turn+1 {
			t.Fatalf("%s: the move was not applied", ch.Name)
		}
		if loaded := h.b.Loaded(); loaded > 2 {
			t.Fatalf("%d tables loaded, want at most 2", loaded)
		}
	}
	for range 2 {
		for _, ch := range chans {
			move(ch)
		}
	}
	h.stop()
	h.start()
	for _, ch := range chans {
		move(ch)
	}
	if h.b.Games() != 5 {
		t.Fatalf("%d games known, want 5", h.b.Games())
	}
}
