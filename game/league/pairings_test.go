package league

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("p%02d", i+1)
	}
	return out
}

// seatedOnce checks that a round seats every player exactly once, at a table or on a bye, and
// that tables hold 2 to size players.
func seatedOnce(t *testing.T, players []string, r Round, size int) {
	t.Helper()
	seen := map[string]int{}
	for _, tb := range r.Tables {
		if len(tb) < 2 || len(tb) > size {
			t.Fatalf("a table of %d players, want 2 to %d: %v", len(tb), size, r)
		}
		for _, p := range tb {
			seen[p]++
		}
	}
	for _, p := range r.Byes {
		seen[p]++
	}
	for _, p := range players {
		if seen[p] != 1 {
			t.Fatalf("%s is seated %d times in round %v", p, seen[p], r)
		}
	}
}

// TestRoundRobinEveryPairMeetsExactlyOncePerCycle: with tables of two, the circle method pairs
// everyone with everyone once per cycle (twice in a double round-robin, seats swapped), in n-1
// rounds (n with a bye each when n is odd).
func TestRoundRobinEveryPairMeetsExactlyOncePerCycle(t *testing.T) {
	for n := 2; n <= 16; n++ {
		for _, double := range []bool{false, true} {
			players := names(n)
			rounds, err := RoundRobinRounds(players, 2, double)
			if err != nil {
				t.Fatal(err)
			}
			cycles := 1
			if double {
				cycles = 2
			}
			want := n - 1 + n%2
			if len(rounds) != want*cycles {
				t.Fatalf("n=%d double=%v: %d rounds, want %d", n, double, len(rounds), want*cycles)
			}
			first := map[pair]map[string]int{}
			for _, r := range rounds {
				seatedOnce(t, players, r, 2)
				for _, tb := range r.Tables {
					k := pairOf(tb[0], tb[1])
					if first[k] == nil {
						first[k] = map[string]int{}
					}
					first[k][tb[0]]++
				}
			}
			met := meetings(rounds)
			for i, a := range players {
				for _, b := range players[i+1:] {
					if met[pairOf(a, b)] != cycles {
						t.Fatalf("n=%d double=%v: %s and %s meet %d times, want %d", n, double, a, b, met[pairOf(a, b)], cycles)
					}
					if double && (first[pairOf(a, b)][a] != 1 || first[pairOf(a, b)][b] != 1) {
						t.Fatalf("n=%d: %s and %s do not each sit first once: %v", n, a, b, first[pairOf(a, b)])
					}
				}
			}
			for p, c := range byeCounts(rounds) {
				if c != cycles*(n%2) {
					t.Fatalf("n=%d: %s has %d byes, want %d", n, p, c, cycles*(n%2))
				}
			}
		}
	}
}

// TestRoundRobinLargerTablesMeetEveryPair: at tables of 3 to 5 every pair meets at least once
// per cycle, tables are even (sizes differ by at most one) and nobody sits out.
func TestRoundRobinLargerTablesMeetEveryPair(t *testing.T) {
	for size := 3; size <= 5; size++ {
		for n := 2; n <= 13; n++ {
			players := names(n)
			rounds, err := RoundRobinRounds(players, size, true)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rounds {
				seatedOnce(t, players, r, size)
				if len(r.Byes) != 0 {
					t.Fatalf("size %d n=%d: byes %v at tables larger than two", size, n, r.Byes)
				}
				lo, hi := size, 0
				for _, tb := range r.Tables {
					lo, hi = min(lo, len(tb)), max(hi, len(tb))
				}
				if hi-lo > 1 {
					t.Fatalf("size %d n=%d: uneven tables %v", size, n, r.Tables)
				}
			}
			// The first cycle is the shortest prefix where every pair has met.
			first := 0
			for first < len(rounds) && !allMet(players, meetings(rounds[:first]), 1) {
				first++
			}
			cycle1 := rounds[:first]
			if !allMet(players, meetings(cycle1), 1) || !allMet(players, meetings(rounds), 2) {
				t.Fatalf("size %d n=%d: some pair never met", size, n)
			}
			if limit := n * n; len(rounds) > limit {
				t.Fatalf("size %d n=%d: %d rounds", size, n, len(rounds))
			}
		}
	}
}

// repeatFree reports whether some round of tables of the given sizes avoids every pair in met,
// by brute force over all groupings (small n only).
func repeatFree(players []string, sizes []int, met map[pair]int) bool {
	if len(sizes) == 0 {
		return true
	}
	first, rest := players[0], players[1:]
	var try func(start int, chosen []string) bool
	try = func(start int, chosen []string) bool {
		if len(chosen) == sizes[0] {
			left := slices.DeleteFunc(slices.Clone(rest), func(p string) bool { return slices.Contains(chosen, p) })
			return repeatFree(left, sizes[1:], met)
		}
		for i := start; i < len(rest); i++ {
			if !slices.ContainsFunc(chosen, func(o string) bool { return met[pairOf(o, rest[i])] > 0 }) &&
				try(i+1, append(slices.Clone(chosen), rest[i])) {
				return true
			}
		}
		return false
	}
	return try(0, []string{first})
}

// TestSwissNeverRepeatsAMeetingWhileAvoidable: over random seasons, whenever a round without
// repeat meetings exists (checked by brute force), the swiss round has none; byes are spread
// (nobody gets a second bye before everyone has one).
func TestSwissNeverRepeatsAMeetingWhileAvoidable(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	for trial := range 300 {
		size := 2 + trial%3
		n := 3 + rng.IntN(8)
		players := names(n)
		var played []Round
		for round := range n + 2 {
			order := slices.Clone(players)
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			r, err := SwissRound(order, size, played)
			if err != nil {
				t.Fatal(err)
			}
			seatedOnce(t, players, r, size)
			before := meetings(played)
			var rest []string
			for _, p := range order {
				if !slices.Contains(r.Byes, p) {
					rest = append(rest, p)
				}
			}
			sizes, _ := tableSizes(len(rest), size)
			repeats := false
			for _, tb := range r.Tables {
				for i := range tb {
					for j := i + 1; j < len(tb); j++ {
						repeats = repeats || before[pairOf(tb[i], tb[j])] > 0
					}
				}
			}
			if repeats && repeatFree(rest, sizes, before) {
				t.Fatalf("trial %d (n=%d, tables of %d) round %d repeats a meeting though a round without one exists: %v",
					trial, n, size, round+1, r.Tables)
			}
			played = append(played, r)
			byes := byeCounts(played)
			lo, hi := len(played), 0
			for _, p := range players {
				lo, hi = min(lo, byes[p]), max(hi, byes[p])
			}
			if hi-lo > 1 {
				t.Fatalf("trial %d round %d: byes not spread: %v", trial, round+1, byes)
			}
		}
	}
}

// TestSwissSeatsByStanding: the first round of a swiss season puts the best-placed players
// together, and the bye goes to the lowest-placed player.
func TestSwissSeatsByStanding(t *testing.T) {
	r, err := SwissRound([]string{"a", "b", "c", "d", "e"}, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := Round{Tables: [][]string{{"a", "b"}, {"c", "d"}}, Byes: []string{"e"}}
	if fmt.Sprint(r) != fmt.Sprint(want) {
		t.Fatalf("got %v, want %v", r, want)
	}
}
