package storage

import (
	"fmt"
	"testing"
)

// The AppendMove benchmarks commit with fsync, as the bot does; b.N is the total number of moves.
// They report moves/s and the p50/p99 latency of one AppendMove (targets at 64 games on the
// 2-core reference machine: at least 1,000 moves/s, p99 at most 20 ms). The first two saturate the
// store: each game sends its next move as soon as the last one is committed.
func BenchmarkAppendMove1Game(b *testing.B) { benchAppendMove(b, 1) }

func BenchmarkAppendMove64Games(b *testing.B) { benchAppendMove(b, 64) }

// BenchmarkAppendMove64GamesAt1000 offers 1,000 moves/s spread over 64 games instead of saturating
// the store, and reports the latency at that load.
func BenchmarkAppendMove64GamesAt1000(b *testing.B) {
	r, err := MeasureLatency(b.TempDir(), 64, max(1, b.N/64), 1000, benchStates())
	report(b, r, err)
}

func benchAppendMove(b *testing.B, games int) {
	r, err := MeasureThroughput(b.TempDir(), games, max(1, b.N/games), benchStates())
	report(b, r, err)
}

// benchStates are the snapshots of 150 turns of a synthetic game, like the engine's in size.
func benchStates() [][]byte {
	states := make([][]byte, 151)
	for turn := range states {
		states[turn] = syntheticState(1, turn, int64(turn))
	}
	return states
}

func report(b *testing.B, r Throughput, err error) {
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(r.MovesPerSec, "moves/s")
	b.ReportMetric(float64(r.P50.Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(r.P99.Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(r.SnapshotBytes), "snapshot-B")
}

// BenchmarkLoadSnapshot150Moves measures loading a 150-move game at start-up: its snapshot, with
// no replay.
func BenchmarkLoadSnapshot150Moves(b *testing.B) {
	s, _ := openTest(b)
	g := newGame(b, s, "g1")
	for i := range 150 {
		g.mustApply(b, s, int64(i), fmt.Sprintf("m%d", i))
	}
	for b.Loop() {
		snap, err := s.Snapshot("g1")
		if err != nil || snap.Seq != 150 {
			b.Fatal(snap.Seq, err)
		}
	}
}
