package table

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// snapshot is the saved form of a table: the table and the engine's exact snapshot.
type snapshot struct {
	Table     *Table          `json:"table"`
	Overrides game.Setup      `json:"overrides"`
	Game      json.RawMessage `json:"game,omitempty"`
}

// Snapshot encodes the table with everything hidden (for the store; never shown to players).
func (t *Table) Snapshot() ([]byte, error) {
	s := snapshot{Table: t, Overrides: t.overrides}
	if t.Game != nil {
		g, err := t.Game.Snapshot()
		if err != nil {
			return nil, err
		}
		s.Game = g
	}
	return json.Marshal(s)
}

// Hash is the SHA-256 of the snapshot: equal hashes, equal tables.
func (t *Table) Hash() (string, error) {
	b, err := t.Snapshot()
	if err != nil {
		return "", err
	}
	return SnapshotHash(b), nil
}

// SnapshotHash is the hash of a table snapshot, for callers that already hold the snapshot.
func SnapshotHash(snapshot []byte) string {
	sum := sha256.Sum256(snapshot)
	return hex.EncodeToString(sum[:])
}

// Load restores a table from its snapshot without replaying its record.
func Load(data []byte) (*Table, error) {
	var s snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("load table: %w", err)
	}
	if s.Table == nil {
		return nil, fmt.Errorf("load table: no table in the snapshot")
	}
	t := s.Table
	t.overrides = s.Overrides
	if len(s.Game) > 0 {
		e, err := variants.Lookup(t.Setup.Map)
		if err != nil {
			return nil, fmt.Errorf("load table %s: %w", t.ID, err)
		}
		if t.Game, err = game.Restore(e.Map, e.Variant, s.Game); err != nil {
			return nil, fmt.Errorf("load table %s: %w", t.ID, err)
		}
	}
	return t, nil
}
