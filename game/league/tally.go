package league

import "slices"

// tally counts how often each pair of a season's players has shared a table, by the players'
// indexes in one list. A flat n×n table of bytes, read a row at a time, is what schedules a
// season of MaxMembers in well under a second: a map keyed by pairs of ids took a minute for 200.
type tally struct {
	ids   []string
	index map[string]int
	met   []uint8 // met[a*n+b] == met[b*n+a]; saturates at 255, far above any target
}

func newTally(ids []string) *tally {
	t := &tally{ids: ids, index: make(map[string]int, len(ids)), met: make([]uint8, len(ids)*len(ids))}
	for i, id := range ids {
		t.index[id] = i
	}
	return t
}

// row is how often player a has met each player, by index.
func (t *tally) row(a int) []uint8 { n := len(t.ids); return t.met[a*n : a*n+n] }

// count is how often players a and b have met.
func (t *tally) count(a, b int) int { return int(t.met[a*len(t.ids)+b]) }

// meet counts one more meeting of a and b.
func (t *tally) meet(a, b int) {
	n := len(t.ids)
	if t.met[a*n+b] < 255 {
		t.met[a*n+b]++
		t.met[b*n+a]++
	}
}

// addRounds counts the meetings of rounds; players the tally does not know are left out.
func (t *tally) addRounds(rounds []Round) {
	for _, r := range rounds {
		for _, table := range r.Tables {
			for i, a := range table {
				ia, ok := t.index[a]
				if !ok {
					continue
				}
				for _, b := range table[i+1:] {
					if ib, ok := t.index[b]; ok {
						t.meet(ia, ib)
					}
				}
			}
		}
	}
}

// owing marks, for every pair, whether it has met fewer than target times (1) or not (0): the
// pairs a greedy round tries to seat together.
func (t *tally) owing(target int) []uint8 {
	due := make([]uint8, len(t.met))
	for i, c := range t.met {
		if int(c) < target {
			due[i] = 1
		}
	}
	for a := range t.ids {
		due[a*len(t.ids)+a] = 0
	}
	return due
}

// owedAmong counts, for each player of order, the pairs due (owing) with the others of order.
func (t *tally) owedAmong(order []int, due []uint8) []int32 {
	n := len(t.ids)
	owed := make([]int32, len(order))
	for i, p := range order {
		for _, q := range order {
			owed[i] += int32(due[p*n+q])
		}
	}
	return owed
}

// group seats the players of order (indexes, in order of precedence) at tables of the given sizes,
// greedily by the pairs due to meet (owing): each table is started by the player with the most
// pairs due among the players still free, and filled one seat at a time by the player with the
// most pairs due with the table so far; ties go to the earlier player in order. owed is, for each
// player of order, the pairs due with the other players of order. Seats turn by index (who sits
// first changes from round to round). The players left over are returned in order.
//
// Seating a player updates what each free player owes the free players and the table in one pass
// over its row, so a round costs a pass per player instead of a count per candidate and seat; the
// searches for the next player stop at the first who owes all there is to owe, which early in a
// season is the first one looked at.
func (t *tally) group(order []int, sizes []int, due []uint8, owed []int32, index int) (tables [][]int, rest []int) {
	n := len(t.ids)
	// The free players in order, and beside each (at the same position) the pairs due among the
	// free players and with the table being filled: a pass reads and compacts them in step.
	free := make([]int32, len(order))
	freeOwed := slices.Clone(owed)
	tableOwed := make([]int32, len(order))
	for i, p := range order {
		free[i] = int32(p)
	}
	// seat takes the player at position at to the table and leaves the free players compacted. The
	// last seat of a table clears tableOwed for the next one and finds that one's first player.
	seed := 0
	seat := func(at int, last bool) int {
		p := int(free[at])
		row := due[p*n : p*n+n]
		w, most := 0, int32(-1)
		for j, q := range free {
			if j == at {
				continue
			}
			d := int32(row[q])
			f := freeOwed[j] - d
			free[w], freeOwed[w] = q, f
			if last {
				tableOwed[w] = 0
				if f > most {
					seed, most = w, f
				}
			} else {
				tableOwed[w] = tableOwed[j] + d
			}
			w++
		}
		free, freeOwed, tableOwed = free[:w], freeOwed[:w], tableOwed[:w]
		return p
	}
	for i, f := range freeOwed {
		if f > freeOwed[seed] {
			seed = i
		}
	}
	flat := make([]int, 0, len(order))
	for _, size := range sizes {
		start := len(flat)
		flat = append(flat, seat(seed, size == 1))
		for len(flat)-start < size {
			// The first free player due to meet the most of the table; nobody can be due with more
			// than all of it.
			best, seated := 0, int32(len(flat)-start)
			for i, o := range tableOwed {
				if o > tableOwed[best] {
					best = i
				}
				if tableOwed[best] == seated {
					break
				}
			}
			flat = append(flat, seat(best, len(flat)-start+1 == size))
		}
		table := flat[start:len(flat):len(flat)]
		k := index % size
		slices.Reverse(table[:k])
		slices.Reverse(table[k:])
		slices.Reverse(table)
		tables = append(tables, table)
	}
	for _, p := range free {
		rest = append(rest, int(p))
	}
	return tables, rest
}

// names turns tables of indexes into tables of ids, all in one allocation.
func (t *tally) names(tables [][]int) [][]string {
	seats := 0
	for _, table := range tables {
		seats += len(table)
	}
	flat := make([]string, 0, seats)
	out := make([][]string, len(tables))
	for i, table := range tables {
		start := len(flat)
		for _, p := range table {
			flat = append(flat, t.ids[p])
		}
		out[i] = flat[start:len(flat):len(flat)]
	}
	return out
}

// namesOf turns indexes into ids (nil for none).
func (t *tally) namesOf(players []int) []string {
	if len(players) == 0 {
		return nil
	}
	out := make([]string, len(players))
	for i, p := range players {
		out[i] = t.ids[p]
	}
	return out
}
