package commands

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// Entry is one accepted input in a table's record: a command, a click, or a move the bot made when
// a deadline passed. Replaying the record through the command layer rebuilds the table exactly,
// so the record is all the store must keep; a snapshot only makes loading faster.
type Entry struct {
	// Input is a command (for /carc new its seed is always filled in).
	Input *Input `json:"input,omitempty"`
	// Click is a button or select.
	Click *Click `json:"click,omitempty"`
	// Timeout is the deadline policy applied to the current player: skip or auto.
	Timeout string `json:"timeout,omitempty"`
}

// Click is a component interaction.
type Click struct {
	User   User     `json:"user"`
	ID     string   `json:"id"`
	Values []string `json:"values,omitempty"`
}

// Apply runs an entry against the table (nil before /carc new) and returns the reply.
func Apply(t *Table, e Entry) Reply {
	switch {
	case e.Input != nil:
		return Handle(t, *e.Input)
	case e.Click != nil:
		return HandleComponent(t, e.Click.User, e.Click.ID, e.Click.Values)
	case e.Timeout != "":
		return Timeout(t, e.Timeout)
	}
	return fail(t, "An empty record entry.")
}

// Timeout applies the deadline policy to the current player: skip the turn (the tile goes back into
// the stack) or play the simplest legal move for them (first legal placement, no meeple).
func Timeout(t *Table, policy string) Reply {
	if t == nil || t.Status != Playing {
		return fail(t, "No game is running.")
	}
	c := t.clone()
	seat := c.Game.Current
	var moves []game.Move
	switch policy {
	case PolicySkip:
		moves = []game.Move{{Kind: game.MoveSkip, Player: seat}}
	case PolicyAuto:
		m := c.Game.SimplestMove()
		moves = []game.Move{m}
		if m.Kind == game.MovePlace {
			moves = append(moves, game.Move{Kind: game.MoveMeeple, Player: seat, Spot: "none"})
		}
	default:
		return fail(t, "Unknown deadline policy %q.", policy)
	}
	events, err := c.play("bot", moves...)
	if err != nil {
		return fail(t, "%s", errorText(err))
	}
	c.Missed[seat]++
	lead := fmt.Sprintf("%s let the turn deadline pass (%d missed).", c.Seats[seat].Name, c.Missed[seat])
	if policy == PolicyAuto {
		lead = fmt.Sprintf("%s let the turn deadline pass (%d missed): the simplest legal move was played.", c.Seats[seat].Name, c.Missed[seat])
	}
	if c.Missed[seat] >= c.Settings.MissedLimit {
		lead += fmt.Sprintf(" After %d missed turns the creator or a channel admin may remove them with /carc kick.", c.Missed[seat])
	}
	var played []game.Move
	for _, l := range c.Moves[len(t.Moves):] {
		played = append(played, l.Move)
	}
	return afterMoves(c, events, played, lead)
}

// Replay rebuilds a table from its record: the first entry is its /carc new.
func Replay(entries []Entry) (*Table, error) {
	var t *Table
	for i, e := range entries {
		r := Apply(t, e)
		if !r.OK || !r.Changed {
			return nil, fmt.Errorf("record entry %d does not replay: %s", i+1, r.Text)
		}
		t = r.Table
	}
	if t == nil {
		return nil, fmt.Errorf("an empty record")
	}
	return t, nil
}

// tableSnapshot is the saved form of a table: the table and the engine's exact snapshot.
type tableSnapshot struct {
	Table     *Table          `json:"table"`
	Overrides game.Setup      `json:"overrides"`
	Game      json.RawMessage `json:"game,omitempty"`
}

// Snapshot encodes the table with everything hidden (for the store; never shown to players).
func (t *Table) Snapshot() ([]byte, error) {
	s := tableSnapshot{Table: t, Overrides: t.overrides}
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

// LoadTable restores a table from its snapshot without replaying its record.
func LoadTable(data []byte) (*Table, error) {
	var s tableSnapshot
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

// PublicState is the redacted state of a snapshot, as players may see it.
func PublicState(snapshot []byte) ([]byte, error) {
	t, err := LoadTable(snapshot)
	if err != nil {
		return nil, err
	}
	return json.Marshal(StateOf(t, false))
}
