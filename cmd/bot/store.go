package main

import (
	"log/slog"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/bot"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage/postgres"
)

// dbHelp is the help of --db, for every command that opens the database.
const dbHelp = "the database: a BoltDB file (default), or a PostgreSQL URL postgres://user:password@host:5432/dbname for several bot processes on one database"

// openStore opens the database --db names: PostgreSQL for a postgres:// URL, else the bbolt file.
// lockWait bounds the wait for a bbolt file held by a running bot (0: the default).
func openStore(db string, log *slog.Logger, readOnly bool, lockWait time.Duration) (storage.Database, func() error, error) {
	return openStoreFor(db, log, storeOpening{readOnly: readOnly, lockWait: lockWait})
}

// storeOpening is how a command opens a database.
type storeOpening struct {
	readOnly bool
	lockWait time.Duration
	// copying opens the database bot migrate copies into, which may be its unfinished copy.
	copying bool
}

func openStoreFor(db string, log *slog.Logger, o storeOpening) (storage.Database, func() error, error) {
	if postgres.IsURL(db) {
		s, err := postgres.Open(db, postgres.Options{Logger: log, ReadOnly: o.readOnly, Copying: o.copying})
		if err != nil {
			return nil, nil, err
		}
		return s, s.Close, nil
	}
	s, err := storage.Open(db, storage.Options{Logger: log, Engine: bot.Engine{}, ReadOnly: o.readOnly, LockTimeout: o.lockWait, Copying: o.copying})
	if err != nil {
		return nil, nil, err
	}
	return s, s.Close, nil
}
