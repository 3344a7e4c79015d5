package ai

import (
	"fmt"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// The advice of a level (a hint) is the turn it plays: its first move is Choose's, its moves are
// a whole legal turn, and a search says how many deals it sampled.
func TestAdviceIsTheTurnTheLevelPlays(t *testing.T) {
	g := midGame(t, "france")
	for _, level := range []Level{Easy, Normal} {
		a, err := Advise(g, level, 5)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := Choose(g, level, 5)
		if describe(a.Moves[0]) != describe(m) {
			t.Errorf("%s advises %s first but plays %s", level, describe(a.Moves[0]), describe(m))
		}
		if a.Moves[0].Kind != game.MovePlace {
			t.Errorf("%s: the turn starts with %s, not the placement", level, describe(a.Moves[0]))
		}
		if level == Normal && a.Samples == 0 {
			t.Errorf("normal searched no deal")
		}
		if level == Easy && (a.Samples != 0 || a.Searched != 0) {
			t.Errorf("easy reports a search: %+v", a)
		}
	}
	if _, err := Advise(g, Random, 5); err == nil {
		t.Error("random gave advice")
	}
}

// The hint is fair: games that differ only in the stack order and the face-down chip values get
// the identical advice, points and judgements included, on every map.
func TestAdviceDependsOnlyOnWhatTheSeatCanSee(t *testing.T) {
	perms := 20
	if testing.Short() {
		perms = 5
	}
	for _, r := range variants.All(true) {
		t.Run(r.ID, func(t *testing.T) {
			t.Parallel() // each map's advice is searched on its own game
			g := midGame(t, r.ID)
			want, err := Advise(g, Normal, 42)
			if err != nil {
				t.Fatal(err)
			}
			for i := range perms {
				got, err := Advise(permuted(g, uint64(i+1)), Normal, 42)
				if err != nil {
					t.Fatal(err)
				}
				if advice(got) != advice(want) {
					t.Fatalf("%s: the real game is advised %s, permutation %d of its hidden things %s", r.ID, advice(want), i+1, advice(got))
				}
			}
		})
	}
}

func advice(a Advice) string {
	s := fmt.Sprintf("points %d, %.3f -> %.3f, %d samples %.3f:", a.Points, a.Before, a.After, a.Samples, a.Searched)
	for _, m := range a.Moves {
		s += " " + describe(m)
	}
	return s
}
