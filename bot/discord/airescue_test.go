package discord

import (
	"testing"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot/internal/fakediscord"
)

// TestAnAITurnLeftByADeadProcessIsPlayedByAnother: the replica that made the change offers the AI
// seat's turn to its own queue, and dies (here: its queue never plays) before playing it. Nobody
// else would ever move in that game: the turn's timer comes due in another replica, which plays
// it, once, and its move replaces the timer.
func TestAnAITurnLeftByADeadProcessIsPlayedByAnother(t *testing.T) {
	t.Parallel()
	r := newReplicas(t, 2, func(i int, cfg *bot.Config) {
		cfg.AIDelay = time.Millisecond
		if i == 0 {
			cfg.AIDelay = 24 * time.Hour // the process that "died" with the turn in its queue
		}
	})
	alice := r.f.AddUser("alice")
	ch := r.f.General
	r.send(0, r.f.Slash(alice, ch, "carc", fakediscord.SubCommand("new", fakediscord.StringArg("map", "classic"))))
	r.send(0, r.f.Slash(alice, ch, "table", fakediscord.SubCommand("bot", fakediscord.StringArg("level", "easy"))))
	r.send(0, r.f.Slash(alice, ch, "carc", fakediscord.SubCommand("start")))
	if _, ai := r.table(ch.ID).AIToPlay(); !ai {
		r.send(0, r.f.Slash(alice, ch, "place", placeArgs(r.table(ch.ID))...))
	}
	tbl := r.table(ch.ID)
	if _, ai := tbl.AIToPlay(); !ai {
		t.Fatal("no AI turn is pending")
	}
	turn := tbl.Game.Turn
	id, _, _ := r.stores[0].ActiveGame(ch.ID)
	due := time.Now().Add(bot.AIRescueAfter + time.Second)
	if n := r.bots[1].FireTimers(due.Add(-2 * time.Second)); n != 0 {
		t.Fatalf("%d timers fired before the AI turn's was due", n)
	}
	r.bots[1].FireTimers(due)
	deadline := time.Now().Add(time.Minute)
	for {
		if tbl := r.table(ch.ID); tbl.Game.Turn > turn {
			if _, ai := tbl.AIToPlay(); ai {
				t.Fatal("after the AI's turn the AI is to play again in a two-seat game")
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the other replica did not play the AI turn left behind")
		}
		time.Sleep(10 * time.Millisecond)
	}
	moves, _ := r.stores[0].Moves(id)
	timers, _ := r.stores[0].Timers(id)
	for _, tm := range timers {
		if tm.Kind == bot.KindAITurn {
			t.Fatalf("the played AI turn's timer is still stored: %+v", timers)
		}
	}
	// Late ticks of both replicas at the old timer's time change nothing.
	r.bots[0].FireTimers(due)
	r.bots[1].FireTimers(due)
	if again, _ := r.stores[0].Moves(id); len(again) != len(moves) {
		t.Fatalf("the log grew from %d to %d moves after the turn was played", len(moves), len(again))
	}
}
