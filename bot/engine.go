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

// Save stores a table's record in the store entry by entry, exactly as the bot commits it: the
// first entry (its /carc new) creates the game, each next one is a move with its snapshot.
func Save(store *storage.Store, id, channel string, entries []commands.Entry) error {
	var t *commands.Table
	for i, e := range entries {
		r := commands.Apply(t, e)
		if !r.OK {
			return fmt.Errorf("save game %s: entry %d is refused: %s", id, i+1, r.Text)
		}
		t = r.Table
		enc, err := encode(t, e)
		if err != nil {
			return err
		}
		if i == 0 {
			err = store.CreateGame(storage.GameRecord{ID: id, ChannelID: channel, Setup: enc.entry, Players: seatIDs(t), Status: status(t)}, enc.snap, enc.hash)
		} else {
			_, err = store.AppendMove(storage.Commit{GameID: id, ExpectSeq: uint64(i - 1), Snapshot: enc.snap, Hash: enc.hash, Status: status(t),
				Players: seatIDs(t), Move: storage.Move{Actor: "save", Data: enc.entry, InteractionID: fmt.Sprintf("%s-%d", id, i)}})
		}
		if err != nil {
			return fmt.Errorf("save game %s: %w", id, err)
		}
	}
	return nil
}

// encoded is what the store keeps of one accepted entry: the entry, and the table's snapshot and
// hash after it.
type encoded struct {
	entry, snap []byte
	hash        string
}

func encode(t *commands.Table, e commands.Entry) (encoded, error) {
	entry, err := json.Marshal(e)
	if err != nil {
		return encoded{}, err
	}
	snap, err := t.Snapshot()
	if err != nil {
		return encoded{}, err
	}
	return encoded{entry, snap, commands.SnapshotHash(snap)}, nil
}
