package storage

// Engine is what the store needs from the rules engine. The store never imports the engine: the
// caller (the bot, the CLI) passes an implementation to Open (for the migrations that need it),
// Verify, Export and Import. Setups, moves and snapshots are opaque JSON to the store.
type Engine interface {
	// Replay rebuilds a game from its setup and its moves in log order and returns the
	// snapshot of the resulting state and its hash. An error means the log does not replay.
	Replay(setup []byte, moves []Move) (snapshot []byte, hash string, err error)
	// Redact returns the players' view of a snapshot: no face-down chip values, no tile order.
	Redact(snapshot []byte) ([]byte, error)
	// Legacy tells whether a game's setup is in a format older than the one Replay reads.
	Legacy(setup []byte) bool
	// Upgrade turns a game's record kept in an older format (Legacy) into today's, and says what
	// the old record made of the game: how a migration and the import of an old export keep old
	// games. An error means the old record does not upgrade.
	Upgrade(setup []byte, moves []Move) (Upgraded, error)
}

// Upgraded is a game's record in today's format, and the state its old record made.
type Upgraded struct {
	// Setup and Moves are the new record: the setup and the data of each move, in log order.
	Setup []byte
	Moves [][]byte
	// Snapshot and Hash are the state the old record replayed to, which the new record must
	// replay to as well.
	Snapshot []byte
	Hash     string
}
