package game

import "fmt"

// Variant is a map's Map-Chips rules, plugged into the engine. The rule of the seam: a variant is
// any value, and its hooks are the small interfaces it implements, one per hook or per group of
// hooks that only work together (those of the turn below; Concealer, Viewer, Marker and
// ChipColorShower beside what they serve). The engine calls every hook the variant implements, at
// fixed points of the turn, and a hook it does not implement behaves as the plain game (each
// hook's doc says how). So a map implements only what its rules change, and lists those hooks
// where its type is declared; nil is the plain game. The engine never asks which map it runs.
//
// The engine resolves a variant's hooks once, when a game is made (NewGame) or restored (Restore);
// a clone shares them. A hook must therefore be a method of the variant's type, not something that
// changes while a game runs: the variant's own state lives in Game.Ext (see Stateful, StateOf).
//
// The turn, as the engine runs it (Phase says where it waits):
//
//	PhaseSource   if a SourceChooser chooses: MoveDraw, or an action that calls SetDrawn (an
//	              island tile)
//	PhasePlace    MovePlace; PlacementReactor runs (it may Require a choice, Reveal, score)
//	PhaseMeeple   actions (a sale), then MoveMeeple (a spot or none)
//	PhaseFinish   only while Actor.CanAct: actions on the meeples (an upgrade), then MovePass
//	              the turn is scored; TurnEnder runs in PhaseDecide
//	PhaseDecide   only if TurnEnder returned true: an action (buy an extra turn) or MovePass
//
// An open Choice (Require) allows only its own action until it is settled. GrantExtraTurn gives
// the current player another turn after this one. MoveSkip (a missed deadline) works in every
// phase: an open choice takes its default and no offer is made.
type Variant any

// VariantState is a variant's own part of the game state (Game.Ext). It is saved in snapshots as
// JSON, and a clone of the game holds a Clone of it.
type VariantState interface {
	Clone() VariantState
}

// StateCopier is a variant state that can copy itself into the memory of another state of its
// type that nothing refers to any more: Game.CloneInto hands it the state of the game it
// overwrites, since a search copies the game tens of thousands of times a decision. CloneInto
// returns the copy, made like Clone (nil stays nil and empty stays empty, so that the snapshots
// agree), in dst's memory when dst is of its type.
type StateCopier interface {
	VariantState
	CloneInto(dst VariantState) VariantState
}

// StateOf is g's variant state as the type S its map keeps it in: a map package reads its state
// with game.StateOf[*state](g). A state of another type, or none, means the game was made with
// another variant: a bug, reported by a panic that names both types.
func StateOf[S VariantState](g *Game) S {
	s, ok := g.Ext.(S)
	if !ok {
		panic(fmt.Sprintf("game: the variant state is %T, not %T: the game was made with another variant", g.Ext, s))
	}
	return s
}

// Stateful is the hook of a variant with a state of its own. The engine puts NewState's empty
// state in Game.Ext before Preparer.Setup runs, and decodes a snapshot's variant state into another
// one. Without it Game.Ext stays nil.
type Stateful interface {
	NewState() VariantState
}

// Preparer is the hook of a variant with a setup of its own: it runs once after the initial tiles
// lie and before the first draw (chips, stacks). Without it the plain setup is all there is.
type Preparer interface {
	Setup(g *Game) error
}

// PlacementReactor is the hook of a variant whose rules act when a tile is placed: AfterPlacement
// applies the on-placement effects of the tile just placed on sq, before the meeple step
// (collecting chips, coats of arms). Without it a placement does nothing more.
type PlacementReactor interface {
	AfterPlacement(g *Game, sq Square)
}

// Actor is the hook of a variant with actions of its own (chip actions). Without it there are
// none, and every action is refused.
//
// Act must validate an action completely before it changes anything, so that a refused action
// leaves the game as it was, and must accept every action Actions lists; CanAct must say whether
// Actions would list anything (gametest checks all three).
type Actor interface {
	// Actions lists the variant actions the current player may take now.
	Actions(g *Game) []LegalAction
	// CanAct reports whether Actions would list anything; the engine asks it on every placement,
	// so it should not build the list.
	CanAct(g *Game) bool
	// Act validates and applies one variant action.
	Act(g *Game, a Action) error
}

// ReturnWatcher is the hook of a variant that keeps something with a meeple on the map (a chip
// under it): MeepleReturned is told of every meeple that scoring sends back to its owner.
type ReturnWatcher interface {
	MeepleReturned(g *Game, m Meeple)
}

// TurnEnder is the hook of a variant that acts once a turn is scored: EndTurn runs in PhaseDecide
// and returns true to keep the current player there for a last choice (an action, or MovePass);
// on a skipped turn the answer is ignored. Without it the next turn begins at once.
type TurnEnder interface {
	EndTurn(g *Game) bool
}

// OrderChanger is the hook of a variant that may change who plays next: NextPlayer gets the seat
// the engine would pick and returns the seat that plays. It runs whenever a turn passes to the
// next seat (not before an extra turn), a turn that ended without a placement included. Without it
// the engine's order holds.
type OrderChanger interface {
	NextPlayer(g *Game, next int) int
}

// SourceChooser is the hook of a variant where a player may choose where their tile comes from:
// while ChoosesSource is true the turn begins in PhaseSource. Without it every tile is drawn face
// down.
type SourceChooser interface {
	ChoosesSource(g *Game) bool
}

// Finisher is the hook of a variant that settles its own business when the game ends: Final runs
// before the final scoring.
type Finisher interface {
	Final(g *Game)
}

// SquareFilter is the hook of a variant that forbids squares the map allows. The engine asks it
// for every candidate square.
type SquareFilter interface {
	Placeable(g *Game, sq Square) bool
}

// Holder is the hook of a variant that keeps pieces off the board and out of the players' supplies
// (meeples on the Isle of Man, island stacks, chips under meeples), so that the invariants that
// count pieces count them too (Game.Held).
type Holder interface {
	Held(g *Game) Held
}

// Held counts the pieces a variant holds: meeples by seat, tiles, chips.
type Held struct {
	Meeples []int
	Tiles   []TileID
	Chips   []Chip
}
