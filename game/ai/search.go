package ai

import (
	"cmp"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// budget is how much a search looks at. It is counted in positions, never in time, so that a
// search gives the same move on any machine.
type budget struct {
	// candidates is how many of easy's best turns are searched.
	candidates int
	// rounds of successive halving: each candidate still in is played out in samples new
	// determinizations, then only the keep best stay in.
	rounds []stage
	// followTurns is how many whole turns of fast play follow the candidate turn in a playout,
	// counted in turns of the other players: 1 is one reply by each rival.
	followTurns int
	// breadth is how many options of a turn's first step fast play tries, depth how many of each
	// later step's.
	breadth, depth int
	// positions bounds the positions fast play makes: once they are spent, the candidates are
	// compared on the playouts done so far. It keeps the rare huge turn (a forced choice among
	// fifty squares in every playout) within the time budget.
	positions int
	// endgame, if positive, is the tiles left at or below which a playout goes on to the end of
	// the game with every player trying all its options (master's near-exact endgame).
	endgame int
	// judge, if set, evaluates a playout's end instead of evaluate (master's evaluation).
	judge judge
	// rank, if set, ranks the turns that may become candidates instead of evaluate.
	rank judge
}

type stage struct{ samples, keep int }

// normal is hard with a third of its positions. Six deals a candidate and a horizon of one
// narrow reply had left it no stronger than easy (52.5 % and +0.5 a game on 20 classic decks).
var (
	normalBudget = budget{candidates: 8, rounds: []stage{{samples: 6, keep: 3}, {samples: 12, keep: 1}},
		followTurns: 3, breadth: 8, depth: 3, positions: 10000}
	hardBudget = budget{candidates: 10, rounds: []stage{{samples: 8, keep: 5}, {samples: 12, keep: 2}, {samples: 24, keep: 1}},
		followTurns: 3, breadth: 8, depth: 3, positions: 30000}
)

// budgets are the searching levels' budgets, by level; tests add the levels a paired match
// measures a change against (ablation_test.go).
var budgets = map[Level]*budget{Normal: &normalBudget, Hard: &hardBudget, Master: &masterBudget}

// candidate is a turn under search with the sum of its playouts' values.
type candidate struct {
	plan
	sum float64
	n   int
}

func (c *candidate) mean() float64 { return c.sum / float64(c.n) }

// search is determinized flat Monte Carlo over whole turns: easy's best turns, each played out in
// sampled deals (the same deals for every candidate, so that luck cancels out of the comparison)
// by fast play of every player for a few turns, each rival's first reply chosen from all its
// options, and judged by the evaluation at the end. It returns the chosen turn, the determinized copy its
// plans were made on, and how many positions fast play made.
func search(g *game.Game, rng *game.RNG, b budget) (candidate, *game.Game, int, error) {
	seat := g.Current
	d := g.Determinize(rng)
	plans, err := enumerate(&enumerator{budget: turnBudget, judge: b.rank}, d)
	if err != nil {
		return candidate{}, nil, 0, err
	}
	slices.SortStableFunc(plans, func(a, b plan) int { return cmp.Compare(b.value, a.value) })
	cands := make([]candidate, min(b.candidates, len(plans)))
	for i := range cands {
		cands[i].plan = plans[i]
	}
	fast := &enumerator{limit: b.breadth, deep: b.depth}
	for _, r := range b.rounds {
		if len(cands) == 1 || fast.positions >= b.positions {
			break
		}
		for s := 0; s < r.samples && fast.positions < b.positions; s++ {
			deal := rng.Uint64()
			for i := range cands {
				v, err := playout(g, seat, cands[i].moves, deal, b, fast)
				if err != nil {
					return candidate{}, nil, fast.positions, err
				}
				cands[i].sum += v
				cands[i].n++
			}
		}
		slices.SortStableFunc(cands, func(a, b candidate) int { return cmp.Compare(b.mean(), a.mean()) })
		cands = cands[:min(r.keep, len(cands))]
	}
	return cands[0], d, fast.positions, nil
}

// playout deals g again from seed deal, plays the candidate turn (finishing it by fast play if
// the deal makes a move of it illegal, as a chip turned over may), then fast play for b's turns,
// and evaluates the end for seat.
func playout(g *game.Game, seat int, moves []game.Move, deal uint64, b budget, fast *enumerator) (float64, error) {
	rng := game.NewRNG(deal)
	fast.rng = &rng
	c := g.DeterminizeInto(&rng, fast.takeSpare())
	defer func() { fast.spare = append(fast.spare, c) }()
	turn := c.Turn
	for _, m := range moves {
		if turnOver(c, seat, turn) || c.Play(m) != nil {
			break
		}
	}
	fast.limit = b.breadth
	if err := finishTurn(c, fast); err != nil {
		return 0, err
	}
	rivals := 0
	endgame := b.endgame > 0 && c.TilesLeft() <= b.endgame
	for !c.Over() && (endgame || rivals < b.followTurns*(len(c.Players)-1)) {
		fast.limit, fast.deep = b.breadth, b.depth
		if endgame {
			fast.limit, fast.deep = 0, 0
		}
		if c.Current != seat {
			// Each rival's first reply tries every option: it decides whether a city is stolen
			// or a road cut, and a search against a rival that sees a few of its placements
			// never meets the punishment and overreaches.
			if rivals < len(c.Players)-1 {
				fast.limit = 0
			}
			rivals++
		}
		if err := playTurn(c, fast); err != nil {
			return 0, err
		}
	}
	var v float64
	v, fast.holdings = judgeOf(b.judge)(c, seat, fast.holdings)
	return v, nil
}

// finishTurn plays the rest of the current turn, if it is under way, by fast play.
func finishTurn(g *game.Game, fast *enumerator) error {
	if g.Over() || g.Phase == game.PhasePlace || g.Phase == game.PhaseSource {
		return nil
	}
	return playTurn(g, fast)
}

// playTurn plays the current player's turn, or what is left of it, by fast play: easy's choice
// among a random few options of each step.
func playTurn(g *game.Game, fast *enumerator) error {
	plans, err := enumerate(fast, g)
	if err != nil {
		return err
	}
	for _, m := range plans[best(plans)].moves {
		if err := g.Play(m); err != nil {
			return err
		}
	}
	return nil
}
