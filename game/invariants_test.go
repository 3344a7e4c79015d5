package game

import (
	"fmt"
	"slices"
	"testing"
)

// checkInvariants verifies what must hold after every move of a game on a map without variant
// pieces: the engine's bookkeeping, and meeples, tiles and points accounted for.
func checkInvariants(g *Game, prevScores []int) error {
	if err := g.CheckConsistency(); err != nil {
		return err
	}
	onBoard := make([]int, len(g.Players))
	for _, m := range g.Meeples {
		onBoard[m.Player]++
	}
	logSum := make([]int, len(g.Players))
	for _, e := range g.Log {
		logSum[e.Player] += e.Points
	}
	for i, p := range g.Players {
		if p.Meeples+onBoard[i] != g.Opts.Meeples {
			return fmt.Errorf("%s: %d in supply + %d on the map != %d meeples", p.Name, p.Meeples, onBoard[i], g.Opts.Meeples)
		}
		if prevScores != nil && p.Score < prevScores[i] {
			return fmt.Errorf("%s's score fell from %d to %d", p.Name, prevScores[i], p.Score)
		}
		if logSum[i] != p.Score {
			return fmt.Errorf("%s: log entries sum to %d, score is %d", p.Name, logSum[i], p.Score)
		}
	}
	inHand := 0
	if g.HasDrawn() {
		inHand = 1
	}
	placed := len(g.Placed())
	if got := placed + len(g.Discarded) + len(g.Deck) + inHand; got != g.Opts.PoolSize() {
		return fmt.Errorf("tiles placed %d + discarded %d + left %d + in hand %d = %d, pool has %d",
			placed, len(g.Discarded), len(g.Deck), inHand, got, g.Opts.PoolSize())
	}
	return nil
}

// TestRandomGamesKeepEveryInvariant plays 2,000 complete random games on the synthetic map and
// checks the invariants after every move, replay at the end and a snapshot round trip mid-game.
// (Variants are checked through the same kinds of checks by gametest.)
func TestRandomGamesKeepEveryInvariant(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	for i := range games {
		players := []string{"ann", "bob", "cy", "dee", "eve", "fay"}[:2+i%5]
		setup := Setup{Players: players, Seed: uint64(i), Options: DefaultOptions()}
		setup.Options.InnsCathedralsScoring = i%7 == 0
		g, err := NewGame(syntheticMap(), nil, setup)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if err := checkInvariants(g, nil); err != nil {
			t.Fatalf("game %d after setup: %v", i, err)
		}
		rng := NewRNG(uint64(i) + 1000)
		var moves []Move
		var buf []Placement
		snapAt := 20 + i%40
		for g.Phase != PhaseOver {
			prev := make([]int, len(g.Players))
			for p := range g.Players {
				prev[p] = g.Players[p].Score
			}
			var m Move
			m, buf = g.RandomMove(&rng, buf)
			if err := g.Play(m); err != nil {
				t.Fatalf("game %d move %d %+v refused: %v", i, len(moves)+1, m, err)
			}
			moves = append(moves, m)
			if err := checkInvariants(g, prev); err != nil {
				t.Fatalf("game %d after move %d %+v: %v", i, len(moves), m, err)
			}
			if len(moves) == snapAt {
				checkSnapshotRoundTrip(t, g, &rng)
			}
		}
		r, err := Replay(syntheticMap(), nil, g.Setup, moves)
		if err != nil {
			t.Fatalf("game %d: replay: %v", i, err)
		}
		if r.Hash() != g.Hash() {
			t.Fatalf("game %d: replay hash differs from the played game", i)
		}
	}
}

