package game

import (
	"fmt"
	"reflect"
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
	bigOn := make([]int, len(g.Players))
	for _, m := range g.Meeples {
		if m.Kind == PieceBig {
			bigOn[m.Player]++
			continue
		}
		onBoard[m.Player]++
	}
	if err := checkPieces(g, bigOn); err != nil {
		return err
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

// checkPieces accounts for the expansions' pieces: each player's one big meeple, builder and pig
// is in supply or on the map (where they stand, and the goods, CheckConsistency checks).
func checkPieces(g *Game, bigOn []int) error {
	one := func(on bool) int {
		if on {
			return 1
		}
		return 0
	}
	builderOn := make([]int, len(g.Players))
	pigOn := make([]int, len(g.Players))
	for _, pc := range g.Pieces {
		switch pc.Kind {
		case PieceBuilder:
			builderOn[pc.Player]++
		case PiecePig:
			pigOn[pc.Player]++
		}
	}
	for i, p := range g.Players {
		if p.Big+bigOn[i] != one(g.Opts.IC()) {
			return fmt.Errorf("%s: %d big meeple in supply + %d on the map", p.Name, p.Big, bigOn[i])
		}
		if p.Builder+builderOn[i] != one(g.Opts.TB()) || p.Pig+pigOn[i] != one(g.Opts.TB()) {
			return fmt.Errorf("%s: builder %d+%d, pig %d+%d (supply + map)", p.Name, p.Builder, builderOn[i], p.Pig, pigOn[i])
		}
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
	seen := map[string]int{}
	for i := range games {
		players := []string{"ann", "bob", "cy", "dee", "eve", "fay"}[:2+i%5]
		setup := Setup{Players: players, Seed: uint64(i), Options: DefaultOptions()}
		setup.Options.InnsCathedralsScoring = i%7 == 0
		setup.Options.InnsCathedrals = i%3 == 1 || i%5 == 0
		setup.Options.TradersBuilders = i%3 == 2 || i%5 == 0
		setup.Options.Pool = []Pool{PoolCount, PoolAll}[i%2]
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
			for _, e := range g.LastEvents() {
				seen[string(e.Kind)+" "+string(e.Piece)]++
			}
			for _, e := range g.Log {
				if e.Pig || e.Kind == "goods" {
					seen["scored "+e.Kind]++
				}
			}
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
	// The games must have played every piece of the expansions, or they checked nothing of them.
	for _, what := range []string{"meeple_placed big", "meeple_placed builder", "meeple_placed pig", "meeple_returned big",
		"meeple_returned builder", "goods_taken ", "builder_second_tile ", "scored farm", "scored goods"} {
		if seen[what] == 0 {
			t.Errorf("no random game had a %q", what)
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
		if ma.Kind != mb.Kind || ma.Square != mb.Square || ma.Rotation != mb.Rotation || ma.Spot != mb.Spot || ma.Piece != mb.Piece {
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
	if !reflect.DeepEqual(c.Log, shared) {
		t.Fatal("the original's later entries changed the clone's log")
	}
	ended := slices.Clone(g.Log)
	other := NewRNG(11)
	c.PlayOut(&other)
	if !reflect.DeepEqual(g.Log, ended) {
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
