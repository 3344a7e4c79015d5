// Package postgres is the bot's store on PostgreSQL (through pgx): the same data, rules and
// guarantees as the bbolt file of package storage, for a bot that runs as several processes on
// one database (gateway shards, HTTP replicas). It returns the storage package's types and
// sentinel errors, so the bot cannot tell the two apart.
//
// # Schema (version 6)
//
//	carc_schema   one row: the schema version; Open creates and migrates it (schema.go)
//	games         one row per game: the record as json (kept byte for byte, as the engine
//	              wrote its setup), and in columns
//	              what every move changes (seq, hash, status, time of the last move, snapshot),
//	              its place and whether it is active (a partial unique index keeps one active
//	              game per channel or thread) and its finish time
//	moves         (game, seq) -> actor, move (json, byte for byte), time, interaction id;
//	              unique (game, interaction id) makes a retried interaction a no-op
//	timers        (game, kind, user, at) -> seq, lease: the timer set of each live game
//	players       user id -> settings and stats, two JSONB documents
//	leagues       league id -> guild, league.League as JSONB
//	seasons       (league, number) -> league.Season as JSONB
//	ratings       (guild, pool, user) -> league.Rating as JSONB
//	rated         (guild, time, game) -> league.RatedGame as JSONB
//	announcements (game, seq) -> channel, message, interaction token, time, owner: what must
//	              still be said about a committed move (schema 3; announce.go), but for a
//	              game's latest one, which its game's row holds in its ann_ columns (schema 4):
//	              the move's UPDATE writes it, so it costs no row and no index entry of its own
//	copy_mark     (schema 5) one row while bot migrate copies into the database and has not
//	              finished: its source; Open refuses the database meanwhile (storage.CopyMark)
//	interactions  id -> time, done, answer: the Discord interactions some process took and
//	              their first answer (schema 6; interactions.go), kept for storage.HandledFor
//	owners        owner id -> seen (Unix ns), gone: each writing process's beat (schema 6;
//	              liveness.go)
//
// A game set aside (storage.Aside) keeps its mark in its record, which every change of the game
// reads under its row lock. Documents hold no U+0000, which JSONB refuses: the bot refuses it where
// it is typed, and bot migrate carries an old one over as U+FFFD (Store.Keep).
//
// Documents are JSONB so that a field added to a Go type (settings, leagues) is kept without a
// migration. Times that name a timer or a move are kept in Unix nanoseconds: PostgreSQL's
// timestamps keep microseconds, and a timer's id (storage.Timer.ID) holds nanoseconds.
//
// # Transactions and many processes
//
//   - One move is one transaction, committed (WAL flushed, with the server's default
//     synchronous_commit) before AppendMove returns.
//   - A game is changed by one process at a time through a row lock: every write to a game
//     starts with SELECT ... FOR UPDATE on its row. The lock is held for one short transaction;
//     the caller's Commit.ExpectSeq is then checked against the locked row, so a process whose
//     copy of the game is stale gets storage.ErrConflict and reloads, and a retried interaction
//     finds its id in moves. A version check alone (UPDATE ... WHERE seq = expected) would do
//     the same for the game row, but a game's end also changes players, ratings and seasons in
//     the same transaction, and the row lock makes the order of those writes the order of the
//     moves without retrying whole transactions.
//   - Rows shared by games (players, ratings, seasons) are locked in a fixed order (sorted ids)
//     so two games ending at once never deadlock; a transaction the server still aborts
//     (deadlock, serialization failure) is retried.
//   - Timers: DueTimers claims the due timers with FOR UPDATE SKIP LOCKED and gives each a lease
//     (Options.TimerLease): no other process gets a timer while its lease runs, and one whose
//     process died is handed out again when the lease ends.
//   - Liveness: each writing process holds a session advisory lock on its owner id and writes a
//     beat in owners every second, on a connection of its own. A lost session (the server
//     restarted, the connection was cut) is noticed at the next beat and the lock taken again
//     under the same id; a process whose lock is missing counts as alive while it had less than
//     OwnerGrace to take it again (seen lately, or not seen since a server start less than
//     OwnerGrace ago), so no process is declared dead by a lock that vanished with the server.
//   - Announcements: a move's transaction stores its announcement under the owner id of its
//     process in the game's row; the announcement the row held before is overwritten if this
//     process said it, else moved
//     to the announcements table. ClaimAnnouncements takes those whose owner is not alive (it
//     died, or stopped) or that waited past storage.AnnounceGrace: it moves them from their
//     rows to the table, then claims each with FOR UPDATE SKIP LOCKED and deletes it in the
//     transaction that claimed it once it was said. The process that said its own move only
//     records it (Announced): every storage.ClearEvery it takes the announcements of all the
//     moves it said meanwhile off their rows and out of the table in one round trip, with
//     synchronous_commit off, skipping a row a move holds (deleteAnnouncements), and Close
//     does the rest, so a move costs no second write; storage.ClearEvery says why that is safe.
//   - Interactions: TakeInteraction is one INSERT ... ON CONFLICT DO NOTHING, so of the
//     processes given one interaction (a duplicate delivery, a replayed request) one acts.
package postgres
