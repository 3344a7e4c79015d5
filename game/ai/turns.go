package ai

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// options lists every move the current player may make now, in a fixed order: the engine's order
// of placements, spots and actions. It never lists a skip or a resignation.
func options(g *game.Game, buf []game.Move) []game.Move {
	p := g.Current
	buf = buf[:0]
	// One array holds the step's actions: a move keeps a pointer to its action in the plans, so
	// it must not be reused, but one allocation serves them all.
	if legal := g.LegalActions(); len(legal) > 0 {
		acts := make([]game.Action, len(legal))
		for i, a := range legal {
			acts[i] = a.Action
			buf = append(buf, game.Move{Kind: game.MoveAction, Player: p, Action: &acts[i]})
		}
	}
	if g.TurnState.Choice != nil {
		return buf
	}
	switch g.Phase {
	case game.PhaseSource:
		buf = append(buf, game.Move{Kind: game.MoveDraw, Player: p})
	case game.PhasePlace:
		for _, pl := range g.LegalPlacements(g.Drawn) {
			buf = append(buf, game.Move{Kind: game.MovePlace, Player: p, Square: pl.Square, Rotation: pl.Rotation})
		}
	case game.PhaseMeeple:
		if g.Opts.IC() || g.Opts.TB() {
			for _, c := range g.PieceChoices() {
				buf = append(buf, game.Move{Kind: game.MoveMeeple, Player: p, Spot: c.Spot, Piece: c.Kind})
			}
		} else {
			for _, s := range g.MeepleSpots() {
				buf = append(buf, game.Move{Kind: game.MoveMeeple, Player: p, Spot: s})
			}
		}
		buf = append(buf, game.Move{Kind: game.MoveMeeple, Player: p, Spot: "none"})
	case game.PhaseFinish, game.PhaseDecide:
		buf = append(buf, game.Move{Kind: game.MovePass, Player: p})
	}
	return buf
}

// turnOver reports whether the turn that began with seat to move at turn is over: another
// player is to move, an extra turn began, or the game ended.
func turnOver(g *game.Game, seat, turn int) bool {
	return g.Over() || g.Current != seat || g.Turn != turn
}

// plan is a whole turn: the moves, and the evaluation of the position after them.
type plan struct {
	moves []game.Move
	value float64
}

// enumerator walks the tree of a whole turn's moves.
type enumerator struct {
	seat, turn int
	holdings   []game.Holding
	plans      []plan
	path       []game.Move
	err        error
	// limit, if positive, is how many of the first step's options are tried, and deep how many of
	// each later step's: a random choice of them, drawn from rng, when there are more (the fast
	// play of playouts, where a turn of every combination would cost too much).
	limit, deep int
	rng         *game.RNG
	// positions counts the positions the enumerator has made, for a search's budget.
	positions int
	// spare holds positions the enumerator made and has done with, to be copied over.
	spare []*game.Game
	// budget, if positive, bounds the positions a whole-turn enumeration makes: past it, every
	// later step takes its default (decline, no meeple, the first choice) instead of branching.
	// A map whose later steps multiply (Taiwan's upgrades: every meeple times every exact
	// payment, again after each upgrade) would otherwise cost seconds for one easy move.
	budget int
	// judge, if set, evaluates the positions instead of evaluate (master's ranking of its
	// candidate turns).
	judge judge
	// steps are the options and children of each step of the turn under way, by its depth, kept
	// from one walk to the next so that a playout's steps allocate nothing.
	steps []step
	// slab holds the moves of the plans of the last enumeration, which slice it: a plan is read
	// before the enumerator runs again.
	slab []game.Move
}

// step is the memory of one depth of a walk.
type step struct {
	opts     []game.Move
	children []child
}

// judge evaluates a position for a seat, reusing buf for its holdings.
type judge func(g *game.Game, seat int, buf []game.Holding) (float64, []game.Holding)

// judgeOf is j, or evaluate when j is nil.
func judgeOf(j judge) judge {
	if j == nil {
		return evaluate
	}
	return j
}

// turnBudget is the positions one enumeration of a turn may make before later steps stop
// branching: a few hundred, well under 20 ms. Turns on the other maps rarely make more (642 at
// most, measured over three-player games); Taiwan's late payments would make tens of thousands.
const turnBudget = 600

// turns evaluates every whole turn the current player can make from g (a determinized copy, left
// unchanged) and returns them with their values, in enumeration order. A turn that draws a face-
// down tile goes on with the tile the copy deals.
func turns(g *game.Game) ([]plan, error) { return enumerate(&enumerator{budget: turnBudget}, g) }

