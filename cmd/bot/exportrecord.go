package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/record"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// exportRecord prints a stored game's record as /carc export attaches it: complete once the game
// is over (or at a local table, where everyone may see everything), else what every player has
// seen.
func exportRecord(db, id string, out io.Writer) error {
	stored, err := storedRecord(db, id)
	if err != nil {
		return err
	}
	t, err := table.Replay(stepsOf(stored))
	if err != nil {
		return fmt.Errorf("game %s: %w", id, err)
	}
	doc, err := record.Of(t, stored)
	if err != nil {
		return fmt.Errorf("game %s: %w", id, err)
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "%s\n", data)
	return err
}

// stepsOf are the steps of a stored record.
func stepsOf(stored []record.Stored) []table.Step {
	steps := make([]table.Step, len(stored))
	for i, s := range stored {
		steps[i] = s.Step
	}
	return steps
}
