//go:build race

package discord

// raceBuilt says the race detector is on: the tests then spend their time computing (five to ten
// times as much as without it), no longer waiting.
const raceBuilt = true
