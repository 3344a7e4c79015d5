package gametest

import (
	"os"
	"testing"
)

// SoakEnv is the environment variable that makes the property tests play their full counts of
// random games (CARC_SOAK=1). .ci/run sets it for a second pass; README's test command leaves it
// unset, so that it stays within a few minutes on a small machine.
const SoakEnv = "CARC_SOAK"

// Soaking says whether this run plays the full counts (SoakEnv set to anything but "" or "0").
func Soaking() bool {
	v := os.Getenv(SoakEnv)
	return v != "" && v != "0"
}

// Games is how many of full random games a property test plays in this run: all of them when
// soaking, a tenth by default, a hundredth with -short; never fewer than one.
func Games(full int) int {
	switch {
	case Soaking():
		return full
	case testing.Short():
		return max(1, full/100)
	}
	return max(1, full/10)
}
