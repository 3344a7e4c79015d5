package ai

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// midGame is a two-player game of map id about half played by random players, a tile to place.
func midGame(b testing.TB, id string) *game.Game {
	r, err := variants.Lookup(id)
	if err != nil {
		b.Fatal(err)
	}
	g, err := game.NewGame(r.Map, r.Variant, game.Setup{Players: []string{"ann", "bob"}, Seed: 3, Options: game.DefaultOptions()})
	if err != nil {
		b.Fatal(err)
	}
	rng := game.NewRNG(4)
	var buf []game.Placement
	for g.TilesLeft() > g.Opts.PoolSize()/2 || g.Phase != game.PhasePlace {
		var m game.Move
		m, buf = g.RandomMove(&rng, buf)
		if err := g.Play(m); err != nil {
			b.Fatal(err)
		}
	}
	return g
}

// benchChoose times level's decisions in a mid-game position of map id; a search also reports
// the positions its fast play made.
func benchChoose(b *testing.B, id string, level Level) {
	g := midGame(b, id)
	budgets := map[Level]budget{Normal: normalBudget, Hard: hardBudget, Master: masterBudget}
	positions := 0
	b.ResetTimer()
	for i := range b.N {
		var err error
		if bud, ok := budgets[level]; ok {
			rng := game.NewRNG(uint64(i))
			var n int
			_, _, n, err = search(g, &rng, bud)
			positions += n
		} else {
			_, err = Choose(g, level, uint64(i))
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	if positions > 0 {
		b.ReportMetric(float64(positions)/float64(b.N), "positions/op")
	}
}

func BenchmarkEasyFrance(b *testing.B)         { benchChoose(b, "france", Easy) }
func BenchmarkNormalFrance(b *testing.B)       { benchChoose(b, "france", Normal) }
func BenchmarkHardFrance(b *testing.B)         { benchChoose(b, "france", Hard) }
func BenchmarkMasterFrance(b *testing.B)       { benchChoose(b, "france", Master) }
func BenchmarkMasterClassic(b *testing.B)      { benchChoose(b, "classic", Master) }
func BenchmarkEasyClassic(b *testing.B)        { benchChoose(b, "classic", Easy) }
func BenchmarkNormalClassic(b *testing.B)      { benchChoose(b, "classic", Normal) }
func BenchmarkHardClassic(b *testing.B)        { benchChoose(b, "classic", Hard) }
func BenchmarkEasyIberia(b *testing.B)         { benchChoose(b, "iberia", Easy) }
func BenchmarkNormalIberia(b *testing.B)       { benchChoose(b, "iberia", Normal) }
func BenchmarkHardIberia(b *testing.B)         { benchChoose(b, "iberia", Hard) }
func BenchmarkEasyTaiwan(b *testing.B)         { benchChoose(b, "taiwan", Easy) }
func BenchmarkMasterTaiwan(b *testing.B)       { benchChoose(b, "taiwan", Master) }
func BenchmarkMasterGreatBritain(b *testing.B) { benchChoose(b, "greatbritain", Master) }
func BenchmarkMasterBenelux(b *testing.B)      { benchChoose(b, "benelux", Master) }
func BenchmarkMasterIberia(b *testing.B)       { benchChoose(b, "iberia", Master) }
