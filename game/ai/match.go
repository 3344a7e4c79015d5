package ai

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Match is a deck-paired, seat-swapped match between two levels: on each deck (one game seed) A
// and B play twice, each time from the other seats, so that the luck of the deal and of the seat
// order cancels out of the paired margin.
type Match struct {
	Rules   game.MapRules
	A, B    Level
	Decks   int
	Players int
	// Seed is the first deck's seed; deck d uses Seed+d.
	Seed uint64
	// Workers is how many decks are played at once (at least one). The result is the same for
	// any number; only the times per move, which share the cores, differ.
	Workers int
	// Options are the table's rules (the expansions' own rules, flags); the zero value plays
	// game.DefaultOptions.
	Options game.Options
}

// Result is what a match measured.
type Result struct {
	Match
	Games int
	// WinsA counts A's wins, a shared first place half.
	WinsA float64
	// Margins is per deck A's mean score less B's, averaged over the two games.
	Margins []float64
	// MoveTimes are the times per decision of each side, sorted.
	MoveTimes [2][]time.Duration
}

// seats are the levels in the seats of game k (0 or 1) of a deck: A and B alternate around the
// table, and the second game swaps them.
func (m Match) seats(k int) []Level {
	out := make([]Level, m.Players)
	for i := range out {
		if (i+k)%2 == 0 {
			out[i] = m.A
		} else {
			out[i] = m.B
		}
	}
	return out
}

// Run plays the match; progress, if not nil, gets a line per deck, in deck order. When ctx ends,
// the decks under way are dropped and Run returns the decks finished before them, with ctx's
// error: a long match stopped early still reports what it measured.
func (m Match) Run(ctx context.Context, progress io.Writer) (Result, error) {
	if m.Players < 2 || m.Players > 6 {
		return Result{}, fmt.Errorf("a match has 2 to 6 players, not %d", m.Players)
	}
	if m.Decks < 1 {
		return Result{}, fmt.Errorf("a match needs at least one deck")
	}
	workers := min(max(m.Workers, 1), m.Decks)
	next, stop := make(chan int), make(chan struct{})
	done := make(chan deck, workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for d := range next {
				done <- m.deck(ctx, d)
			}
		})
	}
	go func() {
		defer close(next)
		for d := range m.Decks {
			select {
			case next <- d:
			case <-stop:
				return
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(done)
	}()
	// Decks finish out of order; the result takes them in order, so that it is the same whatever
	// the number of workers.
	r := Result{Match: m}
	pending := map[int]deck{}
	var firstErr error
	for dk := range done {
		pending[dk.index] = dk
		for {
			dk, ok := pending[len(r.Margins)]
			if !ok || firstErr != nil {
				break
			}
			delete(pending, dk.index)
			if dk.err != nil {
				// The decks under way finish; no more start.
				firstErr = dk.err
				close(stop)
				break
			}
			r.add(dk)
			if progress != nil {
				fmt.Fprintf(progress, "deck %d: margin %+.1f, A's share of wins %.2f\n", dk.index+1, dk.margin, dk.wins/2)
			}
		}
	}
	if firstErr == nil && len(r.Margins) < m.Decks {
		// Stopped between decks: none was under way to report it.
		firstErr = ctx.Err()
	}
	for i := range r.MoveTimes {
		slices.Sort(r.MoveTimes[i])
	}
	return r, firstErr
}

// deck is what the two games of one deck measured.
type deck struct {
	index int
	// margin is A's mean score less B's, averaged over the two games; wins is A's wins in them.
	margin, wins float64
	games        int
	times        [2][]time.Duration
	err          error
}

func (r *Result) add(dk deck) {
	r.Margins = append(r.Margins, dk.margin)
	r.WinsA += dk.wins
	r.Games += dk.games
	for i := range r.MoveTimes {
		r.MoveTimes[i] = append(r.MoveTimes[i], dk.times[i]...)
	}
}

// deck plays deck d twice, seats swapped. Its moves depend only on the deck's seed, never on
// which worker plays it or when.
func (m Match) deck(ctx context.Context, d int) deck {
	dk := deck{index: d}
	names := []string{"p1", "p2", "p3", "p4", "p5", "p6"}[:m.Players]
	for k := range 2 {
		levels := m.seats(k)
		opts := m.Options
		if opts.Pool == "" {
			opts = game.DefaultOptions()
		}
		setup := game.Setup{Players: names, Seed: m.Seed + uint64(d), Options: opts}
		g, err := game.NewGame(m.Rules.Map, m.Rules.Variant, setup)
		if err != nil {
			dk.err = err
			return dk
		}
		for n := 0; !g.Over(); n++ {
			if err := ctx.Err(); err != nil {
				dk.err = err
				return dk
			}
			side := (g.Current + k) % 2
			// The clock only measures; the moves never depend on it.
			start := time.Now()
			mv, err := Choose(g, levels[g.Current], (m.Seed+uint64(d))<<20^uint64(k)<<19^uint64(n))
			dk.times[side] = append(dk.times[side], time.Since(start))
			if err != nil {
				dk.err = fmt.Errorf("deck %d game %d: %w", d+1, k+1, err)
				return dk
			}
			if err := g.Play(mv); err != nil {
				dk.err = fmt.Errorf("deck %d game %d: %s played a refused move: %w", d+1, k+1, levels[g.Current], err)
				return dk
			}
		}
		a, b := sideScores(g, func(p int) bool { return (p+k)%2 == 0 })
		dk.margin += (a - b) / 2
		dk.wins += winShare(g, func(p int) bool { return (p+k)%2 == 0 })
		dk.games++
	}
	return dk
}

// sideScores are A's and B's mean scores in g; isA tells A's seats.
func sideScores(g *game.Game, isA func(int) bool) (a, b float64) {
	var na, nb float64
	for p, pl := range g.Players {
		if isA(p) {
			a, na = a+float64(pl.Score), na+1
		} else {
			b, nb = b+float64(pl.Score), nb+1
		}
	}
	return a / na, b / nb
}

// winShare is 1 if an A seat alone has the top score, 0 if only B seats have it, and A's share
// of the seats tied on top otherwise.
func winShare(g *game.Game, isA func(int) bool) float64 {
	top := 0
	for _, pl := range g.Players {
		top = max(top, pl.Score)
	}
	var a, all float64
	for p, pl := range g.Players {
		if pl.Score == top {
			all++
			if isA(p) {
				a++
			}
		}
	}
	return a / all
}

// WinRate is A's share of the games won.
func (r Result) WinRate() float64 { return r.WinsA / float64(r.Games) }

// MeanMargin is the mean paired margin and its standard error.
func (r Result) MeanMargin() (mean, se float64) { return meanSE(r.Margins) }

// Elo is the rating difference of A over B the win rate implies, with the 95 % Wilson interval of
// the win rate carried over. A rate of 0 or 1 is taken as half a game from it, so that the figures
// stay finite.
func (r Result) Elo() (diff, lo, hi float64) {
	p, n, z := r.WinRate(), float64(r.Games), 1.96
	centre := (p + z*z/(2*n)) / (1 + z*z/n)
	half := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return elo(p, r.Games), elo(centre-half, r.Games), elo(centre+half, r.Games)
}

func elo(p float64, games int) float64 {
	edge := 0.5 / float64(games)
	p = min(max(p, edge), 1-edge)
	return 400 * math.Log10(p/(1-p))
}

func meanSE(xs []float64) (mean, se float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	var ss float64
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(xs)-1) / float64(len(xs)))
}

