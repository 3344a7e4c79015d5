package game

// Variant is a map's Map-Chips rules, plugged into the engine. The engine calls the hooks at fixed
// points of the turn (rules.md §0.4) and never asks which map it runs. A variant keeps its own state
// in Game.Ext. Act must validate an action completely before it changes anything, so that a refused
// action leaves the game as it was, and must accept every action Actions lists (gametest checks
// both).
//
// The turn, as the engine runs it (Phase says where it waits):
//
//	PhaseSource   if ChoosesSource: MoveDraw, or an action that calls SetDrawn (an island tile)
//	PhasePlace    MovePlace; AfterPlacement runs (it may Require a choice, Reveal, score)
//	PhaseMeeple   actions (a sale), then MoveMeeple (a spot or none)
//	PhaseFinish   only while CanAct: actions on the meeples (an upgrade), then MovePass
//	              the turn is scored; EndTurn runs in PhaseDecide
//	PhaseDecide   only if EndTurn returned true: an action (buy an extra turn) or MovePass
//
// An open Choice (Require) allows only its own action until it is settled. GrantExtraTurn gives
// the current player another turn after this one. MoveSkip (a missed deadline) works in every
// phase: an open choice takes its default and no offer is made.
type Variant interface {
	// Setup runs once after the initial tiles lie and before the first draw: chips, stacks.
	Setup(g *Game) error
	// AfterPlacement applies the on-placement effects of the tile just placed on sq, before the
	// meeple step: collecting chips, coats of arms.
	AfterPlacement(g *Game, sq Square)
	// Actions lists the variant actions the current player may take now.
	Actions(g *Game) []LegalAction
	// CanAct reports whether Actions would list anything; the engine asks it on every placement,
	// so it should not build the list.
	CanAct(g *Game) bool
	// Act validates and applies one variant action.
	Act(g *Game, a Action) error
	// MeepleReturned is told of every meeple that scoring sends back to its owner.
	MeepleReturned(g *Game, m Meeple)
	// EndTurn runs after the turn is scored, in PhaseDecide. It returns true to keep the current
	// player there for a last choice (an action, or MovePass); on a skipped turn the answer is
	// ignored.
	EndTurn(g *Game) bool
	// NextPlayer may change who plays next; next is the seat the engine would pick.
	NextPlayer(g *Game, next int) int
	// ChoosesSource reports whether the current player chooses the tile source before drawing.
	ChoosesSource(g *Game) bool
	// Final runs when the stack is empty, before final scoring.
	Final(g *Game)
	// NewState returns an empty variant state for a snapshot to be decoded into, or nil.
	NewState() VariantState
}

// Holder is the optional hook for a variant that keeps pieces off the board and out of the
// players' supplies (meeples on the Isle of Man, island stacks, chips under meeples), so that the
// invariants that count pieces count them too.
type Holder interface {
	Held(g *Game) Held
}

// Held counts the pieces a variant holds: meeples by seat, tiles, chips.
type Held struct {
	Meeples []int
	Tiles   []TileID
	Chips   []Chip
}

// SquareFilter is the optional hook for a variant that forbids squares the map allows. The engine
// asks it for every candidate square, so variants without such a rule leave it out and pay nothing.
type SquareFilter interface {
	Placeable(g *Game, sq Square) bool
}

// Plain is Carcassonne Maps without chips: every hook does nothing. Variants embed it and override
// what their rules change.
type Plain struct{}

// Setup does nothing.
func (Plain) Setup(*Game) error { return nil }

// AfterPlacement does nothing.
func (Plain) AfterPlacement(*Game, Square) {}

// Actions offers none.
func (Plain) Actions(*Game) []LegalAction { return nil }

// CanAct is false: there are no actions.
func (Plain) CanAct(*Game) bool { return false }

// Act refuses every action.
func (Plain) Act(_ *Game, a Action) error {
	return refuse(ErrIllegalAction, nil, "this map has no action %q.", Echo(a.Name))
}

// MeepleReturned does nothing.
func (Plain) MeepleReturned(*Game, Meeple) {}

// EndTurn offers nothing.
func (Plain) EndTurn(*Game) bool { return false }

// NextPlayer keeps the engine's order.
func (Plain) NextPlayer(_ *Game, next int) int { return next }

// ChoosesSource is false: tiles are always drawn face down.
func (Plain) ChoosesSource(*Game) bool { return false }

// Final does nothing.
func (Plain) Final(*Game) {}

// NewState is nil: the plain game has no state of its own.
func (Plain) NewState() VariantState { return nil }
