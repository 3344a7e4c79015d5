package ai

import (
	"fmt"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Level is how strongly an AI plays.
type Level string

// Levels, weakest first.
const (
	Random Level = "random"
	Easy   Level = "easy"
	Normal Level = "normal"
	Hard   Level = "hard"
	Master Level = "master"
)

// levels are the levels, weakest first.
var levels = []Level{Random, Easy, Normal, Hard, Master}

// ParseLevel reads a level by name (case-insensitive).
func ParseLevel(s string) (Level, error) {
	l := Level(strings.ToLower(strings.TrimSpace(s)))
	for _, k := range levels {
		if l == k {
			return l, nil
		}
	}
	return "", fmt.Errorf("%q is not an AI level: use random, easy, normal, hard or master", s)
}

// Choose is the move level plays for the player whose move it is in g: the first move of the
// whole turn it judges best. g is not changed, and nothing hidden in it is looked at: the AI plays
// on determinized copies drawn from seed, so the same seed and the same public position give the
// same move.
func Choose(g *game.Game, level Level, seed uint64) (game.Move, error) {
	if g.Over() {
		return game.Move{}, fmt.Errorf("ai: the game is over")
	}
	if level == Random {
		rng := game.NewRNG(seed)
		m, _ := g.Determinize(&rng).RandomMove(&rng, nil)
		return m, nil
	}
	a, _, err := decide(g, level, seed)
	if err != nil {
		return game.Move{}, err
	}
	return a.Moves[0], nil
}
