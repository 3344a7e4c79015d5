package discord

import (
	"sync"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
)

// TestTheHostTellsWhichInteractionActsOnAGame: Config.Acting (what names the interaction on every
// log line about a game, bot/logattrs) hears of each person's command that holds a game's lock,
// with the game and the interaction, and each hold ends before the command is answered.
func TestTheHostTellsWhichInteractionActsOnAGame(t *testing.T) {
	t.Parallel()
	type hold struct{ game, interaction string }
	var mu sync.Mutex
	var holds []hold
	open := 0
	h := newHarness(t)
	h.configure = func(c *bot.Config) {
		c.Acting = func(game, interaction string) func() {
			mu.Lock()
			defer mu.Unlock()
			holds, open = append(holds, hold{game, interaction}), open+1
			return func() {
				mu.Lock()
				defer mu.Unlock()
				open--
			}
		}
	}
	h.start()
	_, _, ch := openGame(h, "france", 7)
	game := h.b.GameIn(ch.ID)
	mu.Lock()
	defer mu.Unlock()
	seen := map[string]bool{}
	for _, x := range holds {
		if x.game != game || x.interaction == "" || seen[x.interaction] {
			t.Errorf("a hold of game %q by interaction %q (the game is %s; interactions seen %v)", x.game, x.interaction, game, seen)
		}
		seen[x.interaction] = true
	}
	if len(holds) < 2 || open != 0 {
		t.Errorf("%d holds heard for /carc join and /carc start, %d still open: %+v", len(holds), open, holds)
	}
}
