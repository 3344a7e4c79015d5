package league

import (
	"testing"
)

func BenchmarkZZ(b *testing.B) {
	for b.Loop() {
		RoundRobinRounds(names(1000), 3, false)
	}
}
