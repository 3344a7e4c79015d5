package discord

import (
	"slices"
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// TestARestartMidTurnKeepsTheDeadline: after a restart, a move that does not end the turn (a
// tile placed, the meeple still to choose) keeps the turn's deadline, which then applies.
func TestARestartMidTurnKeepsTheDeadline(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.noPictures()
	h.start()
	alice, bob, ch := openGame(h, "france", 5)
	id := h.game(ch.ID).ID
	h.stop()
	h.start()
	tbl := h.table(ch.ID)
	cur, _ := tbl.Current()
	mover := map[string]*fakediscord.User{alice.ID: alice, bob.ID: bob}[cur.ID]
	p := tbl.Game.LegalPlacements(tbl.Game.Drawn)[0]
	h.slash(mover, ch, "place", fakediscord.StringArg("square", p.Square.String()), fakediscord.StringArg("rotation", p.Rotation.String()))
	if after := h.table(ch.ID).Game; after.Turn != tbl.Game.Turn || after.Phase != game.PhaseMeeple {
		t.Fatalf("the move did not stop in the meeple step: turn %d, phase %s", after.Turn, after.Phase)
	}
	timers, err := h.store.Timers(id)
	if err != nil || !slices.ContainsFunc(timers, func(tm storage.Timer) bool { return tm.Kind == bot.KindDeadline && tm.UserID == cur.ID }) {
		t.Fatalf("the turn's timers after the move: %+v %v", timers, err)
	}
	h.clock.Add(49 * time.Hour)
	h.b.FireTimers(h.clock.Now())
	if next, _ := h.table(ch.ID).Current(); next.ID == cur.ID {
		t.Fatal("the deadline did not apply")
	}
}
