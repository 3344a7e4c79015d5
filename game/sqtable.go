package game

// sqTable maps squares to small indexes with open addressing. A game touches at most a few hundred
// squares, whatever the size of the grid, so a fixed table keeps states small and copies cheap even
// on the 229x229 classic table.
type sqTable struct {
	keys [sqTableSize]Square
	vals [sqTableSize]int16
}

// sqTableSize keeps the load under one half: a game has at most about 130 tiles and 250 empty
// squares next to them.
const sqTableSize = 512

func (t *sqTable) init() {
	for i := range t.keys {
		t.keys[i] = NoSquare
	}
}

func sqHash(s Square) int { return int((uint32(s) * 2654435761) >> 23) }

func (t *sqTable) get(s Square) (int, bool) {
	for i := sqHash(s); ; i = (i + 1) & (sqTableSize - 1) {
		switch t.keys[i] {
		case s:
			return int(t.vals[i]), true
		case NoSquare:
			return -1, false
		}
	}
}

func (t *sqTable) put(s Square, v int) {
	i := sqHash(s)
	for t.keys[i] != s && t.keys[i] != NoSquare {
		i = (i + 1) & (sqTableSize - 1)
	}
	t.keys[i], t.vals[i] = s, int16(v)
}

// del removes s with backward-shift deletion, so lookups never need tombstones.
func (t *sqTable) del(s Square) {
	i := sqHash(s)
	for t.keys[i] != s {
		if t.keys[i] == NoSquare {
			return
		}
		i = (i + 1) & (sqTableSize - 1)
	}
	for {
		t.keys[i] = NoSquare
		j := i
		for {
			j = (j + 1) & (sqTableSize - 1)
			if t.keys[j] == NoSquare {
				return
			}
			home := sqHash(t.keys[j])
			// move j back into the hole at i unless its home lies cyclically in (i, j]
			if (i <= j && (home <= i || home > j)) || (i > j && home <= i && home > j) {
				break
			}
		}
		t.keys[i], t.vals[i] = t.keys[j], t.vals[j]
		i = j
	}
}
