package storage

// Engine is what the store needs from the rules engine. The store never imports the engine: the
// caller (the bot, the CLI) passes an implementation to Verify, Export and Import. Setup, moves and
// snapshots are opaque JSON to the store.
type Engine interface {
	// Replay rebuilds a game from its setup and its moves in log order and returns the
	// snapshot of the resulting state and its hash. An error means the log does not replay.
	Replay(setup []byte, moves []Move) (snapshot []byte, hash string, err error)
	// Redact returns the players' view of a snapshot: no face-down chip values, no tile order.
	Redact(snapshot []byte) ([]byte, error)
}
