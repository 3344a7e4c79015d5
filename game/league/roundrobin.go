package league

import (
	"fmt"
	"slices"
)

// RoundRobinRounds schedules a whole round-robin season (twice over for a double round-robin):
// every pair of players meets once per cycle at tables of two, at least once per cycle at larger
// tables (see the package doc).
func RoundRobinRounds(players []string, tableSize int, double bool) ([]Round, error) {
	if err := checkPlayers(players, tableSize); err != nil {
		return nil, err
	}
	cycle := circle(players)
	if tableSize > 2 {
		cycle = cover(players, tableSize, nil, 1)
	}
	if !double {
		return cycle, nil
	}
	second := cover(players, tableSize, cycle, 2)
	if tableSize == 2 {
		// The same pairings with the seats swapped, so each player plays first once per pair.
		second = make([]Round, len(cycle))
		for i, r := range cycle {
			second[i] = Round{Byes: slices.Clone(r.Byes)}
			for _, t := range r.Tables {
				second[i].Tables = append(second[i].Tables, []string{t[1], t[0]})
			}
		}
	}
	return append(cycle, second...), nil
}

func checkPlayers(players []string, tableSize int) error {
	if tableSize < MinTableSize || tableSize > MaxTableSize {
		return fmt.Errorf("tables of %d players: choose %d to %d", tableSize, MinTableSize, MaxTableSize)
	}
	if len(players) < 2 {
		return fmt.Errorf("a season needs at least 2 players, not %d", len(players))
	}
	seen := map[string]bool{}
	for _, p := range players {
		if p == "" || seen[p] {
			return fmt.Errorf("player %q is empty or listed twice", p)
		}
		seen[p] = true
	}
	return nil
}

// circle is the circle method for tables of two: the first player stays, the others turn one
// place each round; with an odd count an empty seat turns with them and its partner has the bye.
func circle(players []string) []Round {
	seats := slices.Clone(players)
	if len(seats)%2 == 1 {
		seats = append(seats, "")
	}
	m := len(seats)
	rounds := make([]Round, 0, m-1)
	for r := range m - 1 {
		at := func(i int) string {
			if i == 0 {
				return seats[0]
			}
			return seats[1+(i-1+r)%(m-1)]
		}
		var round Round
		for i := range m / 2 {
			a, b := at(i), at(m-1-i)
			if i == 0 && r%2 == 1 {
				a, b = b, a // the fixed player alternates between first and second seat
			}
			switch {
			case a == "":
				round.Byes = append(round.Byes, b)
			case b == "":
				round.Byes = append(round.Byes, a)
			default:
				round.Tables = append(round.Tables, []string{a, b})
			}
		}
		rounds = append(rounds, round)
	}
	return rounds
}

// cover adds rounds to played until every pair has met target times, grouping each round
// greedily by the pairs that still have to meet. Each round meets at least one such pair, so it
// ends; the bound only guards against a mistake.
func cover(players []string, tableSize int, played []Round, target int) []Round {
	var out []Round
	history := slices.Clone(played)
	for len(out) < len(players)*len(players)*target {
		met := meetings(history)
		if allMet(players, met, target) {
			break
		}
		r := greedyRound(players, tableSize, met, target, len(history))
		out = append(out, r)
		history = append(history, r)
	}
	return out
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

// greedyRound seats players at tables of the sizes tableSizes gives, each table started by the
// player with the most pairs still to play and filled by whoever still has to meet most of it.
func greedyRound(players []string, tableSize int, met map[pair]int, target, index int) Round {
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
		// Who sits first turns from round to round.
		k := index % len(table)
		round.Tables = append(round.Tables, append(table[k:], table[:k]...))
	}
	round.Byes = free
	return round
}
