package game_test

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
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

// TestHoldingsScoreEachFeatureAsTheEndDoes: over thousands of random positions on every map, test
// maps included, what Holdings says each feature scores now (what the AI's evaluation reads) is
// what the end-of-game scoring gives it, farms included, and to the seats with the most weight.
func TestHoldingsScoreEachFeatureAsTheEndDoes(t *testing.T) {
	positions, kinds := 0, map[game.FeatureKind]int{}
	for _, r := range variants.All(true) {
		for seed := range uint64(12) {
			opts := game.DefaultOptions()
			opts.InnsCathedralsScoring = seed%2 == 0
			g, err := game.NewGame(r.Map, r.Variant, game.Setup{Players: []string{"ann", "bob", "cy", "dee"}[:2+seed%3], Seed: seed, Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			rng := game.NewRNG(seed)
			for n := 0; g.Phase != game.PhaseOver; n++ {
				if n%3 == 0 {
					positions++
					for _, h := range g.Holdings(nil) {
						kinds[h.Kind]++
						points, seats := g.ScoreAtEnd(h)
						var want []int
						best := slices.Max(h.Weight[:])
						for p := range g.Players {
							if h.Now > 0 && h.Weight[p] == best {
								want = append(want, p)
							}
						}
						if points != h.Now || !slices.Equal(seats, want) {
							t.Fatalf("%s seed %d, move %d: a %s of %d tiles: Holdings says %d for seats %v (weights %v), the end gives %d to %v",
								r.ID, seed, n, h.Kind, h.Tiles, h.Now, want, h.Weight, points, seats)
						}
					}
				}
				m, _ := g.RandomMove(&rng, nil)
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if positions < 5000 || kinds[game.FieldFeature] < 1000 {
		t.Fatalf("%d positions, %d farms: too few to tell", positions, kinds[game.FieldFeature])
	}
}
