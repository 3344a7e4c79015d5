package league

import (
	"slices"
)

// searchBudget bounds the search for a swiss round without repeat meetings. It is far above what
// the leagues of one server need (tens of players); past it the round takes the fewest repeats
// the greedy grouping finds.
const searchBudget = 200_000

// SwissRound pairs the next swiss round. order is the players in standing order (best first);
// played the rounds so far. The bye (tables of two, odd count) goes to the player with the
// fewest byes, the lowest placed among them; the others sit in standing order, each table the
// best-placed players who have not met, with no repeat meeting whenever such a round exists.
func SwissRound(order []string, tableSize int, played []Round) (Round, error) {
	if err := checkPlayers(order, tableSize); err != nil {
		return Round{}, err
	}
	sizes, nbyes := tableSizes(len(order), tableSize)
	byes := byeCounts(played)
	free := slices.Clone(order)
	var round Round
	for range nbyes {
		pick := len(free) - 1
		for i := len(free) - 1; i >= 0; i-- {
			if byes[free[i]] < byes[free[pick]] {
				pick = i
			}
		}
		round.Byes = append(round.Byes, free[pick])
		free = slices.Delete(free, pick, pick+1)
	}
	t := newTally(order)
	t.addRounds(played)
	seats := make([]int, len(free))
	for i, p := range free {
		seats[i] = t.index[p]
	}
	s := search{t: t, sizes: sizes, budget: searchBudget}
	if tables, ok := s.seat(seats, 0); ok {
		round.Tables = t.names(tables)
		return round, nil
	}
	// Every round repeats a meeting: group by fewest repeats instead.
	due := t.due(seats, 1)
	grouped, _ := greedyRound(len(seats), sizes, due, due.owed(len(seats)), len(played), false)
	tables := make([][]int, len(grouped))
	for i, table := range grouped {
		for _, pos := range table {
			tables[i] = append(tables[i], seats[pos])
		}
	}
	round.Tables = t.names(tables)
	return round, nil
}

// search seats players at tables of the given sizes without a repeat meeting, trying the
// best-placed combinations first (depth first, with a budget of tries).
type search struct {
	t      *tally
	sizes  []int
	budget int
}

func (s *search) seat(free []int, table int) ([][]int, bool) {
	if table == len(s.sizes) {
		return nil, true
	}
	if s.budget <= 0 {
		return nil, false
	}
	first, rest := free[0], free[1:]
	var pick func(start int, chosen []int) ([][]int, bool)
	pick = func(start int, chosen []int) ([][]int, bool) {
		s.budget--
		if s.budget <= 0 {
			return nil, false
		}
		if len(chosen) == s.sizes[table] {
			left := slices.DeleteFunc(slices.Clone(rest), func(p int) bool { return slices.Contains(chosen, p) })
			tables, ok := s.seat(left, table+1)
			if !ok {
				return nil, false
			}
			return append([][]int{slices.Clone(chosen)}, tables...), true
		}
		for i := start; i < len(rest); i++ {
			c := rest[i]
			if slices.ContainsFunc(chosen, func(o int) bool { return s.t.count(o, c) > 0 }) {
				continue
			}
			if tables, ok := pick(i+1, append(chosen, c)); ok {
				return tables, true
			}
		}
		return nil, false
	}
	return pick(0, []int{first})
}
