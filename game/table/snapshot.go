package table

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
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

// Load restores a table from its snapshot. The engine's snapshot leaves out the Words of the
// maps' score reasons and of an open choice's prompt (game.ScoreEntry.Words): its bytes are the
// game's hash, which must not change with what is only presentation. A game that has either gets
// them again from a replay of its record (restoreWords), so that a player reads them in their
// language after a restart too.
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
		e, err := game.LookupMap(t.Setup.Map)
		if err != nil {
			return nil, fmt.Errorf("load table %s: %w", t.ID, err)
		}
		if t.Game, err = game.Restore(e.Map, e.Variant, s.Game); err != nil {
			return nil, fmt.Errorf("load table %s: %w", t.ID, err)
		}
		t.restoreWords(e)
	}
	return t, nil
}

// restoreWords gives the restored game's map score reasons and open choice the Words the
// snapshot left out, and its features' score entries their Parts (game.ScoreEntry.Part), from a
// replay of the table's record. Only a game that has such texts or may have such parts
// (game.Game.PartsLeftOut) is replayed, and it costs about what the restore itself does (the
// commit that brought it gives BenchmarkLoadAFinishedGame). A replay that does not end where the
// snapshot is (a record an operator changed by hand) leaves the texts in English: they are
// presentation, and the game stands as the snapshot says.
func (t *Table) restoreWords(e game.MapRules) {
	g := t.Game
	missing := g.TurnState.Choice != nil && g.TurnState.Choice.Words.IsZero()
	for _, l := range g.Log {
		missing = missing || (l.Text != "" && l.Words.IsZero())
	}
	missing = missing || g.PartsLeftOut()
	if !missing {
		return
	}
	moves := make([]game.Move, len(t.Moves))
	for i, m := range t.Moves {
		moves[i] = m.Move
	}
	r, err := game.Replay(e.Map, e.Variant, t.Setup, moves)
	if err != nil || len(r.Log) != len(g.Log) {
		return
	}
	for i := range g.Log {
		if g.Log[i].Text == r.Log[i].Text {
			g.Log[i].Words = r.Log[i].Words
		}
		if l, rl := g.Log[i], r.Log[i]; l.Kind == rl.Kind && l.From == rl.From && l.To == rl.To {
			g.Log[i].Part = rl.Part
		}
	}
	if c, rc := g.TurnState.Choice, r.TurnState.Choice; c != nil && rc != nil && c.Prompt == rc.Prompt {
		c.Words = rc.Words
	}
}
