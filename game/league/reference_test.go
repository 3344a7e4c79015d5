package league

import (
	"slices"
	"testing"
)

// The schedule as first written, pair by pair through a map: slow (a minute for a double
// round-robin of 200) but plain, the measure of the greedy rounds' quality.

// pair is an unordered pair of players.
type pair struct{ a, b string }

func pairOf(a, b string) pair {
	if b < a {
		a, b = b, a
	}
	return pair{a, b}
}

// meetings counts how often each pair of players has shared a table in rounds.
func meetings(rounds []Round) map[pair]int {
	met := map[pair]int{}
	for _, r := range rounds {
		for _, t := range r.Tables {
			for i := range t {
				for j := i + 1; j < len(t); j++ {
					met[pairOf(t[i], t[j])]++
				}
			}
		}
	}
	return met
}

func allMet(players []string, met map[pair]int, target int) bool {
	for i, a := range players {
		for _, b := range players[i+1:] {
			if met[pairOf(a, b)] < target {
				return false
			}
		}
	}
	return true
}

// referenceCover adds rounds to played until every pair has met target times.
func referenceCover(players []string, tableSize int, played []Round, target int) []Round {
	var out []Round
	history := slices.Clone(played)
	for len(out) < len(players)*len(players)*target {
		met := meetings(history)
		if allMet(players, met, target) {
			break
		}
		r := referenceRound(players, tableSize, met, target, len(history))
		out = append(out, r)
		history = append(history, r)
	}
	return out
}

// referenceRound seats players at tables of the sizes tableSizes gives, each table started by
// the player with the most pairs still to play and filled by whoever still has to meet most of it.
func referenceRound(players []string, tableSize int, met map[pair]int, target, index int) Round {
	sizes, _ := tableSizes(len(players), tableSize)
	free := slices.Clone(players)
	owed := func(p string, others []string) int {
		n := 0
		for _, o := range others {
			if o != p && met[pairOf(p, o)] < target {
				n++
			}
		}
		return n
	}
	var round Round
	for _, size := range sizes {
		seed := 0
		for i, p := range free {
			if owed(p, free) > owed(free[seed], free) {
				seed = i
			}
		}
		table := []string{free[seed]}
		free = slices.Delete(free, seed, seed+1)
		for len(table) < size {
			best := 0
			for i, p := range free {
				if owed(p, table) > owed(free[best], table) {
					best = i
				}
			}
			table = append(table, free[best])
			free = slices.Delete(free, best, best+1)
		}
		k := index % len(table)
		round.Tables = append(round.Tables, append(table[k:], table[:k]...))
	}
	round.Byes = free
	return round
}

// TestGreedyRoundsAreNoLongerThanTheReference: the round-robins at tables of 3 to 5 are never
// more than a round longer than the pair-by-pair reference's, and shorter far more often than
// longer.
func TestGreedyRoundsAreNoLongerThanTheReference(t *testing.T) {
	shorter, longer := 0, 0
	for size := 3; size <= MaxTableSize; size++ {
		for n := 2; n <= 40; n++ {
			players := names(n)
			first := referenceCover(players, size, nil, 1)
			both := append(slices.Clone(first), referenceCover(players, size, first, 2)...)
			for _, double := range []bool{false, true} {
				ref := first
				if double {
					ref = both
				}
				got, err := RoundRobinRounds(players, size, double)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case len(got) > len(ref)+1:
					t.Fatalf("tables of %d, %d players, double %v: %d rounds, the reference needs %d", size, n, double, len(got), len(ref))
				case len(got) > len(ref):
					longer++
				case len(got) < len(ref):
					shorter++
				}
			}
		}
	}
	if longer*4 > shorter {
		t.Fatalf("%d schedules are a round longer than the reference's and only %d shorter", longer, shorter)
	}
	t.Logf("%d schedules shorter than the reference, %d a round longer", shorter, longer)
}
