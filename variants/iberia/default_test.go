package iberia

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TestDefaultSquareIsTheFarthestFreeSquare checks the default treat square of every treat laid in
// 300 random games against the rule written out square by square: of the free squares of the
// treat's rows, the one with the most steps along rows and columns to its nearest tile (printed or
// placed), the first in reading order on a tie.
func TestDefaultSquareIsTheFarthestFreeSquare(t *testing.T) {
	checked := 0
	for seed := range 300 {
		g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"a", "b", "c"}, Seed: uint64(seed)})
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(uint64(seed))
		for g.Phase != game.PhaseOver {
			if c := g.TurnState.Choice; c != nil {
				want := farthest(g, st(g).Treat.Color)
				if got := c.Default.Args["square"]; got != want.String() {
					t.Fatalf("seed %d turn %d: default square %s, want %s", seed, g.Turn, got, want)
				}
				checked++
			}
			m, _ := g.RandomMove(&rng, nil)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 1000 {
		t.Errorf("only %d treats checked", checked)
	}
}

func farthest(g *game.Game, color string) game.Square {
	best, far := game.NoSquare, -1
	for _, s := range tracks[color].squares {
		if _, tile := g.Face(s); tile {
			continue
		}
		if _, chip := g.ChipOn(s); chip {
			continue
		}
		d := 1 << 30
		g.Map.Squares(func(o game.Square, _ *game.SquareInfo) {
			if _, tile := g.Face(o); tile {
				d = min(d, abs(o.Col()-s.Col())+abs(o.Row()-s.Row()))
			}
		})
		if d > far {
			best, far = s, d
		}
	}
	return best
}

func abs(x int) int { return max(x, -x) }
