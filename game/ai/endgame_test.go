package ai

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// lastTurn plays a two-player game of map id with random players up to the last tile.
func lastTurn(t *testing.T, id string, seed uint64) *game.Game {
	r, err := variants.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.NewGame(r.Map, r.Variant, game.Setup{Players: []string{"ann", "bob"}, Seed: seed, Options: game.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRNG(seed * 31)
	var buf []game.Placement
	for !g.Over() && !(g.TilesLeft() == 0 && g.Phase == game.PhasePlace) {
		var m game.Move
		m, buf = g.RandomMove(&rng, buf)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// outcomes plays every whole last turn and returns, for each first move, the best final margin
// of the player to move that a turn beginning with it reaches.
func outcomes(t *testing.T, g *game.Game) map[string]int {
	seat := g.Current
	out := map[string]int{}
	var walk func(c *game.Game, first string)
	walk = func(c *game.Game, first string) {
		if c.Over() {
			margin := c.Players[seat].Score - c.Players[1-seat].Score
			if old, ok := out[first]; !ok || margin > old {
				out[first] = margin
			}
			return
		}
		for _, m := range options(c, nil) {
			n := c.Clone()
			if err := n.Play(m); err != nil {
				t.Fatal(err)
			}
			f := first
			if f == "" {
				f = describe(m)
			}
			walk(n, f)
		}
	}
	walk(g, "")
	return out
}

// On the last tile of the game, where one move clearly ends with the best final score, normal,
// hard and master find it (easy too: its evaluation of a finished game is the final score itself).
func TestTheLastTurnIsPlayedForTheBestFinalScore(t *testing.T) {
	smallMaster(t)
	found := 0
	for seed := uint64(1); seed < 60 && found < 6; seed++ {
		id := []string{"classic", "france", "iberia"}[seed%3]
		g := lastTurn(t, id, seed)
		if g.Over() {
			continue
		}
		out := outcomes(t, g)
		bestMove, best, second := "", -1000, -1000
		for m, v := range out {
			switch {
			case v > best:
				bestMove, best, second = m, v, best
			case v > second:
				second = v
			}
		}
		if best-second < 4 {
			continue // no move stands out clearly
		}
		found++
		for _, level := range []Level{Easy, Normal, Hard, Master} {
			m, err := Choose(g, level, seed)
			if err != nil {
				t.Fatal(err)
			}
			if describe(m) != bestMove {
				t.Errorf("%s seed %d: %s plays %s (margin %d), not %s (margin %d)", id, seed, level, describe(m), out[describe(m)], bestMove, best)
			}
		}
	}
	if found < 3 {
		t.Fatalf("only %d last turns with one clearly best move", found)
	}
}
