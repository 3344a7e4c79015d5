package game

import (
	"fmt"
	"testing"
)

// checkInvariants verifies what must hold after every move of any game.
func checkInvariants(g *Game, poolSize int, prevScores []int) error {
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
		if p.Meeples < 0 {
			return fmt.Errorf("%s has %d meeples", p.Name, p.Meeples)
		}
		if prevScores != nil && p.Score < prevScores[i] {
			return fmt.Errorf("%s's score fell from %d to %d", p.Name, prevScores[i], p.Score)
		}
		if logSum[i] != p.Score {
			return fmt.Errorf("%s: log entries sum to %d, score is %d", p.Name, logSum[i], p.Score)
		}
	}
	placed := len(g.Placed())
	inHand := 0
	if g.HasDrawn {
		inHand = 1
	}
	if got := placed + len(g.Discarded) + len(g.Deck) + inHand; got != poolSize {
		return fmt.Errorf("tiles placed %d + discarded %d + left %d + in hand %d = %d, pool has %d",
			placed, len(g.Discarded), len(g.Deck), inHand, got, poolSize)
	}
	for _, t := range g.tiles {
		if err := g.matchesNeighbours(t); err != nil {
			return err
		}
	}
	for _, f := range g.frontier {
		if _, placed := g.cells.get(f.sq); placed || g.Map.Info(f.sq).Kind != Playable {
			return fmt.Errorf("frontier square %s is taken or not playable", f.sq)
		}
	}
	// Every meeple stands in a feature whose root counts it.
	count := map[int]int{}
	for i := range g.Meeples {
		count[g.find(g.meepleNode(&g.Meeples[i]))]++
	}
	for r, n := range count {
		if int(g.nodes[r].meeples) != n {
			return fmt.Errorf("feature %d counts %d meeples, %d stand in it", r, g.nodes[r].meeples, n)
		}
	}
	return nil
}

// matchesNeighbours checks that every edge of t matches the tile, printed city or border beyond it.
func (g *Game) matchesNeighbours(t placedTile) error {
	info := g.Map.Info(t.Square)
	for d := Dir(0); d < 4; d++ {
		n, _ := t.Square.Step(d)
		edge := t.face.Edges[d]
		if !t.Printed {
			if c := info.Need; c.Mask&(3<<(2*d)) != 0 && c.On(d) != edge {
				return fmt.Errorf("%s on %s: %s edge %s breaks the printed %s", t.Tile, t.Square, d.Word(), edge, c.On(d))
			}
			if info.Sides[d] != SideLand && info.Sides[d] != SideCity {
				continue
			}
		} else if g.Map.Info(n).Kind != Playable {
			continue
		}
		if nt, ok := g.tileAt(n); ok && nt.face.Edges[d.Opposite()] != edge {
			return fmt.Errorf("%s on %s: %s edge %s meets %s of %s on %s", t.Tile, t.Square, d.Word(), edge,
				nt.face.Edges[d.Opposite()], nt.Tile, n)
		}
	}
	return nil
}

func poolSize(g *Game) int {
	if g.Opts.Pool == PoolCount {
		return g.Opts.TileCount
	}
	n := 0
	for _, t := range Tiles().Types {
		if t.Set == "base" || g.Opts.Pool == PoolAll || (g.Opts.Pool == PoolInns && t.Set == "ic") {
			n += t.Count
		}
	}
	return n
}

// TestRandomGamesKeepEveryInvariant plays 2,000 complete random games on the synthetic map and
// checks the invariants after every move, replay at the end and a snapshot round trip mid-game.
func TestRandomGamesKeepEveryInvariant(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	for i := range games {
		players := []string{"ann", "bob", "cy", "dee", "eve", "fay"}[:2+i%5]
		setup := Setup{Players: players, Seed: uint64(i), Options: DefaultOptions()}
		setup.Options.InnsCathedralsScoring = i%7 == 0
		g, err := NewGame(SyntheticMap(), nil, setup)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		pool := poolSize(g)
		if err := checkInvariants(g, pool, nil); err != nil {
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
			if err := checkInvariants(g, pool, prev); err != nil {
				t.Fatalf("game %d after move %d %+v: %v", i, len(moves), m, err)
			}
			if len(moves) == snapAt {
				checkSnapshotRoundTrip(t, g, &rng)
			}
		}
		r, err := Replay(SyntheticMap(), nil, g.Setup, moves)
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
	g, _ := NewGame(SyntheticMap(), nil, Setup{Players: []string{"a", "b"}, Seed: 5})
	before := g.Hash()
	c := g.Clone()
	rng := NewRNG(9)
	c.PlayOut(&rng)
	if g.Hash() != before {
		t.Fatal("playing a clone changed the original")
	}
}
