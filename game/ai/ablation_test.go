package ai

import (
	"context"
	"flag"
	"os"
	"os/signal"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// The ablation match measures one change of master against master without it, deck-paired with
// the seats swapped, as bot ai match measures two public levels:
//
//	go test -c -o /tmp/ai.test ./game/ai
//	nice -n 19 /tmp/ai.test -test.run TestAblation -test.timeout 0 -ablation chips -map france -decks 20 -seed 2000
//
// Ctrl-C stops it and reports the decks finished.
var (
	ablation     = flag.String("ablation", "", "measure master against master without the change: "+ablationNames())
	ablationMap  = flag.String("map", "classic", "the ablation match's map")
	ablationDeck = flag.Int("decks", 20, "the ablation match's decks")
	ablationSeed = flag.Uint64("seed", 1000, "the ablation match's first deck seed")
	ablationCut  = flag.Int("cut", 1, "divide both sides' positions by this, for a match that fits a busy machine")
	ablationWork = flag.Int("workers", 1, "decks played at once")
)

// ablations are master without one of its changes, each a level only the ablation match plays.
var ablations = map[string]budget{
	// The maps' chip appraisals (ChipAppraiser): candidates ranked and playouts judged pricing a
	// chip at chipWorth a point.
	"chips": func() budget {
		b := masterBudget
		b.rank = nil
		b.judge = func(g *game.Game, seat int, buf []game.Holding) (float64, []game.Holding) {
			return masterJudge(g, seat, buf, nil)
		}
		return b
	}(),
}

func ablationNames() string {
	s := ""
	for name := range ablations {
		s += name + " "
	}
	return s
}

func TestAblation(t *testing.T) {
	if *ablation == "" {
		t.Skip("a measurement: give -ablation NAME (" + ablationNames() + ")")
	}
	r, level := ablationSides(t)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	m := Match{Rules: r, A: Master, B: level, Decks: *ablationDeck, Players: 2, Seed: *ablationSeed, Workers: *ablationWork}
	res, err := m.Run(ctx, os.Stderr)
	res.Report(os.Stdout)
	if err != nil && ctx.Err() == nil {
		t.Fatal(err)
	}
}

// TestAblationGames plays the ablation match's first deck and writes each game's points by kind
// for each side, to see where a change wins or loses them.
func TestAblationGames(t *testing.T) {
	if *ablation == "" || !testing.Verbose() {
		t.Skip("a measurement: give -ablation NAME and -test.v")
	}
	r, level := ablationSides(t)
	m := Match{Rules: r, A: Master, B: level, Players: 2, Seed: *ablationSeed}
	for k := range 2 {
		levels := m.seats(k)
		g, err := game.NewGame(r.Map, r.Variant, game.Setup{Players: []string{"p1", "p2"}, Seed: m.Seed, Options: game.DefaultOptions()})
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; !g.Over(); n++ {
			mv, err := Choose(g, levels[g.Current], m.Seed<<20^uint64(k)<<19^uint64(n))
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(mv); err != nil {
				t.Fatal(err)
			}
		}
		for p, pl := range g.Players {
			kinds := map[string]int{}
			for _, e := range g.Log {
				if e.Player == p {
					kinds[e.Kind] += e.Points
				}
			}
			t.Logf("game %d %s (%s): %d %v, chips left %v, meeples %d", k+1, pl.Name, levels[p], pl.Score, kinds, pl.Chips, pl.Meeples)
		}
	}
}

// ablationSides are the ablation's map and the level of master without the change, both budgets
// cut by -cut, for the test's length.
func ablationSides(t *testing.T) (variants.Entry, Level) {
	t.Helper()
	without, ok := ablations[*ablation]
	if !ok {
		t.Fatalf("no ablation %q: use %s", *ablation, ablationNames())
	}
	r, err := variants.Lookup(*ablationMap)
	if err != nil {
		t.Fatal(err)
	}
	level := Level("master-without-" + *ablation)
	budgets[level] = &without
	old := masterBudget
	masterBudget.positions /= max(1, *ablationCut)
	without.positions /= max(1, *ablationCut)
	t.Cleanup(func() { delete(budgets, level); masterBudget = old })
	return r, level
}
