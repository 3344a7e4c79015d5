package bot

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"

// finished loads the last game that ended in a channel or thread, read-only: its entry is not
// kept, so an input that would change it has nothing to change (the table is over anyway).
func (b *Host) finished(place string) *gameEntry {
	rec, snap, ok, err := b.store.LastFinished(place)
	if err != nil {
		b.log.Error("could not look up the last game of a channel", "channel", place, "err", err)
		return nil
	}
	if !ok {
		return nil
	}
	t, err := table.Load(snap)
	if err != nil {
		b.log.Error("a finished game does not load; run bot verify", "game", rec.ID, "err", err)
		return nil
	}
	return &gameEntry{id: rec.ID, place: place, table: t, seq: rec.Seq}
}
