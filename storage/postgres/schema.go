package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/storage"
)

// migrations are the schema's history: migrations[i] takes a database from version i to i+1.
// Never edit one that has shipped; add the next.
var migrations = []string{
	`CREATE TABLE games (
		id          text PRIMARY KEY,
		record      json NOT NULL,
		status      text NOT NULL,
		place       text NOT NULL,
		active      boolean NOT NULL,
		guild       text NOT NULL DEFAULT '',
		seq         bigint NOT NULL,
		hash        text NOT NULL,
		updated_ns  bigint NOT NULL,
		finished_ns bigint,
		snapshot    bytea NOT NULL
	);
	CREATE UNIQUE INDEX games_active_place ON games (place) WHERE active;
	CREATE INDEX games_finished ON games (place, finished_ns) WHERE NOT active;
	CREATE TABLE moves (
		game_id        text NOT NULL REFERENCES games (id),
		seq            bigint NOT NULL,
		actor          text NOT NULL,
		data           json NOT NULL,
		at_ns          bigint NOT NULL,
		interaction_id text NOT NULL,
		PRIMARY KEY (game_id, seq),
		UNIQUE (game_id, interaction_id)
	);
	CREATE TABLE timers (
		game_id        text NOT NULL REFERENCES games (id),
		kind           text NOT NULL,
		user_id        text NOT NULL,
		at_ns          bigint NOT NULL,
		seq            bigint NOT NULL,
		lease_until_ns bigint NOT NULL DEFAULT 0,
		PRIMARY KEY (game_id, kind, user_id, at_ns)
	);
	CREATE INDEX timers_due ON timers (at_ns);
	CREATE TABLE players (
		user_id  text PRIMARY KEY,
		settings jsonb NOT NULL DEFAULT '{}',
		stats    jsonb NOT NULL DEFAULT '{}'
	);
	CREATE TABLE leagues (
		id    text PRIMARY KEY,
		guild text NOT NULL,
		doc   jsonb NOT NULL
	);
	CREATE INDEX leagues_guild ON leagues (guild);
	CREATE TABLE seasons (
		league_id text NOT NULL,
		number    integer NOT NULL,
		doc       jsonb NOT NULL,
		PRIMARY KEY (league_id, number)
	);
	CREATE TABLE ratings (
		guild   text NOT NULL,
		pool    text NOT NULL,
		user_id text NOT NULL,
		rating  jsonb NOT NULL,
		PRIMARY KEY (guild, pool, user_id)
	);
	CREATE TABLE rated (
		guild   text NOT NULL,
		at_ns   bigint NOT NULL,
		game_id text NOT NULL,
		doc     jsonb NOT NULL,
		PRIMARY KEY (guild, at_ns, game_id)
	);`,
	`CREATE TABLE web_secret (
		only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
		secret   bytea NOT NULL
	);
	CREATE TABLE web_links (
		id         text PRIMARY KEY,
		generation bigint NOT NULL
	);
	CREATE TABLE guilds (
		guild_id text PRIMARY KEY,
		settings jsonb NOT NULL
	);`,
	`CREATE TABLE announcements (
		game_id    text NOT NULL,
		seq        bigint NOT NULL,
		channel    text NOT NULL,
		message    json NOT NULL,
		app_id     text NOT NULL,
		token      text NOT NULL,
		token_ns   bigint NOT NULL,
		created_ns bigint NOT NULL,
		owner      bigint NOT NULL,
		PRIMARY KEY (game_id, seq)
	);`,
	// A game's latest announcement lives in its own row, which its move updates anyway: no row
	// and no index entry of its own. The table above keeps the others (one a later move found
	// not said yet, one being claimed). ann_pending alone is indexed, so a move that replaces a
	// pending announcement with the next one leaves every index alone (a HOT update).
	`ALTER TABLE games
		ADD COLUMN ann_pending    boolean NOT NULL DEFAULT false,
		ADD COLUMN ann_seq        bigint NOT NULL DEFAULT 0,
		ADD COLUMN ann_channel    text,
		ADD COLUMN ann_message    json,
		ADD COLUMN ann_app_id     text,
		ADD COLUMN ann_token      text,
		ADD COLUMN ann_token_ns   bigint,
		ADD COLUMN ann_created_ns bigint,
		ADD COLUMN ann_owner      bigint;
	CREATE INDEX games_announce ON games (id) WHERE ann_pending;`,
	// The mark of a copy bot migrate has not finished (storage.CopyMark): one row while it runs.
	// A game set aside (storage.Aside) keeps its mark in its record and says so in a column, which
	// the due timers' query reads without parsing records (json's operators fail on a record
	// holding U+0000).
	`CREATE TABLE copy_mark (
		only_row   boolean PRIMARY KEY DEFAULT true CHECK (only_row),
		source     text NOT NULL,
		started_ns bigint NOT NULL
	);
	ALTER TABLE games ADD COLUMN aside boolean NOT NULL DEFAULT false;`,
	// The interactions some process took, with their first answer (interactions.go), and the
	// beats of the processes alive (liveness.go).
	`CREATE TABLE interactions (
		id     text PRIMARY KEY,
		at_ns  bigint NOT NULL,
		done   boolean NOT NULL DEFAULT false,
		answer text NOT NULL DEFAULT ''
	);
	CREATE INDEX interactions_at ON interactions (at_ns);
	CREATE TABLE owners (
		owner   bigint PRIMARY KEY,
		seen_ns bigint NOT NULL,
		gone    boolean NOT NULL DEFAULT false
	);`,
}

// SchemaVersion is the version of the schema this bot writes.
var SchemaVersion = len(migrations)

// schemaLock is the advisory lock that serialises migrations: processes starting together wait
// for the first to finish migrating instead of racing it.
const schemaLock = 0x63617263 // "carc"

// migrate brings the database to SchemaVersion, refusing one from a newer bot (storage.ErrSchema).
func (s *Store) migrate(ctx context.Context, list []string) error {
	return s.tx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, schemaLock); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS carc_schema (version integer NOT NULL)`); err != nil {
			return err
		}
		var version int
		err := tx.QueryRow(ctx, `SELECT version FROM carc_schema`).Scan(&version)
		if errors.Is(err, pgx.ErrNoRows) {
			if _, err := tx.Exec(ctx, `INSERT INTO carc_schema VALUES (0)`); err != nil {
				return err
			}
		} else if err != nil {
			return err
		}
		if version > len(list) {
			return fmt.Errorf("%w: database %s has schema version %d but this bot knows up to %d; run the newer bot that wrote it, or restore a backup",
				storage.ErrSchema, s.name, version, len(list))
		}
		for v := version; v < len(list); v++ {
			if _, err := tx.Exec(ctx, list[v]); err != nil {
				return fmt.Errorf("migrate schema %d to %d: %w", v, v+1, err)
			}
			s.log.Info("migrated the PostgreSQL schema", "database", s.name, "from", v, "to", v+1)
		}
		_, err = tx.Exec(ctx, `UPDATE carc_schema SET version = $1`, len(list))
		return err
	})
}
