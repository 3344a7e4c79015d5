package table_test

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestAGameAdjudicatedAtItsDeadlineIsFinishedByItsRecord: the round's deadline ends a running
// game by a step of its record, which a replay and its snapshot keep: the table is finished,
// placed by the league's rule, and nothing changes it any more.
func TestAGameAdjudicatedAtItsDeadlineIsFinishedByItsRecord(t *testing.T) {
	tbl := running(t)
	first := table.Step{By: ann.ID, Events: []table.Event{table.Create("t1", "c1", ann, settings(t), true)}}
	steps := []table.Step{first, {By: bob.ID, Events: []table.Event{table.Join(bob)}}, {By: ann.ID, Events: []table.Event{table.Start(nil)}}}
	x := table.Begin(tbl, "bot")
	if err := x.Do(table.Adjudicate(league.PolicyForfeit)); err != nil {
		t.Fatal(err)
	}
	end := x.Table
	if end.Status != table.Finished || end.Adjudicated != league.PolicyForfeit || end.Game.Over() {
		t.Fatalf("adjudicated: status %s, rule %q, game over %v", end.Status, end.Adjudicated, end.Game.Over())
	}
	replayed, _ := replayedFromJSON(t, append(steps, x.Step))
	snap, err := replayed.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := table.Load(snap)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := loaded.Hash()
	b, _ := end.Hash()
	if a != b || loaded.Adjudicated != league.PolicyForfeit {
		t.Fatalf("the record and its snapshot give another table: %+v", loaded)
	}
	for _, ev := range []table.Event{table.Adjudicate(league.PolicyScoreStands), table.Abandon(""), table.Move(place(tbl))} {
		if _, _, err := table.Apply(end, "bot", ev); err == nil {
			t.Errorf("a %s event after the adjudication was taken", ev.Kind)
		}
	}
	if _, _, err := table.Apply(running(t), "bot", table.Event{Kind: table.KindAdjudicate}); err == nil {
		t.Error("an adjudicate event without the league's rule was taken")
	}
}
