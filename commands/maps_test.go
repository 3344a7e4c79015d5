package commands

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// TestEveryMapPlaysThroughTheCommandLayer plays 300 complete random games of every map players
// can choose through the command layer, as `bot play --auto` does, so that a new map is covered
// the day it is registered: all 300 with CARC_SOAK (.ci/run), a tenth in the README's test
// command, whose time they were most of (game/gametest.Games). (Each map's own package plays
// thousands more through the engine with game/gametest; at 2,000 games here the package no longer
// ran within go test's ten minutes on a busy 2-core machine once five maps were registered.)
// After every input: the engine's invariants (game/gametest: pieces
// conserved, chips included; scores never fall); every so often: nothing hidden reaches players
// (a twin of the table that differs only in what players must not know, the order of the stack
// and the face-down chips, shows exactly the same texts, choices, buttons and redacted state).
// At the end the record replays to the same table.
func TestEveryMapPlaysThroughTheCommandLayer(t *testing.T) {
	games := gametest.Games(300)
	for _, e := range variants.All(false) {
		t.Run(e.ID, func(t *testing.T) {
			t.Parallel()
			for i := range games {
				if err := autoGameChecked(e, 2+i%4, uint64(i)); err != nil {
					t.Fatalf("game %d (seed %d, %d players): %v", i, i, 2+i%4, err)
				}
			}
		})
	}
}

func autoGameChecked(e variants.Entry, players int, seed uint64) error {
	var start gametest.Pieces
	var scores []int
	inputs, twins := 0, 0
	var steps []table.Step
	observe := func(tbl *table.Table, in Input, r Reply) error {
		steps = append(steps, *r.Step)
		g := tbl.Game
		if g == nil {
			return nil
		}
		if inputs++; inputs == 1 {
			start = gametest.Count(g)
		}
		if err := gametest.Check(g, start, scores); err != nil {
			return fmt.Errorf("after %s: %w", in, err)
		}
		scores = scores[:0]
		for _, p := range g.Players {
			scores = append(scores, p.Score)
		}
		if inputs%40 == 0 && tbl.Status == table.Playing {
			differs, err := hiddenStaysHidden(tbl)
			if err != nil {
				return fmt.Errorf("after %s: %w", in, err)
			}
			if differs {
				twins++
			}
		}
		return nil
	}
	tbl, err := AutoGame(e.ID, players, seed, observe)
	if err != nil {
		return err
	}
	if tbl.Status != table.Finished {
		return fmt.Errorf("the game did not finish")
	}
	if twins == 0 {
		return fmt.Errorf("no twin with other hidden information was compared in %d inputs", inputs)
	}
	replayed, err := table.Replay(steps)
	if err != nil {
		return err
	}
	want, _ := tbl.Hash()
	if got, _ := replayed.Hash(); got != want {
		return fmt.Errorf("the record replays to another table")
	}
	return nil
}

// hiddenStaysHidden compares everything players can see of tbl with a twin whose stack order and
// face-down chips differ. It reports false when the twin hides nothing different (a stack of equal
// tiles and no face-down chip), where the check proves nothing.
func hiddenStaysHidden(tbl *table.Table) (bool, error) {
	twin := tbl.Clone()
	g := twin.Game
	slices.Reverse(g.Deck)
	for i := range g.MapChips {
		if c := &g.MapChips[i]; !c.FaceUp {
			c.Color = game.ChipColors()[(indexOf(game.ChipColors(), c.Color)+1)%3]
			c.Value = 3 - c.Value
		}
	}
	fa, _ := json.Marshal(StateOf(tbl, true))
	fb, _ := json.Marshal(StateOf(twin, true))
	if string(fa) == string(fb) {
		return false, nil
	}
	if a, b := publicOutputs(tbl), publicOutputs(twin); a != b {
		return true, fmt.Errorf("what players see depends on hidden information:\n%s\n---\n%s", a, b)
	}
	return true, nil
}
