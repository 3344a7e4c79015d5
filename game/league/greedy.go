package league

import (
	"math/bits"
	"slices"
)

// pairSet is a set of pairs of players, by position 0..m-1: one bitset row per player.
type pairSet struct {
	words int
	bits  []uint64 // row i is bits[i*words : (i+1)*words]; symmetric
}

func newPairSet(m int) *pairSet {
	w := (m + 63) / 64
	return &pairSet{words: w, bits: make([]uint64, m*w)}
}

func (s *pairSet) row(i int) []uint64 { return s.bits[i*s.words : (i+1)*s.words] }

func (s *pairSet) has(i, j int) bool { return s.bits[i*s.words+j/64]&(1<<(j%64)) != 0 }

func (s *pairSet) add(i, j int) {
	s.bits[i*s.words+j/64] |= 1 << (j % 64)
	s.bits[j*s.words+i/64] |= 1 << (i % 64)
}

func (s *pairSet) remove(i, j int) {
	s.bits[i*s.words+j/64] &^= 1 << (j % 64)
	s.bits[j*s.words+i/64] &^= 1 << (i % 64)
}

// owed counts each player's pairs in the set.
func (s *pairSet) owed(m int) []int {
	out := make([]int, m)
	for i := range out {
		for _, w := range s.row(i) {
			out[i] += bits.OnesCount64(w)
		}
	}
	return out
}

// greedyRound seats m players (by position, the order of precedence) at tables of the given sizes,
// greedily by the pairs due to meet: the players are taken as table leaders by the pairs they owe
// (most first; among equals the earlier position first, or the later if laterFirst), and each
// table is filled one seat at a
// time by the free player due with the most seats of it (the earlier position first among
// equals). owed is each player's count of pairs in due. Seats turn by index, so who sits first
// changes from round to round; the players left over (the byes) are returned in order.
//
// A seat is found with a few word operations per 64 players: for each word of free players, the
// players due with at least 1, 2, ... of the seated (a running count over the seated players'
// rows) tell at once the best level and its first player. A round of 1,000 players costs
// microseconds, where counting pair by pair made a season of them cost minutes.
func greedyRound(m int, sizes []int, due *pairSet, owed []int, index int, laterFirst bool) (tables [][]int, rest []int) {
	leaders := byOwed(owed, laterFirst)
	free := make([]uint64, due.words)
	for i := range m {
		free[i/64] |= 1 << (i % 64)
	}
	take := func(p int) int {
		free[p/64] &^= 1 << (p % 64)
		return p
	}
	seated := make([]int, 0, m)
	next := 0
	for _, size := range sizes {
		for free[leaders[next]/64]&(1<<(leaders[next]%64)) == 0 {
			next++
		}
		start := len(seated)
		seated = append(seated, take(leaders[next]))
		for len(seated)-start < size {
			seated = append(seated, take(bestSeat(free, due, seated[start:])))
		}
		table := seated[start:len(seated):len(seated)]
		k := index % size
		slices.Reverse(table[:k])
		slices.Reverse(table[k:])
		slices.Reverse(table)
		tables = append(tables, table)
	}
	for x, w := range free {
		for ; w != 0; w &= w - 1 {
			rest = append(rest, x*64+bits.TrailingZeros64(w))
		}
	}
	return tables, rest
}

// bestSeat is the first free player due with the most of table (at least one player is free).
func bestSeat(free []uint64, due *pairSet, table []int) int {
	var rows [MaxTableSize][]uint64
	for i, p := range table {
		rows[i] = due.row(p)
	}
	k := len(table)
	// first[L] is the first word holding a player due with L of the table, and at[L] its players.
	var first [MaxTableSize + 1]int
	var at [MaxTableSize + 1]uint64
	for L := range first {
		first[L] = -1
	}
	for x, f := range free {
		// atLeast[L]: the free players of word x due with at least L of the table.
		var atLeast [MaxTableSize + 1]uint64
		atLeast[0] = f
		for _, row := range rows[:k] {
			r := row[x]
			for L := k; L >= 1; L-- {
				atLeast[L] |= atLeast[L-1] & r
			}
		}
		for L := 0; L <= k; L++ {
			if first[L] < 0 && atLeast[L] != 0 {
				first[L], at[L] = x, atLeast[L]
			}
		}
		if first[k] >= 0 {
			break // due with every seat: nobody comes before it
		}
	}
	for L := k; ; L-- {
		if first[L] >= 0 {
			return first[L]*64 + bits.TrailingZeros64(at[L])
		}
	}
}

// byOwed orders positions by owed, most first; among equals the earlier position first, or the
// later if laterFirst.
func byOwed(owed []int, laterFirst bool) []int {
	top := slices.Max(owed)
	count := make([]int, top+2)
	for _, o := range owed {
		count[top-o+1]++
	}
	for v := 1; v < len(count); v++ {
		count[v] += count[v-1]
	}
	out := make([]int, len(owed))
	for i := range owed {
		p := i
		if laterFirst {
			p = len(owed) - 1 - i
		}
		out[count[top-owed[p]]] = p
		count[top-owed[p]]++
	}
	return out
}
