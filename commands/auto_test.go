package commands

import (
	"fmt"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TestFranceAutoGamesKeepTheChipInvariants plays 2,000 complete random games of France through the
// command layer (as bot play --auto does) and checks after every input: the 30 chips are conserved
// (on the map + in hands + out of the game), no face-down chip's colour or value shows in the
// redacted view, scores never decrease; at the end the game replays to the same state.
func TestFranceAutoGamesKeepTheChipInvariants(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 100
	}
	for i := range games {
		var prev []int
		inputs := 0
		observe := func(tbl *Table, in Input, r Reply) error {
			inputs++
			g := tbl.Game
			if g == nil {
				return nil
			}
			chips := len(g.MapChips) + len(g.ChipsOut)
			for _, p := range g.Players {
				chips += len(p.Chips)
			}
			if chips != 30 {
				return fmt.Errorf("after %s: %d chips in the game, want 30", in, chips)
			}
			for _, c := range g.View(false).MapChips {
				if !c.FaceUp && (c.Color != "" || c.Value != 0) {
					return fmt.Errorf("after %s: the face-down chip on %s shows %s", in, c.Square, c.Chip)
				}
			}
			// The state JSON is built from the same view; checking it now and then keeps the test fast.
			if inputs%20 == 0 {
				for _, c := range StateOf(tbl, false).MapChips {
					if c.Face == "down" && (c.Color != "" || c.Value != 0) {
						return fmt.Errorf("after %s: the redacted state shows the face-down chip on %s", in, c.Square)
					}
				}
			}
			for p, pl := range g.Players {
				if prev != nil && pl.Score < prev[p] {
					return fmt.Errorf("after %s: %s's score fell from %d to %d", in, pl.Name, prev[p], pl.Score)
				}
			}
			prev = prev[:0]
			for _, pl := range g.Players {
				prev = append(prev, pl.Score)
			}
			return nil
		}
		tbl, err := AutoGame("france", 2+i%4, uint64(i), observe)
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if tbl.Status != Finished {
			t.Fatalf("game %d did not finish", i)
		}
		want := tbl.Game.Hash()
		if err := tbl.Rebuild(); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if tbl.Game.Hash() != want {
			t.Fatalf("game %d: replaying the log gives another state", i)
		}
	}
}

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
func midGame(tb testing.TB, mapID string, n int) *Table {
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
	_, err := AutoGame("classic", 2, 3, func(tbl *Table, _ Input, _ Reply) error {
		if tbl.Game == nil || tbl.Status != Playing || tbl.Game.Phase != game.PhasePlace {
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
