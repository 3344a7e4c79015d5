// Package storage is the bot's only memory: one bbolt file holding every game, its append-only
// move log and latest snapshot, the channel index, timers, players and finished games. A league
// runs a season on it, so an accepted move is never lost or half-written.
//
// It is the default of three stores with the same data and rules: storage/postgres keeps them in
// PostgreSQL for several bot processes on one database, storage/memory in the process's memory
// for what keeps nothing (table scripts, tests). What a store does is
// declared once, by role, in roles.go (Games, Timers, Announcements, Interactions, Players, Guilds,
// Leagues, Ratings, Links, Admin; Database is every role), and each user takes the roles it needs.
// The rules both follow (what input is valid, what a game's end changes) are functions of this
// package (backend.go); storage/storetest is the suite all pass; Copy (bot migrate) copies a
// whole database from one to the other, verifying every game.
//
// The store does not know the rules. Setups, moves and snapshots are opaque JSON made by the
// engine; where the store needs the engine (replaying a log, redacting a snapshot, upgrading an
// old record) the caller passes an Engine. The bot keeps a game's record in them: its first step
// as the setup, each next step as a move of the log (game/record/RECORD.md).
//
// # Buckets (schema version 5)
//
//	meta                  "schema" -> schema version (uint64, big-endian); "copy" -> CopyMark
//	                      as JSON while bot migrate copies into the file (copymark.go)
//	games                 one bucket per game that is not archived, named by game id:
//	  <game id>
//	    record            GameRecord as JSON, without the fields the state holds: setup,
//	                      players, options, channel/thread, created, finished, standings
//	    state             what every move changes, in a binary layout (state.go): log length,
//	                      time of the last move, status, hash, timer set, and the engine's
//	                      snapshot after the last move
//	    log               seq (uint64, big-endian, from 1) -> Move as JSON: actor, move, time,
//	                      interaction id
//	    interactions      interaction id -> seq: makes a retried interaction a no-op
//	active                game id -> channel or thread id, for every game not over
//	channels              channel or thread id -> game id of its active game
//	finished              finish time (Unix ns, big-endian) + game id -> final status
//	archive               game id -> gzip of {record, moves, snapshot}: finished games after Compact
//	timers                due time (Unix ns, big-endian) + game id, kind, user -> Timer as JSON
//	players               user id -> {settings, stats} as JSON
//	leagues, seasons      (version 2) leagues and their seasons; see leagues.go
//	ratings, rated        (version 2) ratings per guild and map, and the rated games; see leagues.go
//	announce              (version 4) game id + NUL + seq -> Announcement as JSON: what must still
//	                      be said about a committed move (announce.go); deleted once said, with
//	                      the next write or within ClearEvery (clears.go)
//	aside                 (version 5) game id -> Aside as JSON: why a game was set aside (aside.go),
//	                      kept apart from the game so that setting it aside changes nothing of it
//	handled               interaction id -> Handled as JSON: the Discord interactions taken and
//	                      their first answer (interactions.go), made by the first one taken and
//	                      kept for HandledFor; a file without it takes no migration
//	guilds                guild id -> GuildSettings as JSON (guilds.go), made by the first write
//	weblinks              "secret" -> the web links' signing secret; game or league id -> the
//	                      generation of its links (weblinks.go), made by the first write
//
// Keys that start with a time sort by time, so due timers and old finished games are a prefix
// scan. Open creates the buckets of a new file and migrates older schemas (migrate.go) before
// anything else runs, after a backup copy of a file that holds data (<db>.schema-vN.bak); a file
// from a newer bot is refused (ErrSchema). Schema 3 changed no bucket: it upgraded every game's
// record from the inputs that made it to its steps (upgrade.go), which needs the engine
// (Options.Engine, ErrNeedsEngine without it). A game that does not upgrade is set aside (Aside:
// kept whole and untouched, read-only, listed by Verify, exported with its mark) and the others go
// on: one bad game never stops the bot.
//
// # Transactions
//
//   - One accepted move is one write transaction: log entry, interaction id, state (snapshot,
//     hash, timers), timer index and, when the move ends the game, record, channel, active and
//     finished indexes, the players' stats and, with Commit.Result, the ratings and the league
//     season's standings, and its Commit.Announce. bbolt writes the pages, fsyncs, then writes and
//     fsyncs the meta page, so a crash leaves the whole move or none of it. AppendMove returns only
//     after the fsync: the bot answers the player after the move is on disk.
//   - All writes go through one goroutine that commits every write waiting at that moment in one
//     transaction (group commit, writer.go). Moves of different games share fsyncs; a write that
//     fails is answered alone and never takes its neighbours down.
//   - Moves of one game are serialised by a per-game mutex and checked against Commit.ExpectSeq
//     (ErrConflict), and their interaction ids make retries harmless.
//   - Reads are bbolt read transactions: consistent snapshots that run beside the writer. Backups
//     (Tx.WriteTo) are reads, so they run while the bot plays.
//
// # Recovery
//
// At start-up the bot lists ActiveGames and loads each from its Snapshot, without replaying.
// Verify replays every game's log with the engine and compares it with the stored snapshot and
// hash; a snapshot that disagrees is rebuilt from the log and reported. It also checks the file's
// pages and the indexes. DueTimers returns timers that fell due while the bot was down.
//
// # Errors
//
// Errors wrap a sentinel (ErrNotFound, ErrConflict, ErrLocked, ErrReadOnly, ErrCorrupt,
// ErrDiskFull, ...) and name the game or the file: "append move to game g1: database
// ./carcassonne.db cannot grow (disk or quota full); the change was not saved, free some space and
// retry: ...". A panic of bbolt on a damaged page becomes ErrCorrupt. A failed write commits
// nothing, and what was committed before stays.
package storage
