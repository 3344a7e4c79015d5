package ai

import (
	"fmt"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Advice is the whole turn a level would play for the player to move, with what it expects of it.
// It is made, like every choice of an AI, only from what that seat can see: on a copy of the game
// whose hidden tiles and chips are dealt again (game.Game.Determinize).
type Advice struct {
	// Level is the level that chose the turn.
	Level Level
	// Moves are the whole turn as planned on that copy; the first is the move Choose plays. The
	// moves after one that turns over something hidden were planned on a guess of it.
	Moves []game.Move
	// Points is what the turn adds to the seat's score on that copy (features it completes, chips
	// it collects or sells).
	Points int
	// Before and After judge the position before and after the turn: the seat's expected final
	// score less its rivals' (half the best rival's, half their mean), in points.
	Before, After float64
	// Samples, for a search, is how many sampled deals followed the turn with the rivals' replies,
	// and Searched the mean of the same judgement at their end; both are zero for easy.
	Samples  int
	Searched float64
}

// Advise is the turn level would play for the player to move in g, from search seed seed, with
// what it scores and how it changes the position's judgement: Choose plays its first move. g is
// not changed.
func Advise(g *game.Game, level Level, seed uint64) (Advice, error) {
	a, d, err := decide(g, level, seed)
	if err != nil {
		return Advice{}, err
	}
	seat := d.Current
	a.Before, _ = evaluate(d, seat, nil)
	after := d.Clone()
	before := after.Players[seat].Score
	for _, m := range a.Moves {
		if err := after.Play(m); err != nil {
			return Advice{}, fmt.Errorf("ai: the planned turn does not replay (%s): %w", m.Kind, err)
		}
	}
	a.Points = after.Players[seat].Score - before
	return a, nil
}

// decide is the turn level chooses in g, without the judgements only advice needs (Before,
// Points), and the determinized copy it was planned on.
func decide(g *game.Game, level Level, seed uint64) (Advice, *game.Game, error) {
	if g.Over() {
		return Advice{}, nil, fmt.Errorf("ai: the game is over")
	}
	rng := game.NewRNG(seed)
	a := Advice{Level: level}
	var d *game.Game
	switch level {
	case Easy:
		d = g.Determinize(&rng)
		plans, err := turns(d)
		if err != nil {
			return Advice{}, nil, err
		}
		p := plans[best(plans)]
		a.Moves, a.After = p.moves, p.value
	default:
		b, ok := budgets[level]
		if !ok {
			return Advice{}, nil, fmt.Errorf("ai: %q gives no advice: use easy, normal, hard or master", level)
		}
		c, dc, _, err := search(g, &rng, *b)
		if err != nil {
			return Advice{}, nil, err
		}
		d, a.Moves, a.After, a.Samples = dc, c.moves, c.value, c.n
		if c.n > 0 {
			a.Searched = c.mean()
		}
	}
	return a, d, nil
}
