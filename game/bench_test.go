package game

import "testing"

func benchPlayouts(b *testing.B, m *Map, v Variant) {
	b.ReportAllocs()
	rng := NewRNG(1)
	for i := 0; b.Loop(); i++ {
		g, err := NewGame(m, v, Setup{Players: []string{"a", "b"}, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		g.PlayOut(&rng)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPlayoutClassicBase plays complete random base games on the open table (target >= 10,000/s).
func BenchmarkPlayoutClassicBase(b *testing.B) { benchPlayouts(b, ClassicMap(), nil) }

// BenchmarkPlayoutSynthetic114 plays complete random 114-tile games on the synthetic map.
func BenchmarkPlayoutSynthetic114(b *testing.B) { benchPlayouts(b, syntheticMap(), nil) }

// midGame plays n random moves of a 3-player game on the synthetic map.
func midGame(tb testing.TB, n int) *Game {
	tb.Helper()
	g, err := NewGame(syntheticMap(), nil, Setup{Players: []string{"a", "b", "c"}, Seed: 42})
	if err != nil {
		tb.Fatal(err)
	}
	rng := NewRNG(43)
	for i := 0; i < n || g.Phase != PhasePlace; i++ {
		m, _ := g.RandomMove(&rng, nil)
		if err := g.Play(m); err != nil {
			tb.Fatal(err)
		}
	}
	return g
}

// BenchmarkLegalPlacementsMidGame lists every legal placement of the drawn tile half-way through a
// game (target <= 5 us).
func BenchmarkLegalPlacementsMidGame(b *testing.B) {
	g := midGame(b, 100)
	var buf []Placement
	for b.Loop() {
		buf = g.AppendLegalPlacements(buf[:0], g.Drawn)
	}
	b.ReportMetric(float64(len(buf)), "placements")
}

// BenchmarkApply applies the moves of recorded games (place, meeple) and reports the time per
// move; setting a game up is not counted.
func BenchmarkApply(b *testing.B) {
	var moves []Move
	g := midGame(b, 0)
	start := g.Clone()
	rng := NewRNG(7)
	for g.Phase != PhaseOver {
		m, _ := g.RandomMove(&rng, nil)
		moves = append(moves, m)
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	var cur *Game
	n := 0
	for b.Loop() {
		if n%len(moves) == 0 {
			b.StopTimer()
			cur = start.Clone()
			b.StartTimer()
		}
		if err := cur.Play(moves[n%len(moves)]); err != nil {
			b.Fatal(err)
		}
		n++
	}
}

// BenchmarkClone copies a game state half-way through a 114-tile game.
func BenchmarkClone(b *testing.B) {
	g := midGame(b, 120)
	b.ReportAllocs()
	for b.Loop() {
		_ = g.Clone()
	}
}

// TestStateMemory checks the memory one game state holds: a finished 114-tile game with 3 players
// must stay under 64 KiB.
func TestStateMemory(t *testing.T) {
	n := StateBytes(midGame(t, 0), 200)
	if n > 64<<10 {
		t.Fatalf("a game state holds %d bytes, want at most 64 KiB", n)
	}
	t.Logf("a finished 3-player game on the synthetic map holds %d bytes", n)
}
