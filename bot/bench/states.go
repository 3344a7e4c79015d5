package bench

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"
)

// engineStates plays random moves of a 4-player game on the synthetic test map (114 tiles) and
// returns its snapshot after setup and after each of the next n moves: the state documents the
// store really keeps, computed before the store's clock starts.
func engineStates(n int) ([][]byte, error) {
	g, err := game.NewGame(testmaps.SyntheticMap(), nil, game.Setup{Players: []string{"alice", "bob", "carol", "dave"}, Seed: 1})
	if err != nil {
		return nil, err
	}
	rng := game.NewRNG(2)
	states := make([][]byte, 0, n+1)
	for len(states) <= n && !g.Over() {
		snap, err := g.Snapshot()
		if err != nil {
			return nil, err
		}
		states = append(states, snap)
		m, _ := g.RandomMove(&rng, nil)
		if err := g.Play(m); err != nil {
			return nil, err
		}
	}
	return states, nil
}
