package game_test

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// What Holdings says a feature scores now is what the final scoring gives, when the game ends
// right there: every seat with the most weight in a feature scores its points.
func TestHoldingsScoreAsTheFinalScoring(t *testing.T) {
	for seed := range uint64(60) {
		opts := game.DefaultOptions()
		opts.InnsCathedralsScoring = seed%2 == 0
		g := played(t, tables[0].r, game.Setup{Players: []string{"ann", "bob", "cy"}, Seed: seed, Options: opts}, int(5+seed*2))
		if g.Over() {
			continue
		}
		want := make([]int, len(g.Players))
		for _, h := range g.Holdings(nil) {
			best := 0
			for _, w := range h.Weight {
				best = max(best, w)
			}
			for p := range g.Players {
				if h.Weight[p] == best {
					want[p] += h.Now
				}
				if h.Complete < h.Now {
					t.Fatalf("seed %d: a %s scores %d now but %d complete", seed, h.Kind, h.Now, h.Complete)
				}
			}
		}
		before := make([]int, len(g.Players))
		for p := range g.Players {
			before[p] = g.Players[p].Score
		}
		// Two players resign: the game ends at once with the final scoring.
		for _, p := range []int{(g.Current + 1) % 3, (g.Current + 2) % 3} {
			if err := g.Play(game.Move{Kind: game.MoveResign, Player: p}); err != nil {
				t.Fatal(err)
			}
		}
		if !g.Over() {
			t.Fatalf("seed %d: the game goes on with one player", seed)
		}
		for p := range g.Players {
			if got := g.Players[p].Score - before[p]; got != want[p] {
				t.Errorf("seed %d: seat %d scored %d at the end, Holdings said %d", seed, p, got, want[p])
			}
		}
	}
}
