package bot

import (
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
)

// TestUnratedTableChangesNoRating: a table opened with rated:false says in /carc status that its
// game is not rated and why; played to its end, it changes nobody's rating.
func TestUnratedTableChangesNoRating(t *testing.T) {
	h := newHarness(t)
	h.draw = func(*commands.Table, commands.Reply) ([]byte, error) { return nil, nil }
	h.start()
	alice, _, ch := openGame(h, "france", 5, fakediscord.BoolArg("rated", false), fakediscord.StringArg("policy", "auto"),
		fakediscord.StringArg("deadline", "10m"), fakediscord.IntArg("tiles", 72))
	if text := h.slash(alice, ch, "carc", fakediscord.SubCommand("status")).Content; !contains(text, "Not rated: the table is unrated (rated:false).") {
		t.Fatalf("/carc status: %s", text)
	}
	for n := 0; h.table(ch.ID) != nil; n++ {
		if n > 200 {
			t.Fatal("the game does not end")
		}
		h.clock.Add(11 * time.Minute)
		h.b.FireTimers(h.clock.Now())
	}
	if rows, err := h.store.Leaderboard(h.f.GuildID, ""); err != nil || len(rows) != 0 {
		t.Fatalf("the unrated game was rated: %+v %v", rows, err)
	}
	if text := h.slash(alice, ch, "carc", fakediscord.SubCommand("rating")).Content; !contains(text, "has no rated game in this server yet") {
		t.Fatalf("/carc rating after an unrated game: %s", text)
	}
}
