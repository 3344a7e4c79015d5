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
func BenchmarkPlayoutSynthetic114(b *testing.B) { benchPlayouts(b, SyntheticMap(), nil) }
