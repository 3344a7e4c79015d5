package ai

import (
	"fmt"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// playGame plays one complete game of r with the given levels in the seats, checking every
// promise of the engine after every move, and returns the game.
func playGame(t testing.TB, r game.MapRules, levels []Level, seed uint64) *game.Game {
	t.Helper()
	names := []string{"ann", "bob", "cy", "dee", "eve", "fay"}
	g, err := game.NewGame(r.Map, r.Variant, game.Setup{Players: names[:len(levels)], Seed: seed, Options: game.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	start := gametest.Count(g)
	for n := 0; !g.Over(); n++ {
		if n > 4*g.Opts.PoolSize()+100 {
			t.Fatalf("%s seed %d: the game does not end", r.ID, seed)
		}
		scores := make([]int, len(g.Players))
		for p := range g.Players {
			scores[p] = g.Players[p].Score
		}
		m, err := Choose(g, levels[g.Current], seed*1000+uint64(n))
		if err != nil {
			t.Fatalf("%s seed %d move %d: %v", r.ID, seed, n, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("%s seed %d move %d: %s played %s, refused: %v", r.ID, seed, n, levels[m.Player], describe(m), err)
		}
		if err := gametest.Check(g, start, scores); err != nil {
			t.Fatalf("%s seed %d after move %d %s: %v", r.ID, seed, n, describe(m), err)
		}
	}
	return g
}

func describe(m game.Move) string {
	switch m.Kind {
	case game.MovePlace:
		return fmt.Sprintf("place %s %s", m.Square, m.Rotation)
	case game.MoveMeeple:
		return "meeple " + m.Spot
	case game.MoveAction:
		return "action " + m.Action.String()
	}
	return string(m.Kind)
}

// The AI only ever plays legal moves, on every map, and every invariant of the engine holds after
// each of them.
func TestAISeatsPlayOnlyLegalMoves(t *testing.T) {
	games := 6
	if testing.Short() {
		games = 2
	}
	for _, r := range variants.All(true) {
		for i := range games {
			levels := []Level{Easy, Random}
			if i%3 == 1 {
				levels = []Level{Easy, Random, Easy}
			}
			if i%3 == 2 {
				levels = []Level{Random, Easy, Random, Easy}
			}
			playGame(t, r, levels, uint64(i+1))
		}
	}
}
