package bot

import (
	"encoding/json"
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/league"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// Engine is the rules engine as the store needs it: a game's record is its steps (the first, which
// creates the table, is the game's setup; each next one a move of the log), and its snapshot the
// table's.
type Engine struct{}

// Replay rebuilds a table from its steps and returns its snapshot and hash.
func (Engine) Replay(setup []byte, moves []storage.Move) ([]byte, string, error) {
	steps, err := DecodeRecord(setup, moves)
	if err != nil {
		return nil, "", err
	}
	t, err := table.Replay(steps)
	if err != nil {
		return nil, "", err
	}
	snap, err := t.Snapshot()
	if err != nil {
		return nil, "", err
	}
	return snap, table.SnapshotHash(snap), nil
}

// Redact is the players' view of a snapshot.
func (Engine) Redact(snapshot []byte) ([]byte, error) { return commands.PublicState(snapshot) }

// Legacy tells whether a game's setup is an entry of the record kept before steps.
func (Engine) Legacy(setup []byte) bool { return commands.IsLegacy(setup) }

// Upgrade turns a record kept before steps (its entries) into steps, as the command layer makes
// them from the same entries.
func (Engine) Upgrade(setup []byte, moves []storage.Move) (storage.Upgraded, error) {
	entries := make([]json.RawMessage, 0, len(moves)+1)
	entries = append(entries, setup)
	for _, m := range moves {
		entries = append(entries, m.Data)
	}
	steps, t, err := commands.UpgradeLegacy(entries)
	if err != nil {
		return storage.Upgraded{}, err
	}
	var up storage.Upgraded
	for i, s := range steps {
		data, err := json.Marshal(s)
		if err != nil {
			return storage.Upgraded{}, err
		}
		if i == 0 {
			up.Setup = data
		} else {
			up.Moves = append(up.Moves, data)
		}
	}
	if up.Snapshot, err = t.Snapshot(); err != nil {
		return storage.Upgraded{}, err
	}
	up.Hash = table.SnapshotHash(up.Snapshot)
	return up, nil
}

// DecodeRecord reads a game's record as the store keeps it: the steps of its setup and of its moves.
func DecodeRecord(setup []byte, moves []storage.Move) ([]table.Step, error) {
	steps := make([]table.Step, 0, len(moves)+1)
	var first table.Step
	if err := json.Unmarshal(setup, &first); err != nil {
		return nil, fmt.Errorf("setup: %w", err)
	}
	steps = append(steps, first)
	for _, m := range moves {
		var s table.Step
		if err := json.Unmarshal(m.Data, &s); err != nil {
			return nil, fmt.Errorf("move %d: %w", m.Seq, err)
		}
		steps = append(steps, s)
	}
	return steps, nil
}

// Save stores a table's record in the store step by step, exactly as the bot commits it: the
// first step (its creation) creates the game, each next one is a move with its snapshot.
func Save(store storage.Games, id, channel string, steps []table.Step) error {
	var t *table.Table
	for i, s := range steps {
		for _, ev := range s.Events {
			var err error
			if t, _, err = table.Apply(t, s.By, ev); err != nil {
				return fmt.Errorf("save game %s: step %d is refused: %w", id, i+1, err)
			}
		}
		c, err := StepCommit(t, s)
		if err != nil {
			return err
		}
		if i == 0 {
			err = store.CreateGame(storage.GameRecord{ID: id, ChannelID: channel, Setup: c.Move.Data, Players: c.Players, Status: c.Status}, c.Snapshot, c.Hash)
		} else {
			c.GameID, c.ExpectSeq, c.Move.InteractionID = id, uint64(i-1), fmt.Sprintf("%s-%d", id, i)
			_, err = store.AppendMove(c)
		}
		if err != nil {
			return fmt.Errorf("save game %s: %w", id, err)
		}
	}
	return nil
}

// StepCommit is a step of a game's record as the store commits it: the step as the move's data,
// by the step's actor, and the table after it, t: its snapshot, hash, status and seats. The caller
// names the game and the position the commit expects (and its timers, announcement, result).
// The first step of a record is its setup (storage.GameRecord.Setup), with the same snapshot.
func StepCommit(t *table.Table, s table.Step) (storage.Commit, error) {
	enc, err := encode(t, s)
	if err != nil {
		return storage.Commit{}, err
	}
	return storage.Commit{Snapshot: enc.snap, Hash: enc.hash, Status: status(t), Players: seatIDs(t), Move: storage.Move{Actor: s.By, Data: enc.step}}, nil
}

// Outcome is what the end of a league's game made of it, read from its snapshot as the bot
// computed it when the game ended (commands.OutcomeOf): how bot import rates a league's games. A
// game from before league games carried their league's mark is the league's, with its policy.
func (Engine) Outcome(snapshot []byte, policy league.Policy) (league.Outcome, error) {
	t, err := table.Load(snapshot)
	if err != nil {
		return league.Outcome{}, err
	}
	if t.Game == nil {
		return league.Outcome{}, fmt.Errorf("the game never started")
	}
	if t.League == nil {
		t.League = &table.LeagueGame{Policy: policy}
	}
	return commands.OutcomeOf(t)
}
