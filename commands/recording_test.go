package commands

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// recording keeps the steps of a table's accepted changes, as the store does, so that a test can
// check that the record replays to the table played.
type recording struct {
	t     *testing.T
	steps []table.Step
}

// keep wants the reply accepted and keeps its step; it returns the table after it.
func (rec *recording) keep(r Reply) *table.Table {
	rec.t.Helper()
	if !r.OK {
		rec.t.Fatalf("refused: %s", r.Text)
	}
	if r.Step != nil {
		rec.steps = append(rec.steps, *r.Step)
	}
	return r.Table
}

// replaysTo checks that the record replays to want.
func (rec *recording) replaysTo(want *table.Table) {
	rec.t.Helper()
	got, err := table.Replay(rec.steps)
	if err != nil {
		rec.t.Fatalf("the record does not replay: %v", err)
	}
	a, _ := got.Hash()
	b, _ := want.Hash()
	if a != b {
		rec.t.Fatal("the record replays to another table")
	}
}
