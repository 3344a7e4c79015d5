package league

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// bigLeague is a league of MaxMembers in the given format.
func bigLeague(format Format, size int) *League {
	l := &League{ID: "big", Format: format, TableSize: size, Rounds: 30, Policy: PolicyScoreStands, RoundDeadline: time.Hour}
	for i := range MaxMembers {
		l.Members = append(l.Members, Member{ID: fmt.Sprintf("%019d", 1_000_000_000_000_000_000+i), Name: fmt.Sprintf("Player %d", i)})
	}
	return l
}

// BenchmarkSchedule is the scheduling work of /season start for a league at MaxMembers, in every
// format and table size: NewSeason (the whole season of a round-robin) and the first round.
// "swiss-late" is a swiss round paired after 20 rounds of results, as the bot pairs it when a
// round ends.
func BenchmarkSchedule(b *testing.B) {
	now := time.Unix(1_800_000_000, 0)
	for _, format := range formats {
		for size := MinTableSize; size <= MaxTableSize; size++ {
			b.Run(fmt.Sprintf("%s/tables-of-%d", format, size), func(b *testing.B) {
				l := bigLeague(format, size)
				for b.Loop() {
					s, err := NewSeason(l, 1)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := s.StartRound(l, now); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
	for size := MinTableSize; size <= MaxTableSize; size++ {
		b.Run(fmt.Sprintf("swiss-late/tables-of-%d", size), func(b *testing.B) {
			l := bigLeague(Swiss, size)
			s := playedSwiss(b, l, 20, now)
			for b.Loop() {
				next := s
				next.Rounds = s.Rounds[:len(s.Rounds):len(s.Rounds)]
				next.Fixtures = s.Fixtures[:len(s.Fixtures):len(s.Fixtures)]
				if _, err := next.StartRound(l, now); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// playedSwiss is a swiss season of l with rounds played to random results.
func playedSwiss(tb testing.TB, l *League, rounds int, now time.Time) Season {
	tb.Helper()
	rng := rand.New(rand.NewPCG(5, 8))
	s, err := NewSeason(l, 1)
	if err != nil {
		tb.Fatal(err)
	}
	for range rounds {
		idx, err := s.StartRound(l, now)
		if err != nil {
			tb.Fatal(err)
		}
		for _, i := range idx {
			scores := make([]int, len(s.Fixtures[i].Players))
			for j := range scores {
				scores[j] = rng.IntN(100)
			}
			if err := s.Record(i, Finished, scores, Places(scores), now); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return s
}
