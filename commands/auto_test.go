package commands

import (
	"fmt"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// BenchmarkAutocompleteMidGame answers autocomplete for the square, rotation and meeple options of
// a mid-game position on France (target <= 1 ms each).
func BenchmarkAutocompleteMidGame(b *testing.B) {
	tbl := midGame(b, "france", 60)
	g := tbl.Game
	user := tbl.Seats[g.Current]
	p := g.LegalPlacements(g.Drawn)[0]
	inputs := []struct {
		focused string
		opts    map[string]string
	}{
		{"square", map[string]string{"square": ""}},
		{"rotation", map[string]string{"square": p.Square.String(), "rotation": ""}},
		{"meeple", map[string]string{"square": p.Square.String(), "rotation": p.Rotation.String(), "meeple": ""}},
	}
	for _, in := range inputs {
		b.Run(in.focused, func(b *testing.B) {
			for b.Loop() {
				if len(Autocomplete(tbl, Input{User: user, Command: "place", Options: in.opts}, in.focused)) == 0 {
					b.Fatal("no choices")
				}
			}
		})
	}
}

// midGame is a 3-player position after n moves, at a tile placement.
func midGame(tb testing.TB, mapID string, n int) *table.Table {
	tb.Helper()
	t, err := Position(mapID, 3, 11, n)
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// TestTurnPanelFitsDiscordLimits opens the clickable turn panel at every placement of complete
// games: its square menu never exceeds Discord's 25 entries of at most 100 characters.
func TestTurnPanelFitsDiscordLimits(t *testing.T) {
	_, err := AutoGame("classic", 2, 3, func(tbl *table.Table, _ Input, _ Reply) error {
		if tbl.Game == nil || tbl.Status != table.Playing || tbl.Game.Phase != game.PhasePlace {
			return nil
		}
		r := HandleComponent(tbl, tbl.Seats[tbl.Game.Current], ComponentID(tbl, "play"), nil)
		if !r.OK || r.Select == nil || len(r.Select.Options) == 0 || len(r.Select.Options) > MaxChoices {
			return fmt.Errorf("turn %d: panel %v with %v", tbl.Game.Turn, r.OK, r.Select)
		}
		for _, o := range r.Select.Options {
			if len([]rune(o.Name)) > 100 {
				return fmt.Errorf("turn %d: a menu entry of %d characters", tbl.Game.Turn, len(o.Name))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPositionAtTheStart: a position of n <= 1 inputs is the first placement of the game, not a
// missing table.
func TestPositionAtTheStart(t *testing.T) {
	for _, n := range []int{-1, 0, 1} {
		tbl, err := Position("france", 2, 1, n)
		if err != nil || tbl == nil || tbl.Game == nil || tbl.Game.Turn != 1 || tbl.Game.Phase != game.PhasePlace {
			t.Fatalf("Position(n=%d) = %v, %v", n, tbl, err)
		}
	}
}
