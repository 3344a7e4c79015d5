package game

import (
	"fmt"
	"slices"
	"strings"
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
	if m.Kind == MoveAction {
		return g.act(m)
	}
	if err := g.check(m); err != nil {
		return err
	}
	g.events = g.events[:0]
	g.apply(m)
	g.Moves++
	return nil
}

// act applies a variant action. Variants validate an action completely before they change anything
// (the Variant contract, checked by fuzz tests), so a refused action leaves the game as it was.
func (g *Game) act(m Move) error {
	if err := g.check(m); err != nil {
		return err
	}
	g.events = g.events[:0]
	if err := g.Variant.Act(g, *m.Action); err != nil {
		return err
	}
	if g.TurnState.Actions == nil {
		g.TurnState.Actions = map[string]int{}
	}
	g.TurnState.Actions[m.Action.Name]++
	g.Moves++
	return nil
}

// LastEvents are the events of the last move applied, valid until the next one.
func (g *Game) LastEvents() []Event { return g.events }

// check validates m against the current state without changing anything.
func (g *Game) check(m Move) error {
	if g.Phase == PhaseOver {
		return refuse(ErrGameOver, nil, "The game is over.")
	}
	if m.Player < 0 || m.Player >= len(g.Players) {
		return refuse(ErrBadMove, nil, "There is no player %d at this table.", m.Player)
	}
	if g.Players[m.Player].Resigned {
		return refuse(ErrBadMove, nil, "%s has resigned and takes no more turns.", g.Players[m.Player].Name)
	}
	if m.Kind == MoveResign {
		return nil
	}
	if m.Player != g.Current {
		return refuse(ErrNotYourTurn, nil, "It is %s's turn, not yours.", g.Players[g.Current].Name)
	}
	switch m.Kind {
	case MovePlace:
		if g.Phase != PhasePlace {
			return g.wrongPhase("place a tile")
		}
		if !g.Map.In(m.Square) {
			return refuse(ErrIllegalSquare, g.legalSquareNames(g.Drawn), "%s is off the map.", m.Square)
		}
		return g.CheckPlacement(g.Drawn, m.Square, m.Rotation&3)
	case MoveMeeple:
		if g.Phase != PhaseMeeple {
			return g.wrongPhase("place a meeple")
		}
		if isNone(m.Spot) {
			return nil
		}
		_, err := g.checkSpot(m.Spot)
		return err
	case MoveAction:
		if m.Action == nil {
			return refuse(ErrBadMove, nil, "The action is missing.")
		}
		return nil
	case MoveDraw:
		if g.Phase != PhaseSource {
			return g.wrongPhase("draw a tile")
		}
	case MovePass:
		if g.Phase != PhaseDecide {
			return g.wrongPhase("pass")
		}
	case MoveSkip:
		if g.Phase == PhaseDecide {
			return g.wrongPhase("skip the turn")
		}
	default:
		return refuse(ErrBadMove, nil, "%q is not a move (place, meeple, action, draw, pass, skip, resign).", m.Kind)
	}
	return nil
}

func isNone(spot string) bool {
	if spot == "none" || spot == "" {
		return true
	}
	s := strings.ToLower(strings.TrimSpace(spot))
	return s == "none" || s == ""
}

func (g *Game) wrongPhase(what string) error {
	var now string
	switch g.Phase {
	case PhaseSource:
		now = "choose where your tile comes from (draw, or a chip action)"
	case PhasePlace:
		now = fmt.Sprintf("place your tile %s (/place)", g.Drawn)
	case PhaseMeeple:
		now = "place a meeple on the tile you just placed, or none (/meeple)"
	case PhaseDecide:
		now = "take the offered action or pass"
	}
	return refuse(ErrWrongPhase, nil, "You cannot %s now: first %s.", what, now)
}

func (g *Game) apply(m Move) {
	switch m.Kind {
	case MovePlace:
		g.place(m.Square, m.Rotation&3)
	case MoveMeeple:
		if isNone(m.Spot) {
			g.TurnState.Spot = "none"
		} else {
			local, _ := g.checkSpot(m.Spot)
			g.placeMeeple(local)
		}
		g.endTurn()
	case MoveDraw:
		g.draw()
	case MovePass:
		g.nextTurn()
	case MoveSkip:
		g.skip()
	case MoveResign:
		g.resign(m.Player)
	}
}

// place lays the drawn tile and applies the on-placement effects (rules.md §0.4 step 4).
func (g *Game) place(s Square, r Rotation) {
	face := g.Drawn.Type().Face(r)
	g.put(s, face, g.Current, false)
	g.TurnState.Placed = s
	g.HasDrawn = false
	g.emit(Event{Kind: EventTilePlaced, Player: g.Current, Square: s, Tile: g.Drawn, Rotation: r})
	g.extendFrontier(s)
	g.Phase = PhaseMeeple
	g.Variant.AfterPlacement(g, s)
	if !g.hasMeepleSpot() && !g.Variant.CanAct(g) {
		// Nothing to choose: the turn goes on without waiting for "no meeple".
		g.TurnState.Spot = "none"
		g.endTurn()
	}
}

// endTurn scores the features the turn completed and hands over (§0.4 steps 6-8).
func (g *Game) endTurn() {
	g.scoreTurn(g.TurnState.Placed)
	if g.Variant.EndTurn(g) {
		g.Phase = PhaseDecide
		return
	}
	g.nextTurn()
}

func (g *Game) nextTurn() {
	if len(g.Deck) == 0 {
		g.end()
		return
	}
	next := g.Current
	for range g.Players {
		next = (next + 1) % len(g.Players)
		if !g.Players[next].Resigned {
			break
		}
	}
	g.Current = g.Variant.NextPlayer(g, next)
	g.beginTurn()
}

func (g *Game) beginTurn() {
	g.Turn++
	g.TurnState = Turn{Placed: NoSquare}
	if g.Variant.ChoosesSource(g) {
		g.Phase = PhaseSource
		g.HasDrawn = false
		return
	}
	g.draw()
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
	g.Drawn, g.HasDrawn, g.Phase = t, true, PhasePlace
	g.emit(Event{Kind: EventTurnStarted, Player: g.Current, Tile: t})
}

// skip ends the current player's turn: an unplaced tile goes back into the stack at a random place.
func (g *Game) skip() {
	switch g.Phase {
	case PhasePlace:
		i := g.RNG.Intn(len(g.Deck) + 1)
		g.Deck = slices.Insert(g.Deck, i, g.Drawn)
		g.HasDrawn = false
		g.emit(Event{Kind: EventTileReturned, Player: g.Current, Tile: g.Drawn})
		g.nextTurn()
	case PhaseMeeple:
		g.TurnState.Spot = "none"
		g.endTurn()
	default:
		g.nextTurn()
	}
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
			g.HasDrawn = false
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
	g.Variant.Final(g)
	g.HasDrawn = false
	g.scoreFinal()
	g.Phase = PhaseOver
	g.emit(Event{Kind: EventGameOver, Player: g.Current})
}
