package local

import (
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Open opens a game made elsewhere at the table's place, to play on (a record's, for what-if
// analysis): the host stores it step by step as the game it was, then runs it like any other,
// and its AI seats play at once.
func (t *Table) Open(steps []table.Step) error {
	var replies []commands.Reply
	var tb *table.Table
	for i, s := range steps {
		for _, ev := range s.Events {
			var err error
			if tb, _, err = table.Apply(tb, s.By, ev); err != nil {
				return fmt.Errorf("step %d: %w", i+1, err)
			}
		}
		replies = append(replies, commands.Reply{OK: true, Changed: true, Table: tb, Step: &steps[i], Image: commands.BoardImage})
	}
	if tb == nil {
		return fmt.Errorf("an empty record")
	}
	rec := storage.GameRecord{ID: tb.ID, ChannelID: t.place, Guild: Guild}
	if err := t.Host.OpenGame(rec, replies, bot.Message{}); err != nil {
		return err
	}
	t.opened = tb.ID // told by whoever opened it
	if err := t.print(0, t.said(), nil); err != nil {
		return err
	}
	return t.playAIs(0)
}
