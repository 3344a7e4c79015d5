package game

import (
	"runtime"
	"slices"
)

// StateBytes measures the heap a state of the game holds: it keeps n clones of g (a played-out copy)
// alive and divides the growth of the live heap. The bench report uses it.
func StateBytes(g *Game, n int) int {
	done := g.Clone()
	rng := NewRNG(uint64(len(done.Players)))
	done.PlayOut(&rng)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	keep := make([]*Game, n)
	for i := range keep {
		keep[i] = done.Clone()
		// A clone shares its original's log; a game of its own, as one loaded from the store,
		// holds its log, so that is what is counted.
		keep[i].Log = slices.Clone(keep[i].Log)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(keep)
	return int(after.HeapAlloc-before.HeapAlloc) / n
}
