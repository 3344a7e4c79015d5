package bot

import (
	"encoding/json"
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Engine is the rules engine as the store needs it: a game's setup is the /carc new entry of its
// record and its moves are the following entries.
type Engine struct{}

// Replay rebuilds a table from its record and returns its snapshot and hash.
func (Engine) Replay(setup []byte, moves []storage.Move) ([]byte, string, error) {
	entries := make([]commands.Entry, 0, len(moves)+1)
	var first commands.Entry
	if err := json.Unmarshal(setup, &first); err != nil {
		return nil, "", fmt.Errorf("setup: %w", err)
	}
	entries = append(entries, first)
	for _, m := range moves {
		var e commands.Entry
		if err := json.Unmarshal(m.Data, &e); err != nil {
			return nil, "", fmt.Errorf("move %d: %w", m.Seq, err)
		}
		entries = append(entries, e)
	}
	t, err := commands.Replay(entries)
	if err != nil {
		return nil, "", err
	}
	snap, err := t.Snapshot()
	if err != nil {
		return nil, "", err
	}
	hash, err := t.Hash()
	return snap, hash, err
}

// Redact is the players' view of a snapshot.
func (Engine) Redact(snapshot []byte) ([]byte, error) { return commands.PublicState(snapshot) }
