package benelux

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
)

// TestPlayoutsKeepTheEnginesPromises plays 2,000 complete random games with the test kit's
// invariants checked after every move: the 30 chips and every tile (island stacks included) are
// accounted for, the redacted view hides the face-down chips, the stack order and the island
// tiles not yet turned up, refused actions change nothing and the move log replays.
func TestPlayoutsKeepTheEnginesPromises(t *testing.T) {
	gametest.Playouts(t, Rules(), 2000, 1)
}

// BenchmarkPlayoutBenelux plays complete random games with chips and island tiles on the map of
// the Benelux (target >= 3,000 games/s on one core).
func BenchmarkPlayoutBenelux(b *testing.B) { gametest.BenchPlayouts(b, Rules()) }

// TestRandomGamesTakeIslandTiles makes sure the playouts above reach the island rules: in random
// games players take island tiles (B9), stacks turn up their next tile at the end of those turns
// (BE5), and every island tile taken is placed in the same turn, so the draw stack alone decides
// when the game ends (B16).
func TestRandomGamesTakeIslandTiles(t *testing.T) {
	taken, revealed := 0, 0
	for seed := range 100 {
		g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"a", "b", "c"}, Seed: uint64(seed)})
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(uint64(seed))
		for g.Phase != game.PhaseOver {
			m, _ := g.RandomMove(&rng, nil)
			source, from := g.Phase == game.PhaseSource, st(g).Taken
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			if source && m.Kind == game.MoveAction {
				taken++
				if !g.HasDrawn() || st(g).Taken == 0 {
					t.Fatalf("seed %d: %v took no island tile", seed, m.Action)
				}
			}
			if from != 0 && st(g).Taken == 0 && len(st(g).Stacks[from-1]) > 0 {
				if !g.Revealed() {
					t.Fatalf("seed %d: the turn ended and %s turned up its next tile without a reveal", seed, stackWords(from-1))
				}
				revealed++
			}
		}
		held := 0
		for _, stack := range st(g).Stacks {
			held += len(stack)
		}
		if placed := len(g.Placed()) + len(g.Discarded) + held; placed != 114 {
			t.Fatalf("seed %d: %d tiles on the board, discarded or on the islands, want all 114", seed, placed)
		}
	}
	if taken < 100 || revealed < taken/2 {
		t.Errorf("100 random games took %d island tiles and revealed %d times; the island rules are not reached", taken, revealed)
	}
}
