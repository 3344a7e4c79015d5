package commands

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

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
	// Played are the moves the autopilot made for a Timeout of policy auto. A replay plays them
	// again rather than asking the autopilot, whose choice may change from one version of the bot
	// to the next; records stored before they were kept replay with the simplest legal moves,
	// which the autopilot played then.
	Played []game.Move `json:"played,omitempty"`
	// AI marks the turn of an AI seat; Played holds its moves.
	AI bool `json:"ai,omitempty"`
	// League marks the table as a game of a league: the bot adds it when it opens a fixture.
	League *LeagueGame `json:"league,omitempty"`
	// Unattended is the end of a table no person plays at any more (EndUnattended).
	Unattended bool `json:"unattended,omitempty"`
	// Expired is the close of a lobby nobody changed for this long (ExpireLobby).
	Expired time.Duration `json:"expired,omitempty"`
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
	case e.AI:
		level, ok := t.AIToPlay()
		if !ok || len(e.Played) == 0 {
			return fail(t, "A record entry of an AI turn where no AI player is to play, or without its moves.")
		}
		return aiTurn(t, level, e.Played)
	case e.Timeout != "":
		return timeout(t, e.Timeout, e.Played, true)
	case e.League != nil:
		return markLeague(t, *e.League)
	case e.Unattended:
		return EndUnattended(t)
	case e.Expired > 0:
		return ExpireLobby(t, e.Expired)
	}
	return fail(t, "An empty record entry.")
}

// Timeout applies the deadline policy to the current player: skip the turn as it stands (an
// unplaced tile goes back into the stack, an open choice takes its default), or let the autopilot
// (the easy AI, AutopilotLevel) play for them until the turn passes.
func Timeout(t *Table, policy string) Reply { return timeout(t, policy, nil, false) }

// timeout applies a deadline policy. For policy auto, the moves a record kept (played) are played
// again; a record from before they were kept (replay without played) gets the simplest legal
// moves, which the autopilot played then.
func timeout(t *Table, policy string, played []game.Move, replay bool) Reply {
	if t == nil || t.Status != Playing {
		return fail(t, "No game is running.")
	}
	c := t.clone()
	g := c.Game
	seat, turn := g.Current, g.Turn
	var events []game.Event
	switch policy {
	case PolicySkip:
		ev, err := c.play("bot", game.Move{Kind: game.MoveSkip, Player: seat})
		if err != nil {
			return fail(t, "%s", errorText(err))
		}
		events = ev
	case PolicyAuto:
		for _, m := range played {
			ev, err := c.play("bot", m)
			if err != nil {
				return fail(t, "The autopilot's recorded move does not replay: %s", errorText(err))
			}
			events = append(events, ev...)
		}
		for !g.Over() && g.Current == seat && g.Turn == turn {
			if len(played) > 0 {
				return fail(t, "The autopilot's recorded moves do not finish the turn.")
			}
			var ev []game.Event
			var err error
			if replay {
				ev, err = c.play("bot", g.SimplestMove())
			} else {
				ev, err = autopilot(c, AutopilotLevel, "bot")
			}
			if err != nil {
				return fail(t, "%s", errorText(err))
			}
			events = append(events, ev...)
		}
	default:
		return fail(t, "Unknown deadline policy %q.", policy)
	}
	c.Missed[seat]++
	missed := plural(c.Missed[seat], "missed turn", "missed turns")
	lead := fmt.Sprintf("%s let the turn deadline pass (%s).", c.Seats[seat].Name, missed)
	if policy == PolicyAuto {
		lead = fmt.Sprintf("%s let the turn deadline pass (%s): the autopilot played the turn.", c.Seats[seat].Name, missed)
	}
	if c.Missed[seat] >= c.Settings.MissedLimit {
		lead += fmt.Sprintf(" After %s %s may remove them with /carc kick.", missed, removers(c))
	}
	var made []game.Move
	for _, l := range c.Moves[len(t.Moves):] {
		made = append(made, l.Move)
	}
	return afterMoves(c, events, made, lead)
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
