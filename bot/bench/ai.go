package bench

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"slices"
	"sync"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// aiLevels are the searching levels the report times, the strongest last.
var aiLevels = []ai.Level{ai.Hard, ai.Master}

// aiRows names the rows of a level on a map: time per move p50, p95 and max, and the peak heap.
func aiRows(l ai.Level, mapID string) [4]Row {
	name := func(what string) string { return fmt.Sprintf("AI %s: %s (%s, 1 core)", l, what, mapID) }
	rows := [4]Row{
		{Name: name("time per move p50"), Unit: "ms"},
		{Name: name("time per move p95"), Unit: "ms"},
		{Name: name("time per move max"), Unit: "ms"},
		{Name: name("peak heap"), Unit: "MiB", Better: "<=", Target: 64},
	}
	if l == ai.Master {
		// The budget: about a second a move at most, p95 within 1.2 s.
		rows[0].Better, rows[0].Target = "<=", 1000
		rows[1].Better, rows[1].Target = "<=", 1200
	}
	return rows
}

// aiMaps are the tables the AI is timed on: the classic one, then every map players can choose
// (a chip map's turns have more options, and its playouts cost more).
func aiMaps() []string {
	ids := []string{"classic"}
	for _, e := range variants.All(false) {
		if e.ID != "classic" {
			ids = append(ids, e.ID)
		}
	}
	return ids
}

// aiMoves times the decisions of hard and master on one core, on every map (a quick run: on
// classic only): each repetition
// plays moves decisions of a 2-player game from a position about a third of the way in (another
// deal each time), every seat played by the level. The peak heap is sampled while they think.
func (r *runner) aiMoves() error {
	r.logf("AI moves")
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	moves := 12
	if r.o.Quick {
		moves = 3
	}
	for m, mapID := range aiMaps() {
		for _, l := range aiLevels {
			rows := aiRows(l, mapID)
			if r.o.Quick && m > 0 {
				// A quick run times classic only: the other maps cost ten seconds each.
				for _, row := range rows {
					row.Note = "full run only"
					r.add(row)
				}
				continue
			}
			for rep := range r.reps {
				times, peak, err := aiDecisions(mapID, l, uint64(rep+1), moves)
				if err != nil {
					return err
				}
				ms := func(q float64) float64 {
					i := min(len(times)-1, max(0, int(q*float64(len(times))+0.999)-1))
					return float64(times[i].Microseconds()) / 1000
				}
				rows[0].Values = append(rows[0].Values, ms(0.5))
				rows[1].Values = append(rows[1].Values, ms(0.95))
				rows[2].Values = append(rows[2].Values, ms(1))
				rows[3].Values = append(rows[3].Values, float64(peak)/(1<<20))
			}
			for i := range rows {
				rows[i].Extra = fmt.Sprintf("(%d decisions a repetition)", moves)
				r.add(rows[i])
			}
		}
	}
	return nil
}

// aiDecisions plays moves decisions of level l on mapID from the position of seed, and returns
// their times, sorted, and the peak heap while they ran.
func aiDecisions(mapID string, l ai.Level, seed uint64, moves int) ([]time.Duration, uint64, error) {
	t, err := commands.Position(mapID, 2, seed, 50)
	if err != nil {
		return nil, 0, err
	}
	g := t.Game
	var times []time.Duration
	peak := heapPeak(func() {
		for range moves {
			if g.Over() {
				break
			}
			start := time.Now()
			var m game.Move
			m, err = ai.Choose(g, l, commands.AutopilotSeed(g))
			times = append(times, time.Since(start))
			if err == nil {
				err = g.Play(m)
			}
			if err != nil {
				err = fmt.Errorf("bench: %s on %s: %w", l, mapID, err)
				return
			}
		}
	})
	if err == nil && len(times) == 0 {
		err = fmt.Errorf("bench: the game of %s, seed %d, ended before %s's first decision", mapID, seed, l)
	}
	slices.Sort(times)
	return times, peak, err
}

// heapPeak runs fn and returns the most heap its objects held while it ran, above what they
// held before, sampled every few milliseconds (without stopping the world).
func heapPeak(fn func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	base := read()
	var peak uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			peak = max(peak, read())
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	})
	fn()
	close(stop)
	wg.Wait()
	peak = max(peak, read())
	return peak - min(peak, base)
}
