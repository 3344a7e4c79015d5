package commands

import (
	"bytes"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestRecordReplaysToTheSameTable records the steps of complete games (lobby included) and checks
// that replaying the record, and loading the last snapshot, both give the same table.
func TestRecordReplaysToTheSameTable(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		var steps []table.Step
		var snaps [][]byte
		final, err := AutoGame([]string{"france", "classic", "synthetic"}[seed%3], 2+int(seed%3), seed, func(tbl *table.Table, _ Input, r Reply) error {
			steps = append(steps, *r.Step)
			if seed%5 == 0 {
				s, err := tbl.Snapshot()
				snaps = append(snaps, s)
				return err
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		want, err := final.Hash()
		if err != nil {
			t.Fatal(err)
		}
		replayed, err := table.Replay(steps)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		replayed.Local = true
		if got, _ := replayed.Hash(); got != want {
			t.Fatalf("seed %d: the replayed table differs from the played one", seed)
		}
		last, _ := final.Snapshot()
		loaded, err := table.Load(last)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if again, _ := loaded.Snapshot(); !bytes.Equal(again, last) {
			t.Fatalf("seed %d: a loaded table saves differently", seed)
		}
		for i, s := range snaps {
			tbl, err := table.Load(s)
			if err != nil {
				t.Fatalf("seed %d snapshot %d: %v", seed, i, err)
			}
			if again, _ := tbl.Snapshot(); !bytes.Equal(again, s) {
				t.Fatalf("seed %d snapshot %d: a loaded table saves differently", seed, i)
			}
		}
	}
}

// TestTimeoutPolicies: a missed deadline skips the turn (the tile goes back into the stack) or
// lets the autopilot play it (the easy AI's move, the same again on a replay), and counts the miss.
func TestTimeoutPolicies(t *testing.T) {
	for _, policy := range []string{table.PolicySkip, table.PolicyAuto} {
		tbl := midGame(t, "france", 20)
		before := tbl.Game.Clone()
		seat := tbl.Game.Current
		r := Timeout(tbl, policy)
		if !r.OK {
			t.Fatalf("%s: %s", policy, r.Text)
		}
		after := r.Table
		if after.Missed[seat] != 1 || after.Game.Current == seat {
			t.Fatalf("%s: missed %v, current %d", policy, after.Missed, after.Game.Current)
		}
		switch policy {
		case table.PolicySkip:
			if after.Game.TilesLeft() != before.TilesLeft() || len(after.Game.Placed()) != len(before.Placed()) {
				t.Fatalf("skip placed a tile or lost one: %d/%d tiles left", after.Game.TilesLeft(), before.TilesLeft())
			}
		case table.PolicyAuto:
			want, err := ai.Choose(before, AutopilotLevel, AutopilotSeed(before))
			if err != nil {
				t.Fatal(err)
			}
			if placed, ok := after.Game.TileOn(want.Square); !ok || placed.Rotation != want.Rotation || placed.Turn != before.Turn {
				t.Fatalf("auto did not play the easy AI's placement %s %s°", want.Square, want.Rotation)
			}
			if again := Timeout(tbl, policy); again.Table.Game.Hash() != after.Game.Hash() {
				t.Fatal("the autopilot plays otherwise the second time")
			}
		}
		// The step holds what the policy played: a replay plays it again without the autopilot.
		if again, _, err := replayStep(tbl, r.Step); err != nil || again.Game.Hash() != after.Game.Hash() {
			t.Fatalf("%s: the step does not replay to the same game: %v", policy, err)
		}
	}
}

// replayStep applies a recorded step to a table, as a replay of its record does.
func replayStep(t *table.Table, s *table.Step) (*table.Table, []game.Event, error) {
	c := t.Clone()
	var out []game.Event
	for _, ev := range s.Events {
		var events []game.Event
		var err error
		if c, events, err = table.Apply(c, s.By, ev); err != nil {
			return nil, nil, err
		}
		out = append(out, events...)
	}
	return c, out, nil
}
