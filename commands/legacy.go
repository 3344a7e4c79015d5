package commands

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Until the record of a table became its steps (schema 3 of the store, record version 2), the bot
// kept the inputs that made a game: the commands typed, the buttons clicked, and the moves it made
// itself when a deadline passed or an AI played. Such a record is read only to upgrade it: its
// entries are run once more through the command layer, which writes the steps they make, and from
// then on the steps are the record. An entry is history, not a request: it was accepted, so it is
// replayed with the authority it was accepted under (Input.Accepted), whatever today's rules say
// of who may skip, remove or abandon; only the engine's own rules are checked again, since a move
// they never allowed is a damaged record, not history. These are the only commands the bot still parses from a store
// or a file: if the command grammar changes, the upgrade must keep reading the old one (the fixture
// of bot/discord/testdata/records-v1 checks it).

// LegacyEntry is one entry of a record written before steps: a command, a click, or a change the
// bot made on its own.
type LegacyEntry struct {
	// Input is a command (for /carc new its secret key or seed is filled in).
	Input *Input `json:"input,omitempty"`
	// Click is a button or select.
	Click *LegacyClick `json:"click,omitempty"`
	// Timeout is the deadline policy applied to the current player: skip or auto.
	Timeout string `json:"timeout,omitempty"`
	// Played are the moves the autopilot made for a Timeout of policy auto, or the AI for an AI
	// turn; records of timeouts stored before they were kept replay with the simplest legal moves,
	// which the autopilot played then.
	Played []game.Move `json:"played,omitempty"`
	// AI marks the turn of an AI seat.
	AI bool `json:"ai,omitempty"`
	// League marks the table as a game of a league.
	League *table.LeagueGame `json:"league,omitempty"`
	// Unattended is the end of a table no person plays at any more.
	Unattended bool `json:"unattended,omitempty"`
	// Expired is the close of a lobby nobody changed for this long.
	Expired time.Duration `json:"expired,omitempty"`
}

// LegacyClick is a button or select of a legacy record.
type LegacyClick struct {
	User   table.User `json:"user"`
	ID     string     `json:"id"`
	Values []string   `json:"values,omitempty"`
}

// ErrLegacy reports a legacy record that does not upgrade: an entry its table refuses.
var ErrLegacy = errors.New("the old record does not upgrade")

// UpgradeLegacy turns a legacy record (its entries, as JSON, the first one its /carc new) into the
// steps of a record of today, and returns the table they make. Every entry must be accepted as it
// was when it was stored.
func UpgradeLegacy(entries []json.RawMessage) ([]table.Step, *table.Table, error) {
	var t *table.Table
	steps := make([]table.Step, 0, len(entries))
	for i, raw := range entries {
		var e LegacyEntry
		if err := json.Unmarshal(raw, &e); err != nil {
			return nil, nil, fmt.Errorf("%w: entry %d: %w", ErrLegacy, i+1, err)
		}
		r := applyLegacy(t, e)
		if !r.OK || !r.Changed || r.Step == nil {
			return nil, nil, fmt.Errorf("%w: entry %d (%s) is refused: %s", ErrLegacy, i+1, e.describe(), r.Text)
		}
		steps = append(steps, *r.Step)
		t = r.Table
	}
	if t == nil {
		return nil, nil, fmt.Errorf("%w: an empty record", ErrLegacy)
	}
	return steps, t, nil
}

// IsLegacy tells whether a stored step is an entry of a legacy record (it has no events).
func IsLegacy(raw json.RawMessage) bool {
	var probe struct {
		Events json.RawMessage `json:"events"`
	}
	return json.Unmarshal(raw, &probe) == nil && probe.Events == nil
}

// applyLegacy runs a legacy entry against the table (nil before /carc new).
func applyLegacy(t *table.Table, e LegacyEntry) Reply {
	switch {
	case e.Input != nil:
		in := *e.Input
		in.Accepted = true
		if cmd := CommandOf(in.Sub); in.Command == "carc" && cmd != "" {
			in.Command = cmd // /carc draw is /turn draw now, /carc kick /table kick
		}
		r := Handle(t, in)
		if r.Step != nil {
			r.Step.Input = e.Input.String() // the record's reader reads what was typed then
		}
		return r
	case e.Click != nil:
		return replayComponent(t, Input{User: e.Click.User, Accepted: true}, e.Click.ID, e.Click.Values)
	case e.AI:
		if _, ok := t.AIToPlay(); !ok || len(e.Played) == 0 {
			return failIn(t, tablePrinter(t), "legacy_ai_no_turn", nil)
		}
		seat := t.Game.Current
		x := table.Begin(t, t.Seats[seat].ID)
		if err := playRecorded(x, seat, e.Played, false); err != nil {
			return failIn(t, tablePrinter(t), "legacy_ai_no_replay", lang.A{"Why": err})
		}
		p := tablePrinter(x.Table)
		return spoken(p, afterMoves(p, x, p.T("ai_played", lang.A{"Player": lang.Name(t.Seats[seat].Name)})))
	case e.Timeout != "":
		return timeout(t, e.Timeout, "", func(x *table.Tx, seat int) error {
			if e.Timeout == table.PolicySkip {
				return x.Do(table.Move(game.Move{Kind: game.MoveSkip, Player: seat}))
			}
			return playRecorded(x, seat, e.Played, true)
		})
	case e.League != nil:
		return MarkLeague(t, *e.League)
	case e.Unattended:
		return EndUnattended(t, "")
	case e.Expired > 0:
		return ExpireLobby(t, e.Expired, "")
	}
	return failIn(t, tablePrinter(t), "legacy_empty_entry", nil)
}

// playRecorded plays the moves a legacy record kept for seat's turn, which must finish it; a
// timeout stored before its moves were kept (simplest) finishes it with the simplest legal moves,
// which the autopilot played then.
func playRecorded(x *table.Tx, seat int, played []game.Move, simplest bool) error {
	g := x.Table.Game
	turn := g.Turn
	for _, m := range played {
		if err := x.Do(table.Move(m)); err != nil {
			return err
		}
	}
	for !g.Over() && g.Current == seat && g.Turn == turn {
		if len(played) > 0 || !simplest {
			return refusal("legacy_turn_unfinished", nil)
		}
		if err := x.Do(table.Move(g.SimplestMove())); err != nil {
			return err
		}
	}
	return nil
}

// describe names a legacy entry for an error message.
func (e LegacyEntry) describe() string {
	switch {
	case e.Input != nil:
		return game.Echo(e.Input.String())
	case e.Click != nil:
		return "a click on " + game.Echo(e.Click.ID)
	case e.AI:
		return "an AI turn"
	case e.Timeout != "":
		return "a deadline, policy " + game.Echo(e.Timeout)
	case e.League != nil:
		return "a league mark"
	case e.Unattended:
		return "the end of a table without players"
	case e.Expired > 0:
		return "the expiry of a lobby"
	}
	return "an empty entry"
}
