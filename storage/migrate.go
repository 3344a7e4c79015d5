package storage

import (
	"encoding/binary"
	"fmt"
	"log/slog"

	bolt "go.etcd.io/bbolt"
)

// migration moves the schema from the previous version to version. apply runs in one write
// transaction together with the update of the schema key, so a crash during start-up leaves the
// file at one version or the next, never in between. A migration too large for one transaction
// does its work first in before, in transactions of its own that a crash may interrupt: before
// must then leave the file valid at the old version after each of them and be able to run again,
// picking up where it stopped.
type migration struct {
	version int
	name    string
	before  func(db *bolt.DB, env migrationEnv) error
	apply   func(tx *bolt.Tx) error
}

// migrationEnv is what a migration may need besides the file: the rules engine (Options.Engine)
// and the log.
type migrationEnv struct {
	path   string
	engine Engine
	log    *slog.Logger
}

// migrations is the schema history, oldest first. Version 0 is an empty file. Append new versions,
// never edit a released one: it is what turned real files into the next version, and
// TestSchemaV1Fixture opens a file written by version 1.
var migrations = []migration{
	{version: 1, name: "create the buckets", apply: createV1},
	{version: 2, name: "create the league and rating buckets", apply: createV2},
	{version: 3, name: "keep each game's record as engine moves and table events", before: upgradeRecords, apply: noChange},
	{version: 4, name: "create the bucket of the announcements still to make", apply: createV4},
	{version: 5, name: "create the bucket of the games set aside", apply: createV5},
}

// SchemaVersion is the schema version this bot writes.
var SchemaVersion = migrations[len(migrations)-1].version

// createV5 creates the bucket of the games set aside (aside.go), which the upgrade of schema 3
// creates first when it sets a game aside.
func createV5(tx *bolt.Tx) error {
	_, err := tx.CreateBucketIfNotExists(bucketAside)
	return err
}

// noChange is the apply of a migration whose work is all in before.
func noChange(*bolt.Tx) error { return nil }

// createV1 creates the buckets of schema 1. It names them literally rather than through the
// current bucket list, because later versions may add buckets of their own.
func createV1(tx *bolt.Tx) error {
	for _, name := range []string{"meta", "games", "active", "channels", "finished", "archive", "timers", "players"} {
		if _, err := tx.CreateBucket([]byte(name)); err != nil {
			return fmt.Errorf("create bucket %s: %w", name, err)
		}
	}
	return nil
}

// requiredBuckets are the top-level buckets of the current schema (see checkBuckets).
var requiredBuckets = [][]byte{bucketMeta, bucketGames, bucketActive, bucketChannels, bucketFinished,
	bucketArchive, bucketTimers, bucketPlayers}

// readVersion returns the schema version of the file, 0 for a file the bot never wrote to.
func readVersion(tx *bolt.Tx) (int, error) {
	meta := tx.Bucket(bucketMeta)
	if meta == nil {
		empty := true
		_ = tx.ForEach(func([]byte, *bolt.Bucket) error { empty = false; return nil })
		if !empty {
			return 0, fmt.Errorf("%w: the file is a bbolt database of another program (no %q bucket)", ErrCorrupt, bucketMeta)
		}
		return 0, nil
	}
	v := meta.Get(keySchema)
	if len(v) != 8 {
		return 0, fmt.Errorf("%w: the schema version key is missing or malformed", ErrCorrupt)
	}
	return int(binary.BigEndian.Uint64(v)), nil
}

// migrate brings the file to the newest version of list, writing a backup copy next to the file
// before it changes a schema that already holds data.
func migrate(db *bolt.DB, list []migration, env migrationEnv) error {
	path, log := env.path, env.log
	current := list[len(list)-1].version
	var have int
	if err := db.View(func(tx *bolt.Tx) (err error) { have, err = readVersion(tx); return err }); err != nil {
		return fmt.Errorf("database %s: %w", path, err)
	}
	switch {
	case have > current:
		return fmt.Errorf("%w: database %s has schema version %d but this bot knows only up to %d; upgrade the bot",
			ErrSchema, path, have, current)
	case have < current && db.IsReadOnly():
		return &dbError{ErrReadOnly, fmt.Sprintf("database %s has schema version %d and needs migrating to %d, which a read-only open cannot do: "+
			"start the bot on it once, or run bot verify --db %s, which upgrade it in place after a backup copy (%s.schema-v%d.bak)",
			path, have, current, path, path, have), nil}
	case have == current:
		return nil
	}
	if have > 0 {
		backup := fmt.Sprintf("%s.schema-v%d.bak", path, have)
		if err := writeBackupFile(db, backup); err != nil {
			return fmt.Errorf("back up database %s before migrating it: %w", path, explain(backup, err))
		}
		log.Info("backed up the database before migrating it", "path", path, "backup", backup, "schema", have)
	}
	for _, m := range list {
		if m.version <= have {
			continue
		}
		if m.before != nil {
			if err := m.before(db, env); err != nil {
				return fmt.Errorf("migrate database %s to schema %d (%s): %w", path, m.version, m.name, explain(path, err))
			}
		}
		err := db.Update(func(tx *bolt.Tx) error {
			if err := m.apply(tx); err != nil {
				return err
			}
			return tx.Bucket(bucketMeta).Put(keySchema, binary.BigEndian.AppendUint64(nil, uint64(m.version)))
		})
		if err != nil {
			return fmt.Errorf("migrate database %s to schema %d (%s): %w", path, m.version, m.name, explain(path, err))
		}
		if have > 0 {
			log.Info("migrated the database", "path", path, "schema", m.version, "step", m.name)
		}
	}
	if have == 0 {
		// A new file goes through every step, which are news only to a database that had data.
		log.Info("created the database", "path", path, "schema", current)
	}
	return nil
}
