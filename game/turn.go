package game

import (
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// Apply validates a move and applies it. It returns the events the move caused, or a *MoveError
// that says what was wrong and what would be legal; on error the game is unchanged.
func (g *Game) Apply(m Move) ([]Event, error) {
	if err := g.Play(m); err != nil {
		return nil, err
	}
	return slices.Clone(g.events), nil
}

// Play is Apply without returning the events (fast path for simulations); LastEvents has them
// until the next move.
func (g *Game) Play(m Move) error {
	if err := g.check(m); err != nil {
		return err
	}
	g.events = g.events[:0]
	g.revealed = false
	if m.Kind == MoveAction {
		if err := g.act(*m.Action); err != nil {
			return err
		}
	} else {
		g.apply(m)
	}
	g.Moves++
	return nil
}

// act applies a variant action. Variants validate an action completely before they change anything
// (the Variant contract, checked by fuzz tests), so a refused action leaves the game as it was.
// An action that settles the open choice closes it; then the turn goes on by itself if the step
// leaves nothing to choose.
func (g *Game) act(a Action) error {
	open := g.TurnState.Choice
	if err := g.variantAct(a); err != nil {
		return err
	}
	if g.TurnState.Actions == nil {
		g.TurnState.Actions = map[string]int{}
	}
	g.TurnState.Actions[a.Name]++
	settled := open != nil && a.Name == open.Action && g.TurnState.Choice == open
	if settled {
		g.TurnState.Choice = nil
	}
	g.advance(settled)
	return nil
}

// advance moves the turn on after an action when its step has nothing left to choose. In the
// meeple step it does so only once a forced choice is settled: otherwise the player still says
// which meeple (or none), as they always have.
func (g *Game) advance(settled bool) {
	if g.TurnState.Choice != nil || g.CanAct() {
		return
	}
	switch g.Phase {
	case PhaseMeeple:
		if settled && !g.hasMeepleSpot() {
			g.TurnState.Spot = "none"
			g.afterMeeple()
		}
	case PhaseFinish:
		g.endTurn()
	case PhaseDecide:
		g.nextTurn()
	}
}

// LastEvents are the events of the last move applied, valid until the next one.
func (g *Game) LastEvents() []Event { return g.events }

// Revealed reports whether the last move turned over something hidden that the rest of the player's
// command could depend on: a face-down chip they collected, or what a variant marks with Reveal.
// What a command does after such a move is judged on what is now public, since a reveal is never
// taken back (game/RULES.md, asynchronous play). The tile drawn for the next turn does not count:
// nothing of the command that draws it comes after.
func (g *Game) Revealed() bool { return g.revealed }

// Reveal records that the move being applied turned over something hidden; the engine does it for
// face-down chips, a variant for what else it hides.
func (g *Game) Reveal() { g.revealed = true }

// check validates m against the current state without changing anything.
func (g *Game) check(m Move) error {
	if g.Phase == PhaseOver {
		return refuse(ErrGameOver, nil, Say(idEngineGameOver))
	}
	if m.Player < 0 || m.Player >= len(g.Players) {
		return refuse(ErrBadMove, nil, Say(idEngineNoSuchPlayer, "N", msg.Count(m.Player)))
	}
	if g.Players[m.Player].Resigned {
		return refuse(ErrBadMove, nil, Say(idEngineResigned, "Player", msg.Player(g.Players[m.Player].Name)))
	}
	if m.Kind == MoveResign {
		return nil
	}
	if m.Player != g.Current {
		return refuse(ErrNotYourTurn, nil, Say(idEngineNotYourTurn, "Player", msg.Player(g.Players[g.Current].Name)))
	}
	switch m.Kind {
	case MovePlace:
		if g.Phase != PhasePlace {
			return g.wrongPhase(idEngineMovePlace)
		}
		if !g.Map.In(m.Square) {
			return refuse(ErrIllegalSquare, g.legalSquareNames(g.Drawn), Say(idEngineSquareOffMap, "Square", m.Square))
		}
		return g.CheckPlacement(g.Drawn, m.Square, m.Rotation&3)
	case MoveMeeple:
		if g.Phase != PhaseMeeple {
			return g.wrongPhase(idEngineMoveMeeple)
		}
		if err := g.choiceFirst(); err != nil {
			return err
		}
		if isNone(m.Spot) {
			return nil
		}
		_, err := g.checkSpot(m.Spot, m.Piece)
		return err
	case MoveAction:
		if m.Action == nil {
			return refuse(ErrBadMove, nil, Say(idEngineNoAction))
		}
		if c := g.TurnState.Choice; c != nil && m.Action.Name != c.Action {
			return g.choiceFirst()
		}
		return nil
	case MoveDraw:
		if g.Phase != PhaseSource {
			return g.wrongPhase(idEngineMoveDraw)
		}
	case MovePass:
		if g.Phase != PhaseDecide && g.Phase != PhaseFinish {
			return g.wrongPhase(idEngineMovePass)
		}
		return g.choiceFirst()
	case MoveSkip, MoveEnd:
	default:
		return refuse(ErrBadMove, nil, Say(idEngineNotAMove, "Value", Echo(string(m.Kind))))
	}
	return nil
}

// choiceFirst refuses a move while a forced choice is open, naming the choice and its options.
func (g *Game) choiceFirst() error {
	c := g.TurnState.Choice
	if c == nil {
		return nil
	}
	e := refuse(ErrChoiceOpen, nil, Say(idEngineChoiceFirst, "Prompt", c.Words))
	e.Legal, e.LegalWords = labels(g.LegalActions())
	return e
}

func isNone(spot string) bool {
	s := strings.TrimSpace(spot)
	return s == "" || strings.EqualFold(s, "none")
}

// wrongPhases are the refusals of a move made in the wrong phase, by the phase: each says what
// to do first.
var wrongPhases = map[Phase]string{PhaseSource: idEngineWrongPhaseSource, PhasePlace: idEngineWrongPhasePlace,
	PhaseMeeple: idEngineWrongPhaseMeeple, PhaseFinish: idEngineWrongPhaseFinish, PhaseDecide: idEngineWrongPhaseDecide}

// wrongPhase refuses a move (what: idEngineMove...) the phase does not allow.
func (g *Game) wrongPhase(what string) error {
	return refuse(ErrWrongPhase, nil, Say(wrongPhases[g.Phase], "Move", Say(what), "Tile", g.Drawn))
}

func (g *Game) apply(m Move) {
	switch m.Kind {
	case MovePlace:
		g.place(m.Square, m.Rotation&3)
	case MoveMeeple:
		if isNone(m.Spot) {
			g.TurnState.Spot = "none"
		} else {
			local, _ := g.checkSpot(m.Spot, m.Piece)
			g.placeMeeple(local, m.Piece)
		}
		g.afterMeeple()
	case MoveDraw:
		g.draw()
	case MovePass:
		if g.Phase == PhaseFinish {
			g.endTurn()
		} else {
			g.nextTurn()
		}
	case MoveSkip:
		g.skip()
	case MoveResign:
		g.resign(m.Player)
	case MoveEnd:
		if g.Phase == PhasePlace {
			g.Deck = append(g.Deck, g.Drawn)
		}
		g.end()
	}
}

// place lays the drawn tile and applies the on-placement effects (game/RULES.md, a turn, step 3).
func (g *Game) place(s Square, r Rotation) {
	face := g.Drawn.Type().Face(r)
	g.put(s, face, g.Current, false)
	g.TurnState.Placed = s
	g.emit(Event{Kind: EventTilePlaced, Player: g.Current, Square: s, Tile: g.Drawn, Rotation: r})
	g.extendFrontier(s)
	g.Phase = PhaseMeeple
	if g.Opts.TB() && !g.TurnState.second && g.extendsBuilder(s) {
		g.TurnState.secondOwed = true
		g.emit(Event{Kind: EventSecondTile, Player: g.Current, Square: s})
	}
	g.afterPlacement(s)
	if g.TurnState.Choice == nil && !g.hasMeepleSpot() && !g.CanAct() {
		// Nothing to choose: the turn goes on without waiting for "no meeple".
		g.TurnState.Spot = "none"
		g.afterMeeple()
	}
}

// afterMeeple opens the window between the meeple and the scoring, where a variant may let the
// player act on their meeples (a Taiwan upgrade of the one just placed); without anything to do
// there the turn is scored at once.
func (g *Game) afterMeeple() {
	g.Phase = PhaseFinish
	if g.TurnState.Choice == nil && !g.CanAct() {
		g.endTurn()
	}
}

// endTurn scores the features the turn completed and hands over (game/RULES.md, a turn, steps 5 and
// 6), unless the variant keeps the player for a last choice.
func (g *Game) endTurn() {
	g.scoreTurn(g.TurnState.Placed)
	g.Phase = PhaseDecide
	if g.variantEndTurn() {
		return
	}
	g.nextTurn()
}

// nextTurn starts the next turn: the current player's extra turn if one was granted, else the
// next player's. The game ends when the face-down stack is empty.
func (g *Game) nextTurn() {
	if len(g.Deck) == 0 {
		g.end()
		return
	}
	if ts := g.TurnState; ts.secondOwed {
		// The builder's second tile is part of the same turn (R3.2.3): an extra turn owed or
		// being played stays so.
		g.beginTurn(ts.extra)
		g.TurnState.second, g.TurnState.extraOwed = true, ts.extraOwed
		return
	}
	if g.TurnState.extraOwed {
		g.beginTurn(true)
		return
	}
	next := g.Current
	for range g.Players {
		next = (next + 1) % len(g.Players)
		if !g.Players[next].Resigned {
			break
		}
	}
	g.Current = g.nextPlayer(next)
	g.beginTurn(false)
}

func (g *Game) beginTurn(extra bool) {
	g.Turn++
	g.TurnState = Turn{Placed: NoSquare, extra: extra}
	if g.choosesSource() {
		g.Phase = PhaseSource
		return
	}
	g.draw()
}

// GrantExtraTurn gives the current player another whole turn once this one is over: an extra turn
// is owed. A turn with an empty stack is never played: the game ends instead, and a skipped turn
// (a missed deadline) forfeits what it was owed.
func (g *Game) GrantExtraTurn() { g.TurnState.extraOwed = true }

// ExtraTurn reports whether the turn being played is an extra turn: one GrantExtraTurn owed,
// played by the same player right after their turn, not the next seat's turn in order.
func (g *Game) ExtraTurn() bool { return g.TurnState.extra }

// Require opens a choice the rules force on the current player before the turn goes on. While it
// is open only actions named c.Action are legal; the action that settles it closes it.
func (g *Game) Require(c Choice) {
	if c.Prompt == "" && !g.searchCopy {
		c.Prompt = c.Words.English()
	}
	g.TurnState.Choice = &c
}

// draw takes face-down tiles until one fits somewhere; unplaceable ones leave the game (R2.3.6).
func (g *Game) draw() {
	for len(g.Deck) > 0 {
		t := g.Deck[len(g.Deck)-1]
		g.Deck = g.Deck[:len(g.Deck)-1]
		if g.placeable(t) {
			g.SetDrawn(t)
			return
		}
		g.Discarded = append(g.Discarded, t)
		g.emit(Event{Kind: EventTileDiscarded, Player: g.Current, Tile: t})
	}
	g.end()
}

// SetDrawn makes t the current player's tile to place (a variant's tile source uses it too).
func (g *Game) SetDrawn(t TileID) {
	g.Drawn, g.Phase = t, PhasePlace
	g.emit(Event{Kind: EventTurnStarted, Player: g.Current, Tile: t})
}

// HasDrawn reports whether the current player holds a tile to place.
func (g *Game) HasDrawn() bool { return g.Phase == PhasePlace }

// skip ends the current player's turn as it stands (a missed deadline): an open choice takes its
// default, an unplaced tile goes back into the stack at a random place, a placed tile is scored
// with no meeple, and no offer is made.
func (g *Game) skip() {
	g.TurnState.extraOwed, g.TurnState.secondOwed = false, false
	if g.TurnState.Choice != nil {
		g.chooseDefault()
	}
	switch g.Phase {
	case PhasePlace:
		i := g.RNG.Intn(len(g.Deck) + 1)
		g.Deck = slices.Insert(g.Deck, i, g.Drawn)
		g.emit(Event{Kind: EventTileReturned, Player: g.Current, Tile: g.Drawn})
		g.nextTurn()
	case PhaseMeeple, PhaseFinish:
		if g.Phase == PhaseMeeple {
			g.TurnState.Spot = "none"
		}
		g.scoreTurn(g.TurnState.Placed)
		g.Phase = PhaseDecide
		g.variantEndTurn()
		g.TurnState.extraOwed, g.TurnState.secondOwed = false, false
		g.nextTurn()
	default:
		g.nextTurn()
	}
}

// chooseDefault settles the open choice for a player who cannot be asked: its default, or else
// the first legal way to settle it.
func (g *Game) chooseDefault() {
	c := g.TurnState.Choice
	for _, a := range append([]Action{c.Default}, actionsOf(g.LegalActions())...) {
		if a.Name == c.Action && g.variantAct(a) == nil {
			break
		}
	}
	g.TurnState.Choice = nil
}

func actionsOf(legal []LegalAction) []Action {
	out := make([]Action, len(legal))
	for i, a := range legal {
		out[i] = a.Action
	}
	return out
}

// LegalActions lists the variant actions the current player may take now; while a choice is
// open, only the ways to settle it.
func (g *Game) LegalActions() []LegalAction {
	acts := g.variantActions()
	c := g.TurnState.Choice
	if c == nil {
		return acts
	}
	return slices.DeleteFunc(acts, func(a LegalAction) bool { return a.Name != c.Action })
}

func (g *Game) resign(p int) {
	g.Players[p].Resigned = true
	g.emit(Event{Kind: EventResigned, Player: p})
	active := 0
	for _, pl := range g.Players {
		if !pl.Resigned {
			active++
		}
	}
	if active < 2 {
		if g.Phase == PhasePlace {
			g.Deck = append(g.Deck, g.Drawn)
		}
		g.end()
		return
	}
	if p == g.Current {
		g.skip()
	}
}

// end runs final scoring (R1.13, R2.6).
func (g *Game) end() {
	g.variantFinal()
	g.scoreFinal()
	g.Phase = PhaseOver
	g.emit(Event{Kind: EventGameOver, Player: g.Current})
}
