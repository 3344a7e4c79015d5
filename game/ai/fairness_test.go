package ai

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// permuted is g with its hidden things dealt otherwise: the stack (with a variant's face-down
// tiles) in another order, the face-down chip values moved between their squares, and another
// generator and seed: a game every player sees exactly as g.
func permuted(g *game.Game, seed uint64) *game.Game {
	c := g.Clone()
	rng := game.NewRNG(seed)
	var concealed []game.TileID
	cc, ok := c.Variant.(game.Concealer)
	if ok {
		concealed = cc.Concealed(c)
	}
	hidden := append(slices.Clone(c.Deck), concealed...)
	rng.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	c.Deck = hidden[:len(c.Deck)]
	if ok {
		cc.Reconceal(c, slices.Clone(hidden[len(c.Deck):]))
	}
	var down []int
	for i := range c.MapChips {
		if !c.MapChips[i].FaceUp {
			down = append(down, i)
		}
	}
	rng.Shuffle(len(down), func(i, j int) {
		c.MapChips[down[i]].Chip, c.MapChips[down[j]].Chip = c.MapChips[down[j]].Chip, c.MapChips[down[i]].Chip
	})
	c.RNG = game.NewRNG(seed ^ 0xfeed)
	c.Setup.Seed = seed
	return c
}

// An AI decides only from what its seat could see: with the search seed fixed, 100 games that
// differ from the real one only in the order of the stack and the values of the face-down chips
// get the identical move, on every map and at every level (for time, hard on 10 of them and
// master, its position budget cut to a twentieth, on 3).
func TestTheMoveDependsOnlyOnWhatTheSeatCanSee(t *testing.T) {
	smallMaster(t) // restored once every map's subtest is over
	for _, r := range variants.All(true) {
		t.Run(r.ID, func(t *testing.T) {
			t.Parallel() // each map searches its own game, on a core of its own
			g := midGame(t, r.ID)
			hidden := false
			for _, level := range levels {
				perms := 100
				switch {
				case level == Master:
					perms = 3
				case level == Hard && testing.Short():
					perms = 3
				case level == Hard:
					perms = 10
				case testing.Short():
					perms = 20
				}
				want, err := Choose(g, level, 42)
				if err != nil {
					t.Fatal(err)
				}
				for i := range perms {
					p := permuted(g, uint64(i+1))
					hidden = hidden || p.Hash() != g.Hash() && !slices.Equal(p.Deck, g.Deck)
					got, err := Choose(p, level, 42)
					if err != nil {
						t.Fatal(err)
					}
					if describe(got) != describe(want) {
						t.Fatalf("%s %s: the real game gets %s, permutation %d of its hidden things %s", r.ID, level, describe(want), i+1, describe(got))
					}
				}
			}
			if !hidden {
				t.Errorf("%s: no permutation changed the hidden stack", r.ID)
			}
		})
	}
}

// Searches are deterministic: the same seed and position give the same move, so a game replays.
func TestTheSameSeedGivesTheSameMove(t *testing.T) {
	smallMaster(t)
	g := midGame(t, "france")
	for _, level := range levels {
		a, _ := Choose(g, level, 7)
		b, _ := Choose(g.Clone(), level, 7)
		if describe(a) != describe(b) {
			t.Errorf("%s: %s, then %s", level, describe(a), describe(b))
		}
	}
}

// smallMaster cuts master's position budget to a twentieth for the rest of test t: the same
// search, its evaluation and endgame, in the time a test may take on a busy machine.
func smallMaster(t testing.TB) {
	old := masterBudget
	masterBudget.positions /= 20
	t.Cleanup(func() { masterBudget = old })
}

// A map's pricing of its chips (ChipAppraiser) reads only what every seat sees: on games that
// differ from the real one only in the order of the stack, the island stacks' hidden tiles and
// the values of the face-down chips, it gives every player the identical worth, at a game's
// start, middle and near its end.
func TestTheChipTermsDependOnlyOnWhatEverySeatSees(t *testing.T) {
	for _, r := range variants.All(true) {
		g := midGame(t, r.ID)
		a := appraiser(g)
		if a == nil {
			if len(g.MapChips) > 0 && !r.Test {
				t.Errorf("%s lays chips but gives master no ChipAppraiser", r.ID)
			}
			continue
		}
		changed := false
		rng := game.NewRNG(9)
		for stage := range 3 {
			want := make([]float64, len(g.Players))
			a.AppraiseChips(g, want)
			for i := range 30 {
				p := permuted(g, uint64(100*stage+i+1))
				changed = changed || !slices.Equal(chipValues(p), chipValues(g))
				got := make([]float64, len(p.Players))
				a.AppraiseChips(p, got)
				if !slices.Equal(got, want) {
					t.Fatalf("%s, stage %d: the real game is worth %v, permutation %d of its hidden things %v", r.ID, stage, want, i+1, got)
				}
			}
			// On to a later stage of the same game, by random moves.
			var buf []game.Placement
			for n := g.TilesLeft() / 2; g.TilesLeft() > n || g.Phase != game.PhasePlace; {
				if g.Over() {
					break
				}
				var m game.Move
				m, buf = g.RandomMove(&rng, buf)
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
			}
		}
		if !changed {
			t.Errorf("%s: no permutation changed the face-down chips' values", r.ID)
		}
	}
}

// chipValues are the values of the chips on the map, in their order.
func chipValues(g *game.Game) []int {
	out := make([]int, len(g.MapChips))
	for i, c := range g.MapChips {
		out[i] = c.Value
	}
	return out
}
