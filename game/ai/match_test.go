package ai

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// Each deck is played twice with the seats swapped: every seat is A's in one game and B's in the
// other.
func TestAMatchSwapsTheSeatsOnEachDeck(t *testing.T) {
	m := Match{A: Hard, B: Easy, Players: 3}
	first, second := m.seats(0), m.seats(1)
	for i := range first {
		if first[i] == second[i] {
			t.Errorf("seat %d plays %s in both games of a deck", i+1, first[i])
		}
	}
}

// The figures: a paired margin with its standard error, and the Elo difference of a win rate
// (50 % is 0, 76 % about +200).
func TestMatchFigures(t *testing.T) {
	r := Result{Games: 100, WinsA: 76, Margins: []float64{2, 4, 6}}
	if mean, se := r.MeanMargin(); mean != 4 || math.Abs(se-2/math.Sqrt(3)) > 1e-9 {
		t.Errorf("margin %v ± %v, want 4 ± %v", mean, se, 2/math.Sqrt(3))
	}
	diff, lo, hi := r.Elo()
	if math.Abs(diff-200) > 2 || !(lo < diff && diff < hi) {
		t.Errorf("Elo %v in [%v, %v], want about +200 inside its interval", diff, lo, hi)
	}
	if d, _, _ := (Result{Games: 10, WinsA: 5}).Elo(); d != 0 {
		t.Errorf("an even match is %v Elo apart", d)
	}
	if d, _, hi := (Result{Games: 10, WinsA: 10}).Elo(); math.IsInf(d, 0) || math.IsInf(hi, 0) {
		t.Error("a clean sweep gives an infinite Elo difference")
	}
}

// Easy beats random players: every game of a short classic match, whose report says so.
func TestEasyBeatsRandom(t *testing.T) {
	r, err := variants.Lookup("classic")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Match{Rules: r, A: Easy, B: Random, Decks: 2, Players: 2, Seed: 1}.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 4 || res.WinRate() != 1 {
		t.Errorf("easy won %v of %d games against random", res.WinsA, res.Games)
	}
	var b strings.Builder
	res.Report(&b)
	if !strings.Contains(b.String(), "win rate A   100.0 %") {
		t.Errorf("the report does not give the win rate:\n%s", b.String())
	}
}

// A one-deck match has a single paired margin: the report gives no standard error rather than a
// ratio to zero.
func TestOneDeckReportsNoStandardError(t *testing.T) {
	r, err := variants.Lookup("classic")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Match{Rules: r, A: Easy, B: Random, Decks: 1, Players: 2, Seed: 1}.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	res.Report(&b)
	if !strings.Contains(b.String(), "(one deck: no standard error)") || strings.Contains(b.String(), " SE)") {
		t.Errorf("the one-deck report:\n%s", b.String())
	}
}

// Decks played side by side give the same result as decks played one after another: each deck's
// moves depend on its seed alone, and the result takes the decks in order.
func TestWorkersDoNotChangeAMatch(t *testing.T) {
	r, err := variants.Lookup("classic")
	if err != nil {
		t.Fatal(err)
	}
	m := Match{Rules: r, A: Easy, B: Random, Decks: 5, Players: 3, Seed: 7}
	var serialLog, parallelLog strings.Builder
	serial, err := m.Run(context.Background(), &serialLog)
	if err != nil {
		t.Fatal(err)
	}
	m.Workers = 3
	parallel, err := m.Run(context.Background(), &parallelLog)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(serial.Margins, parallel.Margins) || serial.WinsA != parallel.WinsA || serial.Games != parallel.Games {
		t.Errorf("3 workers: margins %v, wins %v of %d; one worker: %v, %v of %d",
			parallel.Margins, parallel.WinsA, parallel.Games, serial.Margins, serial.WinsA, serial.Games)
	}
	for i := range serial.MoveTimes {
		if len(serial.MoveTimes[i]) != len(parallel.MoveTimes[i]) {
			t.Errorf("side %d: %d moves timed with 3 workers, %d with one", i, len(parallel.MoveTimes[i]), len(serial.MoveTimes[i]))
		}
	}
	if serialLog.String() != parallelLog.String() {
		t.Errorf("progress with 3 workers:\n%s\nwith one:\n%s", parallelLog.String(), serialLog.String())
	}
}

// A match stopped early reports the decks it finished, and says it stopped.
func TestAStoppedMatchReportsTheDecksItFinished(t *testing.T) {
	r, err := variants.Lookup("classic")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	progress := &cancelAfter{lines: 2, cancel: cancel}
	res, err := Match{Rules: r, A: Easy, B: Random, Decks: 50, Players: 2, Seed: 1, Workers: 2}.Run(ctx, progress)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a stopped match returned %v", err)
	}
	if len(res.Margins) < 2 || len(res.Margins) >= 50 || res.Games != 2*len(res.Margins) {
		t.Fatalf("stopped after two decks: %d decks, %d games", len(res.Margins), res.Games)
	}
	var b strings.Builder
	res.Report(&b)
	if want := fmt.Sprintf("%d of 50 decks, stopped early", len(res.Margins)); !strings.Contains(b.String(), want) {
		t.Errorf("the report of a stopped match does not say %q:\n%s", want, b.String())
	}
}

// cancelAfter cancels once it has been written lines times.
type cancelAfter struct {
	lines  int
	cancel func()
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	if c.lines--; c.lines == 0 {
		c.cancel()
	}
	return len(p), nil
}
