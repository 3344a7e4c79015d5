package league

// tally counts how often each pair of a season's players has shared a table, by the players'
// indexes in one list: a flat n×n table of bytes instead of a map keyed by pairs of ids.
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

// due is the set of pairs, among the players of order, that have met fewer than target times.
func (t *tally) due(order []int, target int) *pairSet {
	d := newPairSet(len(order))
	for i, a := range order {
		for j := i + 1; j < len(order); j++ {
			if t.count(a, order[j]) < target {
				d.add(i, j)
			}
		}
	}
	return d
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
