package game

// sqTable maps squares to small indexes with open addressing. A game touches at most a few hundred
// squares, whatever the size of the grid, so a fixed table keeps states small and copies cheap even
// on the 229x229 classic table. Keys are stored as square+1 so that the zero value is an empty
// table: a new game needs no initialisation.
type sqTable struct {
	keys [sqTableSize]uint32
	vals [sqTableSize]int16
}

// sqTableSize keeps the load under one half: a game has at most about 130 tiles and 250 empty
// squares next to them.
const sqTableSize = 512

func sqHash(s Square) int { return int((uint32(s) * 2654435761) >> 23) }

func (t *sqTable) get(s Square) (int, bool) {
	k := uint32(s) + 1
	for i := sqHash(s); ; i = (i + 1) & (sqTableSize - 1) {
		switch t.keys[i] {
		case k:
			return int(t.vals[i]), true
		case 0:
			return -1, false
		}
	}
}

func (t *sqTable) put(s Square, v int) {
	k := uint32(s) + 1
	i := sqHash(s)
	for t.keys[i] != k && t.keys[i] != 0 {
		i = (i + 1) & (sqTableSize - 1)
	}
	t.keys[i], t.vals[i] = k, int16(v)
}

// del removes s with backward-shift deletion, so lookups never need tombstones.
func (t *sqTable) del(s Square) {
	k := uint32(s) + 1
	i := sqHash(s)
	for t.keys[i] != k {
		if t.keys[i] == 0 {
			return
		}
		i = (i + 1) & (sqTableSize - 1)
	}
	for {
		t.keys[i] = 0
		j := i
		for {
			j = (j + 1) & (sqTableSize - 1)
			if t.keys[j] == 0 {
				return
			}
			home := sqHash(Square(t.keys[j] - 1))
			// move j back into the hole at i unless its home lies cyclically in (i, j]
			if (i <= j && (home <= i || home > j)) || (i > j && home <= i && home > j) {
				break
			}
		}
		t.keys[i], t.vals[i] = t.keys[j], t.vals[j]
		i = j
	}
}
