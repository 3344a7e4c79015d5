package league

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestEveryFormatSchedulesAtTheMemberCap: a league of MaxMembers schedules in every format and
// table size: each round seats every member exactly once, at tables of the chosen size or one
// less (byes only at tables of two), and a round-robin meets every pair once per cycle; one member
// more is refused with the cap in the message.
func TestEveryFormatSchedulesAtTheMemberCap(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	for _, format := range formats {
		for size := MinTableSize; size <= MaxTableSize; size++ {
			t.Run(fmt.Sprintf("%s/tables-of-%d", format, size), func(t *testing.T) {
				l := bigLeague(format, size)
				ids := l.MemberIDs()
				s, err := NewSeason(l, 1)
				if (format == Cup || format == DoubleCup) && size > 2 {
					if err == nil || !strings.Contains(err.Error(), "a cup plays games of two") {
						t.Fatalf("a cup at tables of %d: %v", size, err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.StartRound(l, now); err != nil {
					t.Fatal(err)
				}
				cycles := map[Format]int{RoundRobin: 1, DoubleRoundRobin: 2}[format]
				tl := newTally(ids)
				seated := make([]int, len(ids))
				for n, r := range s.Rounds {
					if size > 2 && len(r.Byes) > 0 {
						t.Fatalf("byes %v at tables of %d", r.Byes, size)
					}
					for _, table := range r.Tables {
						if len(table) < max(2, size-1) || len(table) > size {
							t.Fatalf("a table of %d at tables of %d", len(table), size)
						}
						for _, p := range table {
							seated[tl.index[p]]++
						}
					}
					for _, p := range r.Byes {
						seated[tl.index[p]]++
					}
					for i, c := range seated {
						if c != n+1 {
							t.Fatalf("round %d seats %s %d times", n+1, ids[i], c-n)
						}
					}
				}
				tl.addRounds(s.Rounds)
				for a := range ids {
					for b := a + 1; b < len(ids); b++ {
						if tl.count(a, b) < cycles {
							t.Fatalf("%s and %s meet %d times in %d rounds, want %d", ids[a], ids[b], tl.count(a, b), len(s.Rounds), cycles)
						}
					}
				}
				l.Members = append(l.Members, Member{ID: "one-more", Name: "One more"})
				if _, err := NewSeason(l, 1); err == nil || !strings.Contains(err.Error(), fmt.Sprint(MaxMembers)) {
					t.Fatalf("a season of %d members: %v", len(l.Members), err)
				}
			})
		}
	}
}