// percentile is the q-quantile of sorted durations (nearest rank).
func percentile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// Report writes the match's figures for people.
func (r Result) Report(w io.Writer) {
	mean, se := r.MeanMargin()
	diff, lo, hi := r.Elo()
	decks := fmt.Sprintf("%d decks", r.Decks)
	if played := len(r.Margins); played < r.Decks {
		decks = fmt.Sprintf("%d of %d decks, stopped early", played, r.Decks)
	}
	fmt.Fprintf(w, "map %s, %d players, A=%s vs B=%s, %s (deck-paired, seats swapped)\n", r.Rules.ID, r.Players, r.A, r.B, decks)
	fmt.Fprintf(w, "games        %d\n", r.Games)
	fmt.Fprintf(w, "win rate A   %.1f %%\n", 100*r.WinRate())
	if len(r.Margins) < 2 {
		// One paired margin has no spread to measure: a ratio to a zero error would mean nothing.
		fmt.Fprintf(w, "margin A-B   %+.2f points per game (one deck: no standard error)\n", mean)
	} else {
		fmt.Fprintf(w, "margin A-B   %+.2f points per game (standard error %.2f, %.1f SE)\n", mean, se, mean/math.Max(se, 1e-9))
	}
	fmt.Fprintf(w, "Elo A-B      %+.0f (95 %% interval %+.0f .. %+.0f)\n", diff, lo, hi)
	for i, side := range []string{"A", "B"} {
		t := r.MoveTimes[i]
		fmt.Fprintf(w, "time/move %s  p50 %v  p95 %v  max %v  (%d moves, %s)\n", side, round(percentile(t, 0.5)),
			round(percentile(t, 0.95)), round(percentile(t, 1)), len(t), []Level{r.A, r.B}[i])
	}
}

func round(d time.Duration) time.Duration {
	if d > time.Millisecond {
		return d.Round(100 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}
