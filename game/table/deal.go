package table

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// DealCommitment is the SHA-256 commitment to a game's secret deal key, posted when the game
// starts: it binds the key to the game's id (so it cannot be reused elsewhere) without telling
// anything of it. When the game ends the key is revealed; anyone can then recompute the commitment
// and, from the key, the whole deal (game.GeneratorChaCha8).
func DealCommitment(tableID, key string) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "carcassonne-maps-bot deal\ngame:%s\nkey:%s\n", tableID, key))
	return hex.EncodeToString(sum[:])
}
