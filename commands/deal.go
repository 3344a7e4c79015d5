package commands

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

// commitmentText is the start message's line about a secret deal ("" for a local game).
func commitmentText(t *Table) string {
	if t.Settings.Key == "" {
		return ""
	}
	return fmt.Sprintf("The deal comes from a secret key nobody chose; its commitment is sha256 %s. The key is revealed when the game ends.",
		DealCommitment(t.ID, t.Settings.Key))
}

// revealText is the end message's line that reveals the deal's key ("" for a local game).
func revealText(t *Table) string {
	if t.Settings.Key == "" {
		return ""
	}
	return fmt.Sprintf("The deal's key was %s: with the game's id it gives the commitment posted at the start, and the whole deal.", t.Settings.Key)
}
