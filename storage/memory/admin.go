package memory

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// ErrNoEngine is BackupFile's answer from a store opened without the rules engine.
var ErrNoEngine = errors.New("a memory store backs up by copying every game through the rules engine (memory.Options.Engine), and this one has none")

// BackupFile writes a BoltDB file holding everything the store holds, which the bot opens like
// any database (storage.WriteCopy: every game copied as bot migrate copies it, replayed and
// checked, then the file renamed into place, fsynced). A store without Options.Engine refuses
// with ErrNoEngine.
func (s *Store) BackupFile(path string) error {
	if s.engine == nil {
		return fmt.Errorf("back up %s to %s: %w", s.name, path, ErrNoEngine)
	}
	if err := s.read(func() error { return nil }); err != nil {
		return fmt.Errorf("back up %s to %s: %w", s.name, path, err)
	}
	if err := storage.WriteCopy(s, s.name, path, s.engine); err != nil {
		return fmt.Errorf("back up %s to %s: %w", s.name, path, err)
	}
	return nil
}

// whole copies everything kept about a game at one moment.
func (s *Store) whole(id string) (rec storage.GameRecord, moves []storage.Move, snapshot []byte, timers []storage.Timer, err error) {
	err = s.read(func() error {
		g, err := s.lookup(id)
		if err == nil {
			rec, moves, snapshot, timers = must(g.rec), copyMoves(g.moves), bytes.Clone(g.snapshot), slices.Clone(g.timers)
		}
		return err
	})
	return rec, moves, snapshot, timers, err
}

// Export returns a game as an indented JSON storage.GameExport: the admin view, or the players'
// view (storage.EncodeExport).
func (s *Store) Export(id string, admin bool, e storage.Engine) ([]byte, error) {
	rec, moves, snapshot, timers, err := s.whole(id)
	if err != nil {
		return nil, fmt.Errorf("export game %s: %w", id, err)
	}
	out, err := storage.EncodeExport(rec, moves, snapshot, timers, admin, e)
	if err != nil {
		return nil, fmt.Errorf("export game %s: %w", id, err)
	}
	return out, nil
}

// Import stores a game from an admin export after replaying its log with e
// (storage.DecodeImport): storage.ErrExists for a taken id, storage.ErrChannelBusy for a live
// game whose place has one. Players' stats are not changed.
func (s *Store) Import(data []byte, e storage.Engine) (storage.GameRecord, error) {
	doc, err := storage.DecodeImport(data, e)
	if err != nil {
		return storage.GameRecord{}, err
	}
	rec := doc.Game
	err = s.write(func() error {
		g, err := s.newGame(rec, doc.Snapshot)
		if err != nil {
			return err
		}
		g.moves = copyMoves(doc.Moves)
		for _, m := range g.moves {
			g.ids[m.InteractionID] = m.Seq
		}
		if !rec.Status.Terminal() {
			g.timers = timerSet(rec.ID, rec.Seq, doc.Timers)
		}
		s.insert(g)
		return nil
	})
	if err != nil {
		return storage.GameRecord{}, fmt.Errorf("import game %s: %w", rec.ID, err)
	}
	return rec, nil
}

// Verify replays every game's log with e and compares it with the stored snapshot and hash; a
// snapshot that disagrees is rebuilt from the log, if the game has not moved on meanwhile, and
// reported (storage.VerifyLogs). Games set aside are listed, untouched.
func (s *Store) Verify(e storage.Engine) (storage.Report, error) {
	ids, err := s.GameIDs()
	if err != nil {
		return storage.Report{}, fmt.Errorf("verify: %w", err)
	}
	read := func(id string) (storage.GameRecord, []storage.Move, []byte, error) {
		rec, moves, snapshot, _, err := s.whole(id)
		return rec, moves, snapshot, err
	}
	rebuild := func(id string, seq uint64, snapshot []byte, hash string) error {
		return s.write(func() error {
			if g, ok := s.games[id]; ok && g.rec.Seq == seq {
				g.snapshot, g.rec.Hash = snapshot, hash
			}
			return nil
		})
	}
	return storage.VerifyLogs(e, ids, read, rebuild, s.log)
}
