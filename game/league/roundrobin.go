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
	if tableSize > 2 {
		cycles := 1
		if double {
			cycles = 2
		}
		return cover(players, tableSize, cycles), nil
	}
	cycle := circle(players)
	if !double {
		return cycle, nil
	}
	// The same pairings with the seats swapped, so each player plays first once per pair.
	second := make([]Round, len(cycle))
	for i, r := range cycle {
		seats := make([]string, 0, 2*len(r.Tables))
		second[i] = Round{Byes: slices.Clone(r.Byes), Tables: make([][]string, len(r.Tables))}
		for j, t := range r.Tables {
			seats = append(seats, t[1], t[0])
			second[i].Tables[j] = seats[2*j : 2*j+2 : 2*j+2]
		}
	}
	return append(cycle, second...), nil
}

func checkPlayers(players []string, tableSize int) error {
	if tableSize < MinTableSize || tableSize > MaxTableSize {
		return fmt.Errorf("tables of %d players: choose %d to %d", tableSize, MinTableSize, MaxTableSize)
	}
	if len(players) < 2 || len(players) > MaxMembers {
		return fmt.Errorf("a season needs 2 to %d players, not %d", MaxMembers, len(players))
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
		round := Round{Tables: make([][]string, 0, m/2)}
		flat := make([]string, 0, m) // every table of the round in one allocation
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
				flat = append(flat, a, b)
				round.Tables = append(round.Tables, flat[len(flat)-2:len(flat):len(flat)])
			}
		}
		rounds = append(rounds, round)
	}
	return rounds
}

// cover schedules rounds until every pair has met once per cycle, for cycles cycles, grouping
// each round greedily by the pairs that still have to meet in the running cycle (greedyRound).
// Two passes break the ties between table leaders opposite ways, and the shorter season is kept:
// a greedy schedule now and then takes a few rounds more than it must, rarely both ways at once.
func cover(players []string, tableSize, cycles int) []Round {
	t := newTally(players)
	best := greedySeason(players, tableSize, cycles, false)
	if other := greedySeason(players, tableSize, cycles, true); len(other) < len(best) {
		best = other
	}
	out := make([]Round, len(best))
	for i, r := range best {
		out[i] = Round{Tables: t.names(r.tables), Byes: t.namesOf(r.byes)}
	}
	return out
}

// seating is a round of players by index.
type seating struct {
	tables [][]int
	byes   []int
}

// greedySeason is cover's schedule of the players by index, its leaders' ties broken as
// greedyRound's laterFirst says. Each round meets at least one pair still due, so it ends; the
// bound only guards against a mistake.
func greedySeason(players []string, tableSize, cycles int, laterFirst bool) []seating {
	n := len(players)
	met := newTally(players)
	everyone := make([]int, n)
	for i := range everyone {
		everyone[i] = i
	}
	sizes, _ := tableSizes(n, tableSize)
	var out []seating
	for target := 1; target <= cycles; target++ {
		due := met.due(everyone, target)
		owed := due.owed(n)
		unmet := 0
		for _, o := range owed {
			unmet += o
		}
		unmet /= 2
		for unmet > 0 && len(out) < n*n*cycles {
			tables, byes := greedyRound(n, sizes, due, owed, len(out), laterFirst)
			for _, table := range tables {
				for i, a := range table {
					for _, b := range table[i+1:] {
						met.meet(a, b)
						if due.has(a, b) && met.count(a, b) >= target {
							due.remove(a, b)
							owed[a]--
							owed[b]--
							unmet--
						}
					}
				}
			}
			out = append(out, seating{tables, byes})
		}
	}
	return out
}
