package league

import (
	"fmt"
	"slices"
	"testing"
)

// The schedule as first written, pair by pair through a map: slow (a minute for a double
// round-robin of 200) but plain. The tally must give exactly the same rounds, so that a season
// scheduled by either is the same season.

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

// TestTallyScheduleEqualsTheReference: round-robins at tables of 3 to 5, single and double, and
// the greedy fallback of swiss rounds, are the rounds the reference gives, seat for seat.
func TestTallyScheduleEqualsTheReference(t *testing.T) {
	same := func(a, b []Round) bool { return fmt.Sprint(a) == fmt.Sprint(b) }
	for size := 3; size <= MaxTableSize; size++ {
		for n := 2; n <= 31; n++ {
			players := names(n)
			first := referenceCover(players, size, nil, 1)
			want := append(first, referenceCover(players, size, first, 2)...)
			got, err := RoundRobinRounds(players, size, true)
			if err != nil {
				t.Fatal(err)
			}
			if !same(got, want) {
				t.Fatalf("tables of %d, %d players: the double round-robin differs from the reference\ngot  %v\nwant %v", size, n, got, want)
			}
			single, err := RoundRobinRounds(players, size, false)
			if err != nil {
				t.Fatal(err)
			}
			if !same(single, first) {
				t.Fatalf("tables of %d, %d players: the round-robin differs from the reference", size, n)
			}
		}
	}
	// The greedy grouping of a swiss round where every grouping repeats a meeting, over played
	// rounds and a subset of the players in standing order.
	players := names(9)
	played, _ := RoundRobinRounds(players, 3, false)
	order := []string{players[4], players[0], players[8], players[2], players[6], players[1]}
	tl := newTally(players)
	tl.addRounds(played)
	var seats []int
	for _, p := range order {
		seats = append(seats, tl.index[p])
	}
	sizes, _ := tableSizes(len(order), 3)
	due := tl.owing(1)
	tables, _ := tl.group(seats, sizes, due, tl.owedAmong(seats, due), len(played))
	if got, want := tl.names(tables), referenceRound(order, 3, meetings(played), 1, len(played)).Tables; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the swiss fallback grouping: got %v, want %v", got, want)
	}
}
