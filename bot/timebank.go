package bot

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// clockEvent is the clock event that ends a turn at a table with time banks (deadline:bank): the
// seat that moved keeps what was left of its bank when the turn ended (nothing, if its deadline
// passed), the vacations counting only as far as they ran, plus the table's increment. It is written into the step that ends the turn, so the
// record replays the banks exactly. t is the table after the step, e still holds the turn before.
func (b *Host) clockEvent(e *gameEntry, t *table.Table) (table.Event, bool) {
	old := e.table
	if t.Settings.Bank == 0 || old == nil || old.Status != table.Playing || t.Status != table.Playing ||
		t.Game.Turn <= old.Game.Turn || len(t.Banks) != len(t.Seats) {
		return table.Event{}, false
	}
	now := b.now()
	deadline := b.spentDeadline(e, now) // with the vacation time that stopped the clock so far
	if deadline.IsZero() {
		return table.Event{}, false // no clock ran (an AI seat's turn)
	}
	left := max(deadline.Sub(now), 0)
	return table.Clock(old.Game.Current, left+t.Settings.Increment), true
}
