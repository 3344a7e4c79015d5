package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"
)

// ErrNeedsEngine reports a file with games whose records need the rules engine to upgrade, opened
// without one (Options.Engine).
var ErrNeedsEngine = errors.New("the games' records must be upgraded by the bot")

// upgradeRecords is the work of schema 3: every game's record, live or archived, kept as the
// inputs that made it, becomes its record of engine moves and table events (Engine.Upgrade). Each
// game is upgraded in a transaction of its own, and a game already upgraded is left alone, so a
// crash part way leaves a file at schema 2 that the next start finishes. A game that does not
// upgrade (its old record does not decode, the engine refuses a step of it, or its new record does
// not replay to the state its old one made) is set aside, whole and untouched (aside.go), and the
// migration goes on with the others: one bad game never stops the bot. A stored snapshot that
// disagrees with the old record (the log is the truth) is rebuilt, as Verify does, and logged.
func upgradeRecords(db *bolt.DB, env migrationEnv) error {
	var live, archived []string
	err := db.View(func(tx *bolt.Tx) error {
		if err := tx.Bucket(bucketGames).ForEachBucket(func(id []byte) error {
			live = append(live, string(id))
			return nil
		}); err != nil {
			return err
		}
		return tx.Bucket(bucketArchive).ForEach(func(id, _ []byte) error {
			archived = append(archived, string(id))
			return nil
		})
	})
	if err != nil {
		return err
	}
	if len(live)+len(archived) > 0 && env.engine == nil {
		return fmt.Errorf("%w: database %s holds %d games; open it with the bot, which upgrades them (a backup is made first)",
			ErrNeedsEngine, env.path, len(live)+len(archived))
	}
	upgraded, aside := 0, 0
	for i, id := range append(live, archived...) {
		upgrade := upgradeLive
		if i >= len(live) {
			upgrade = upgradeArchived
		}
		done, err := upgrade(db, env, id)
		var bad *badRecord
		switch {
		case errors.As(err, &bad):
			if err := db.Update(func(tx *bolt.Tx) error {
				return putAside(tx, id, Aside{Reason: "its record does not upgrade: " + bad.Error(), At: time.Now().UTC()}, false)
			}); err != nil {
				return fmt.Errorf("game %s: set it aside: %w", id, err)
			}
			env.log.Warn("a game whose record does not upgrade was set aside, untouched; the others go on", "path", env.path, "game", id, "err", bad.err)
			aside++
		case err != nil:
			return fmt.Errorf("game %s: %w", id, err)
		case done:
			upgraded++
		}
	}
	env.log.Info("upgraded the games' records to engine moves and table events", "path", env.path, "games", upgraded, "set_aside", aside)
	return nil
}

// badRecord is a game's own failure to upgrade, which sets it aside, as against a failure of the
// file, which stops the migration.
type badRecord struct{ err error }

func (b *badRecord) Error() string { return b.err.Error() }
func (b *badRecord) Unwrap() error { return b.err }

// upgradeLive upgrades the record of a game that is not archived; false if it needed nothing.
func upgradeLive(db *bolt.DB, env migrationEnv, id string) (bool, error) {
	done := false
	err := db.Update(func(tx *bolt.Tx) error {
		if a, err := asideOf(tx, id); err != nil || a != nil {
			return err
		}
		g := tx.Bucket(bucketGames).Bucket([]byte(id))
		rec, st, err := loadGame(g)
		if err != nil {
			return &badRecord{err}
		}
		if !env.engine.Legacy(rec.Setup) {
			return nil
		}
		moves, err := readLog(g)
		if err != nil {
			return &badRecord{err}
		}
		setup, data, snapshot, hash, err := upgradeGame(env, rec, moves, st.snapshot, st.hash)
		if err != nil {
			return &badRecord{err}
		}
		rec.Setup, rec.Hash = setup, hash
		if err := storeRecord(g, rec); err != nil {
			return err
		}
		log := g.Bucket(bucketLog)
		log.FillPercent = logFillPercent
		for i, m := range moves {
			m.Data = data[i]
			entry, err := encodeEntry(m)
			if err != nil {
				return err
			}
			if err := log.Put(seqKey(m.Seq), entry); err != nil {
				return err
			}
		}
		st.snapshot, st.hash = snapshot, hash
		done = true
		return putState(g, st)
	})
	return done, err
}

// upgradeArchived upgrades the record of an archived game; false if it needed nothing.
func upgradeArchived(db *bolt.DB, env migrationEnv, id string) (bool, error) {
	done := false
	err := db.Update(func(tx *bolt.Tx) error {
		if a, err := asideOf(tx, id); err != nil || a != nil {
			return err
		}
		archive := tx.Bucket(bucketArchive)
		d, err := decodeArchive(archive.Get([]byte(id)))
		if err != nil {
			return &badRecord{err}
		}
		if !env.engine.Legacy(d.Record.Setup) {
			return nil
		}
		setup, data, snapshot, hash, err := upgradeGame(env, d.Record, d.Moves, d.Snapshot, d.Record.Hash)
		if err != nil {
			return &badRecord{err}
		}
		d.Record.Setup, d.Record.Hash, d.Snapshot = setup, hash, snapshot
		for i := range d.Moves {
			d.Moves[i].Data = data[i]
		}
		blob, err := encodeArchive(d)
		if err != nil {
			return err
		}
		done = true
		return archive.Put([]byte(id), blob)
	})
	return done, err
}

// upgradeGame upgrades one game's record and checks that the new record replays to the state the
// old one made. It returns the new setup and moves' data, and the snapshot and hash to keep.
func upgradeGame(env migrationEnv, rec GameRecord, moves []Move, stored []byte, storedHash string) (json.RawMessage, []json.RawMessage, []byte, string, error) {
	up, err := safeUpgrade(env.engine, rec.Setup, moves)
	if err != nil {
		return nil, nil, nil, "", err
	}
	if len(up.Moves) != len(moves) {
		return nil, nil, nil, "", fmt.Errorf("%w: the upgrade made %d moves of %d", ErrCorrupt, len(up.Moves), len(moves))
	}
	if err := checkJSON("upgraded setup", up.Setup); err != nil {
		return nil, nil, nil, "", err
	}
	again := make([]Move, len(moves))
	data := make([]json.RawMessage, len(moves))
	for i, m := range moves {
		if err := checkJSON("upgraded move", up.Moves[i]); err != nil {
			return nil, nil, nil, "", err
		}
		m.Data, data[i] = up.Moves[i], up.Moves[i]
		again[i] = m
	}
	snapshot, hash, err := replay(env.engine, gameData{Record: GameRecord{Setup: up.Setup}, Moves: again})
	if err != nil {
		return nil, nil, nil, "", fmt.Errorf("the upgraded record does not replay: %w", err)
	}
	if hash != up.Hash || !bytes.Equal(snapshot, up.Snapshot) {
		return nil, nil, nil, "", fmt.Errorf("the upgraded record replays to hash %s, the old one to %s", hash, up.Hash)
	}
	if hash != storedHash || !bytes.Equal(snapshot, stored) {
		env.log.Warn("a game's stored snapshot disagreed with its log: rebuilt from the log while upgrading it",
			"path", env.path, "game", rec.ID, "stored", storedHash, "replayed", hash)
	}
	return up.Setup, data, snapshot, hash, nil
}

// safeUpgrade runs the engine's upgrade of a record; a panic of the engine on a bad record is a
// failure to upgrade it.
func safeUpgrade(e Engine, setup []byte, moves []Move) (up Upgraded, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engine panicked: %v", r)
		}
	}()
	return e.Upgrade(setup, moves)
}
