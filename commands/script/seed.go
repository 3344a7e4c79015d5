package script

import (
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// dealSeed gives a game just opened without a chosen seed (!seed, seed:) one from NewSeed, so that
// no two hot-seat games are dealt alike; it is the game's record's seed, and the player is told it
// so that a deal can be played again (!seed N before /carc new): what to tell is the note returned.
func (r *Runner) dealSeed(n int) (string, error) {
	if r.NewSeed == nil || r.Table == nil || r.Table.Settings.SeedSet {
		return "", nil
	}
	s := r.Table.Settings
	s.Seed = r.NewSeed()
	if err := r.change(table.ChangeSettings(s)); err != nil {
		return "", fmt.Errorf("line %d: the seed: %w", n, err)
	}
	return fmt.Sprintf("\n(Dealt from seed %d: !seed %d before /carc new deals this game again.)", s.Seed, s.Seed), nil
}
