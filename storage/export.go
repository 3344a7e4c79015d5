package storage

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	bolt "go.etcd.io/bbolt"
)

// ExportFormat names the document Export writes, so Import can refuse anything else.
const ExportFormat = "carcassonne-maps-bot/game"

// exportVersion is the version of the export document; Import reads this version and older.
// Version 2 holds the game's record as schema 3 keeps it (engine moves and table events); an
// export of version 1 holds the older record, which Import upgrades (Engine.Upgrade).
const exportVersion = 2

// Views of an export.
const (
	ViewAdmin   = "admin"   // everything: setup (seed), full state, interaction ids, timers
	ViewPlayers = "players" // what players may see: no setup, redacted state, no hash
)

// GameExport is the JSON document of one game.
type GameExport struct {
	Format   string          `json:"format"`
	Version  int             `json:"version"`
	View     string          `json:"view"`
	Game     GameRecord      `json:"game"`
	Moves    []Move          `json:"moves"`
	Snapshot json.RawMessage `json:"snapshot"`
	Timers   []Timer         `json:"timers,omitempty"`
}

// Export returns a game (live or archived) as an indented JSON GameExport. The admin view holds
// everything Import needs. The players' view holds nothing hidden: the setup (whose seed gives
// the tile order) and the hash are left out, the snapshot is e.Redact's, and the moves lose their
// interaction ids.
func (s *Store) Export(id string, admin bool, e Engine) ([]byte, error) {
	var d gameData
	var timers []Timer
	err := s.view(func(tx *bolt.Tx) (err error) {
		if d, err = readGame(tx, id, true, true); err != nil {
			return err
		}
		if g := tx.Bucket(bucketGames).Bucket([]byte(id)); g != nil {
			st, err := getState(g)
			timers = st.timers
			return err
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("export game %s: %w", id, err)
	}
	out, err := EncodeExport(d.Record, d.Moves, d.Snapshot, timers, admin, e)
	if err != nil {
		return nil, fmt.Errorf("export game %s: %w", id, err)
	}
	return out, nil
}

// EncodeExport writes a game as an indented JSON GameExport: the admin view, or the players'
// view (see Export).
func EncodeExport(rec GameRecord, moves []Move, snapshot []byte, timers []Timer, admin bool, e Engine) ([]byte, error) {
	doc := GameExport{Format: ExportFormat, Version: exportVersion, View: ViewAdmin,
		Game: rec, Moves: moves, Snapshot: snapshot, Timers: timers}
	if !admin && rec.Aside != nil {
		// Its snapshot is in a format this bot cannot read, so it cannot say what is hidden in it.
		return nil, invalidf("game %s is set aside (%s): only its admin export (bot export --admin) holds it, untouched", rec.ID, rec.Aside.Reason)
	}
	if !admin {
		redacted, err := e.Redact(snapshot)
		if err != nil {
			return nil, fmt.Errorf("redact the snapshot: %w", err)
		}
		doc.View, doc.Snapshot, doc.Timers = ViewPlayers, redacted, nil
		doc.Game.Setup, doc.Game.Hash = nil, ""
		doc.Moves = slices.Clone(moves)
		for i := range doc.Moves {
			doc.Moves[i].InteractionID = ""
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // keep the engine's documents byte for byte
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Import stores a game from an admin export, under its own id, after replaying its log with e and
// checking that it gives the exported snapshot and hash. An active game becomes the active game of
// its channel (ErrChannelBusy if that channel has another); a finished one enters the finished
// index. Players' stats are not changed. It refuses players' views, other formats, an id already
// in use (ErrExists) and a log that does not replay to its snapshot (ErrInvalid).
func (s *Store) Import(data []byte, e Engine) (GameRecord, error) {
	doc, err := DecodeImport(data, e)
	if err != nil {
		return GameRecord{}, err
	}
	rec := doc.Game

	unlock := s.locks.lock(rec.ID)
	defer unlock()
	err = s.update(func(tx *bolt.Tx) error {
		g, err := createGame(tx, rec, doc.Snapshot)
		if err != nil {
			return err
		}
		if rec.Aside != nil {
			if err := putAside(tx, rec.ID, *rec.Aside, true); err != nil {
				return err
			}
		}
		log, ids := g.Bucket(bucketLog), g.Bucket(bucketIDs)
		log.FillPercent = logFillPercent
		for _, m := range doc.Moves {
			entry, err := encodeEntry(m)
			if err != nil {
				return err
			}
			if err := log.Put(seqKey(m.Seq), entry); err != nil {
				return err
			}
			if err := ids.Put([]byte(m.InteractionID), seqKey(m.Seq)); err != nil {
				return err
			}
		}
		if rec.Status.Terminal() {
			return tx.Bucket(bucketFinished).Put(timeKey(rec.Finished, rec.ID), []byte(rec.Status))
		}
		st, err := getState(g)
		if err != nil {
			return err
		}
		if err := replaceTimers(tx, &st, rec.ID, doc.Timers); err != nil {
			return err
		}
		return putState(g, st)
	})
	if err != nil {
		return GameRecord{}, fmt.Errorf("import game %s: %w", rec.ID, err)
	}
	return rec, nil
}

// DecodeImport reads an admin export for Import: it checks the document, upgrades an older
// record and replays the log with e, which must give the exported snapshot and hash. A game set
// aside is taken as it is, untouched: neither upgraded nor replayed.
func DecodeImport(data []byte, e Engine) (GameExport, error) {
	var doc GameExport
	if err := json.Unmarshal(data, &doc); err != nil {
		return doc, fmt.Errorf("import game: %w", invalidf("not a JSON game export: %v", err))
	}
	if err := checkImport(&doc); err != nil {
		return doc, fmt.Errorf("import game %s: %w", doc.Game.ID, err)
	}
	if a := doc.Game.Aside; a != nil {
		if err := CheckAside(a); err != nil {
			return doc, fmt.Errorf("import game %s: %w", doc.Game.ID, err)
		}
		return doc, nil
	}
	if e.Legacy(doc.Game.Setup) {
		if err := upgradeExport(&doc, e); err != nil {
			return doc, fmt.Errorf("import game %s: %w", doc.Game.ID, err)
		}
	}
	rec := doc.Game
	snapshot, hash, err := replay(e, gameData{Record: rec, Moves: doc.Moves})
	if err != nil {
		return doc, fmt.Errorf("import game %s: %w", rec.ID, invalidf("the log does not replay: %v", err))
	}
	if hash != rec.Hash || !bytes.Equal(snapshot, doc.Snapshot) {
		return doc, fmt.Errorf("import game %s: %w", rec.ID,
			invalidf("the log replays to hash %s but the export says %s", hash, rec.Hash))
	}
	return doc, nil
}

// upgradeExport turns the older record of an export into today's: the old record must replay to
// the exported state, and the new one then does too (Import checks it).
func upgradeExport(doc *GameExport, e Engine) error {
	up, err := e.Upgrade(doc.Game.Setup, doc.Moves)
	if err != nil {
		return invalidf("the old record does not upgrade: %v", err)
	}
	if len(up.Moves) != len(doc.Moves) {
		return invalidf("the upgrade made %d moves of %d", len(up.Moves), len(doc.Moves))
	}
	if up.Hash != doc.Game.Hash || !bytes.Equal(up.Snapshot, doc.Snapshot) {
		return invalidf("the old record replays to hash %s but the export says %s", up.Hash, doc.Game.Hash)
	}
	doc.Game.Setup = up.Setup
	for i := range doc.Moves {
		doc.Moves[i].Data = up.Moves[i]
	}
	return nil
}

// checkImport validates an export for Import and compacts its JSON documents, which Export
// indented, back to the engine's bytes.
func checkImport(doc *GameExport) error {
	switch {
	case doc.Format != ExportFormat:
		return invalidf("format is %q, not %q", doc.Format, ExportFormat)
	case doc.Version < 1 || doc.Version > exportVersion:
		return invalidf("export version %d is not supported (this bot reads up to %d)", doc.Version, exportVersion)
	case doc.View != ViewAdmin:
		return invalidf("a %q view cannot be imported: only an admin export holds the setup and the hidden state", doc.View)
	}
	rec := &doc.Game
	for _, raw := range []*json.RawMessage{&rec.Setup, &rec.Options, &doc.Snapshot} {
		if err := compactJSON(raw); err != nil {
			return err
		}
	}
	if err := checkNewGame(rec, doc.Snapshot, rec.Hash); err != nil {
		return err
	}
	if rec.Seq != uint64(len(doc.Moves)) {
		return invalidf("the game says %d moves but the export holds %d", rec.Seq, len(doc.Moves))
	}
	if rec.Status.Terminal() && rec.Finished.IsZero() {
		return invalidf("the game is %s but has no finish time", rec.Status)
	}
	if rec.Created.IsZero() {
		rec.Created = time.Now().UTC()
	}
	seen := make(map[string]bool, len(doc.Moves))
	for i := range doc.Moves {
		m := &doc.Moves[i]
		if m.Seq != uint64(i+1) {
			return invalidf("move %d has position %d", i+1, m.Seq)
		}
		if err := checkID("interaction id", m.InteractionID); err != nil {
			return fmt.Errorf("move %d: %w", m.Seq, err)
		}
		if seen[m.InteractionID] {
			return invalidf("move %d repeats interaction %s", m.Seq, m.InteractionID)
		}
		seen[m.InteractionID] = true
		if err := compactJSON(&m.Data); err != nil {
			return fmt.Errorf("move %d: %w", m.Seq, err)
		}
	}
	return checkTimers(doc.Timers)
}

// compactJSON removes the indentation Export added to an embedded document.
func compactJSON(raw *json.RawMessage) error {
	if len(*raw) == 0 {
		return nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, *raw); err != nil {
		return invalidf("embedded document is not JSON: %v", err)
	}
	*raw = buf.Bytes()
	return nil
}
