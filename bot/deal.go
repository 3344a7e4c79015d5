package bot

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// secretDeal draws the deal key of a new game from the operating system: 32 bytes no player
// chooses or can predict, dealt through ChaCha8 (game.GeneratorChaCha8).
func secretDeal() (string, error) {
	var key [32]byte
	if _, err := rand.Read(key[:]); err != nil {
		return "", fmt.Errorf("draw a deal key: %w", err)
	}
	return hex.EncodeToString(key[:]), nil
}

// FixedDeals returns a deal source for tests and benchmarks that need games to repeat: the keys
// are derived from seed and a counter, so they are anything but secret.
func FixedDeals(seed int64) func() (string, error) {
	n := 0
	return func() (string, error) {
		n++
		sum := sha256.Sum256(fmt.Appendf(nil, "%d/%d", seed, n))
		return hex.EncodeToString(sum[:]), nil
	}
}
