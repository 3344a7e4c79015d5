package table

import (
	"errors"
	"fmt"
)

// ReplayTo rebuilds a table from its record as it stood after the game's turn turn (0: as dealt):
// its steps in order, stopping at the first move of a later turn. Turns are the game's, as players
// and record.TableAt count them, not the moves of the log (a turn may hold several).
func ReplayTo(steps []Step, turn int) (*Table, error) {
	var t *Table
	for i, s := range steps {
		for j, ev := range s.Events {
			if ev.Kind == KindMove && t != nil && t.Game != nil && t.Game.Turn > turn {
				return t, nil
			}
			var err error
			if t, _, err = Apply(t, s.By, ev); err != nil {
				return nil, fmt.Errorf("step %d, event %d (%s): %w", i+1, j+1, ev.Kind, err)
			}
		}
	}
	if t == nil {
		return nil, errors.New("an empty record")
	}
	return t, nil
}
