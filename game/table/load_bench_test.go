package table_test

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// BenchmarkLoadAFinishedGame loads from its snapshot a whole game of four players on each map: what
// the bot does when a game it does not hold is asked for (a restart, another process's move, a
// web page).
func BenchmarkLoadAFinishedGame(b *testing.B) {
	for _, id := range []string{"classic", "france", "greatbritain", "benelux", "iberia", "taiwan"} {
		tb, err := commands.AutoGame(id, 4, 7, nil)
		if err != nil {
			b.Fatal(err)
		}
		snap, err := tb.Snapshot()
		if err != nil {
			b.Fatal(err)
		}
		b.Run(id, func(b *testing.B) {
			for b.Loop() {
				if _, err := table.Load(snap); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