// checkSnapshotRoundTrip restores g from its snapshot and plays both copies on with the same
// random moves: they must stay identical.
func checkSnapshotRoundTrip(t *testing.T, g *Game, rng *RNG) {
	t.Helper()
	snap, err := g.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Restore(g.Map, g.Variant, snap)
	if err != nil {
		t.Fatalf("restore: %v", err)
	}
	if r.Hash() != g.Hash() {
		t.Fatalf("restored game hashes differently")
	}
	a, b := g.Clone(), r
	ra, rb := *rng, *rng
	for a.Phase != PhaseOver {
		ma, _ := a.RandomMove(&ra, nil)
		mb, _ := b.RandomMove(&rb, nil)
		if ma.Kind != mb.Kind || ma.Square != mb.Square || ma.Rotation != mb.Rotation || ma.Spot != mb.Spot {
			t.Fatalf("restored game offers different moves: %+v vs %+v", ma, mb)
		}
		if err := a.Play(ma); err != nil {
			t.Fatal(err)
		}
		if err := b.Play(mb); err != nil {
			t.Fatal(err)
		}
	}
	if a.Hash() != b.Hash() {
		t.Fatalf("restored game ends differently")
	}
}

func TestCloneIsIndependent(t *testing.T) {
	g, _ := NewGame(syntheticMap(), nil, Setup{Players: []string{"a", "b"}, Seed: 5})
	before := g.Hash()
	c := g.Clone()
	rng := NewRNG(9)
	c.PlayOut(&rng)
	if g.Hash() != before {
		t.Fatal("playing a clone changed the original")
	}
}

// A clone shares the score log with its original: entries either side adds after the clone must
// never show in the other.
func TestCloneAndOriginalKeepTheirOwnLogs(t *testing.T) {
	g, _ := NewGame(syntheticMap(), nil, Setup{Players: []string{"a", "b"}, Seed: 5})
	rng := NewRNG(3)
	for len(g.Log) < 5 && !g.Over() {
		m, _ := g.RandomMove(&rng, nil)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	c := g.Clone()
	shared := slices.Clone(c.Log)
	g.PlayOut(&rng)
	if !slices.Equal(c.Log, shared) {
		t.Fatal("the original's later entries changed the clone's log")
	}
	ended := slices.Clone(g.Log)
	other := NewRNG(11)
	c.PlayOut(&other)
	if !slices.Equal(g.Log, ended) {
		t.Fatal("the clone's later entries changed the original's log")
	}
	if len(g.Log) <= len(shared) || len(c.Log) <= len(shared) {
		t.Fatal("the games scored nothing after the clone: the test proves nothing")
	}
}

// A copy made into the memory of a game done with is the game itself, and independent of it: a
// used game (played further, from another deal) is overwritten, and each side's later moves
// never show in the other.
func TestCloneIntoAUsedGameIsAnIndependentCopy(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		g, _ := NewGame(syntheticMap(), nil, Setup{Players: []string{"a", "b", "c"}, Seed: seed})
		used, _ := NewGame(syntheticMap(), nil, Setup{Players: []string{"x", "y"}, Seed: seed + 100})
		rng := NewRNG(seed)
		used.PlayOut(&rng)
		for step := 0; !g.Over(); step++ {
			if step%7 == 0 {
				before := g.Hash()
				c := g.CloneInto(used)
				if c != used || c.Hash() != before {
					t.Fatalf("seed %d, move %d: the copy hashes differently from its original", seed, step)
				}
				a, b := NewRNG(seed+uint64(step)), NewRNG(seed+uint64(step))
				fresh := g.Clone()
				c.PlayOut(&a)
				fresh.PlayOut(&b)
				if g.Hash() != before {
					t.Fatalf("seed %d, move %d: playing the copy changed the original", seed, step)
				}
				if c.Hash() != fresh.Hash() {
					t.Fatalf("seed %d, move %d: the copy and a clone end differently", seed, step)
				}
			}
			copied := used.Hash()
			m, _ := g.RandomMove(&rng, nil)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			if used.Hash() != copied {
				t.Fatalf("seed %d, move %d: a move of the original changed the copy", seed, step)
			}
		}
	}
}