// enumerate runs e from g.
func enumerate(e *enumerator, g *game.Game) ([]plan, error) {
	e.seat, e.turn, e.plans, e.slab = g.Current, g.Turn, e.plans[:0], e.slab[:0]
	e.walk(g)
	if e.err == nil && len(e.plans) == 0 {
		e.err = fmt.Errorf("ai: no legal move for %s", g.Players[g.Current].Name)
	}
	return e.plans, e.err
}

func (e *enumerator) walk(g *game.Game) {
	if turnOver(g, e.seat, e.turn) {
		var v float64
		v, e.holdings = judgeOf(e.judge)(g, e.seat, e.holdings)
		start := len(e.slab)
		e.slab = append(e.slab, e.path...)
		e.plans = append(e.plans, plan{moves: e.slab[start:len(e.slab):len(e.slab)], value: v})
		return
	}
	depth := len(e.path)
	if depth == len(e.steps) {
		e.steps = append(e.steps, step{})
	}
	opts := options(g, e.steps[depth].opts)
	e.steps[depth].opts = opts
	limit := e.limit
	if len(e.path) > 0 {
		limit = e.deep
		if e.budget > 0 && e.positions+len(opts) > e.budget {
			opts = []game.Move{stepDefault(opts)}
		}
	}
	if limit > 0 && len(opts) > limit {
		for i := range limit {
			j := i + e.rng.Intn(len(opts)-i)
			opts[i], opts[j] = opts[j], opts[i]
		}
		opts = opts[:limit]
	}
	children := e.steps[depth].children[:0]
	for _, m := range opts {
		c := e.copyOf(g)
		e.positions++
		if err := c.Play(m); err != nil {
			// Every option is legal by construction: a refusal is an engine bug, reported.
			e.err = fmt.Errorf("ai: the engine refused a move it listed (%s): %w", m.Kind, err)
			return
		}
		children = append(children, child{m, c, 0})
	}
	e.steps[depth].children = children
	// A turn's placements are all followed; any other step with many options (Taiwan's payments
	// late in a game list hundreds) keeps only its best few, even when it is the first step left.
	if len(children) > beam && (len(e.path) > 0 || g.Phase != game.PhasePlace) {
		children = e.prune(children)
	}
	for _, ch := range children {
		if e.err != nil {
			return
		}
		e.path = append(e.path, ch.move)
		e.walk(ch.game)
		e.path = e.path[:len(e.path)-1]
		e.spare = append(e.spare, ch.game)
	}
}

// copyOf copies g into a position the enumerator made before and has done with, if it has one.
func (e *enumerator) copyOf(g *game.Game) *game.Game {
	if c := e.takeSpare(); c != nil {
		return g.CloneInto(c)
	}
	return g.Clone()
}

// takeSpare is a position the enumerator made and has done with, or nil.
func (e *enumerator) takeSpare() *game.Game {
	n := len(e.spare)
	if n == 0 {
		return nil
	}
	c := e.spare[n-1]
	e.spare = e.spare[:n-1]
	return c
}

// stepDefault is the option a step takes when the budget is spent: declining (pass), no meeple,
// or else the first option listed.
func stepDefault(opts []game.Move) game.Move {
	for _, m := range opts {
		if m.Kind == game.MovePass || m.Kind == game.MoveMeeple && m.Spot == "none" {
			return m
		}
	}
	return opts[0]
}

// beam is how many options of a later step of a turn (after its first move) are followed further
// when it has more: those whose position evaluates best. A forced choice among fifty squares
// would otherwise multiply every combination of the steps after it.
const beam = 6

// child is an option of a step with the position it leads to.
type child struct {
	move  game.Move
	game  *game.Game
	value float64
}

// prune keeps the beam children whose positions evaluate best for the seat, in their order.
func (e *enumerator) prune(children []child) []child {
	eval := judgeOf(e.judge)
	for i := range children {
		children[i].value, e.holdings = eval(children[i].game, e.seat, e.holdings)
	}
	kept := slices.Clone(children)
	slices.SortStableFunc(kept, func(a, b child) int { return cmp.Compare(b.value, a.value) })
	cut := kept[beam-1].value
	out := children[:0]
	for _, ch := range children {
		if ch.value >= cut && len(out) < beam {
			out = append(out, ch)
		} else {
			e.spare = append(e.spare, ch.game)
		}
	}
	return out
}

// best is the index of the plan with the highest value (the first of equals).
func best(plans []plan) int {
	b := 0
	for i := range plans {
		if plans[i].value > plans[b].value {
			b = i
		}
	}
	return b
}
