//go:build !race

package discord

// raceBuilt says the race detector is on (race_test.go).
const raceBuilt = false
