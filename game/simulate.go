package game

// RandomMove picks a uniformly random legal move for the current player, drawing its choices from
// rng (not the game's generator, so a game's own randomness stays independent of its players).
// buf is scratch space for placements; it is returned grown for reuse.
func (g *Game) RandomMove(rng *RNG, buf []Placement) (Move, []Placement) {
	p := g.Current
	if g.TurnState.Choice != nil {
		return g.randomAction(rng), buf
	}
	switch g.Phase {
	case PhasePlace:
		pl := g.nthPlacement(g.Drawn, rng.Intn(g.CountLegalPlacements(g.Drawn)))
		return Move{Kind: MovePlace, Player: p, Square: pl.Square, Rotation: pl.Rotation}, buf
	case PhaseMeeple:
		if g.CanAct() && rng.Intn(2) == 0 {
			return g.randomAction(rng), buf
		}
		if g.Opts.IC() || g.Opts.TB() {
			return g.randomPiece(rng), buf
		}
		var scratch [16]string
		spots := g.AppendMeepleSpots(scratch[:0])
		if n := len(spots); n > 0 && rng.Intn(n+1) < n {
			return Move{Kind: MoveMeeple, Player: p, Spot: spots[rng.Intn(n)]}, buf
		}
		return Move{Kind: MoveMeeple, Player: p, Spot: "none"}, buf
	case PhaseSource:
		if g.CanAct() && rng.Intn(2) == 0 {
			return g.randomAction(rng), buf
		}
		return Move{Kind: MoveDraw, Player: p}, buf
	case PhaseFinish, PhaseDecide:
		if g.CanAct() && rng.Intn(2) == 0 {
			return g.randomAction(rng), buf
		}
	}
	return Move{Kind: MovePass, Player: p}, buf
}

// randomPiece is randomly one of the pieces the current player may place now, or none, each as
// likely, when the expansions' pieces are in play.
func (g *Game) randomPiece(rng *RNG) Move {
	var scratch [32]PieceChoice
	choices := g.appendPieceChoices(scratch[:0])
	if n := len(choices); n > 0 && rng.Intn(n+1) < n {
		c := choices[rng.Intn(n)]
		return Move{Kind: MoveMeeple, Player: g.Current, Spot: c.Spot, Piece: c.Kind}
	}
	return Move{Kind: MoveMeeple, Player: g.Current, Spot: "none"}
}

// randomAction is one of the legal actions, at random; the variant offers at least one.
func (g *Game) randomAction(rng *RNG) Move {
	acts := g.LegalActions()
	a := acts[rng.Intn(len(acts))].Action
	return Move{Kind: MoveAction, Player: g.Current, Action: &a}
}

// SimplestMove is the move played for a player who missed a deadline: an open choice's default,
// the first legal placement in the list, no meeple, no action, decline every offer. Played until
// the turn passes, it ends the turn.
func (g *Game) SimplestMove() Move {
	p := g.Current
	if c := g.TurnState.Choice; c != nil {
		a := c.Default
		if !g.acceptable(a) {
			a = g.LegalActions()[0].Action
		}
		return Move{Kind: MoveAction, Player: p, Action: &a}
	}
	switch g.Phase {
	case PhasePlace:
		pl := g.nthPlacement(g.Drawn, 0)
		return Move{Kind: MovePlace, Player: p, Square: pl.Square, Rotation: pl.Rotation}
	case PhaseMeeple:
		return Move{Kind: MoveMeeple, Player: p, Spot: "none"}
	case PhaseSource:
		return Move{Kind: MoveDraw, Player: p}
	}
	return Move{Kind: MovePass, Player: p}
}

// acceptable reports whether the variant would accept action a now, trying it on a copy.
func (g *Game) acceptable(a Action) bool {
	c := g.Clone()
	return c.Play(Move{Kind: MoveAction, Player: c.Current, Action: &a}) == nil
}

// PlayOut plays random moves until the game ends and returns the number of moves.
func (g *Game) PlayOut(rng *RNG) int {
	var buf []Placement
	n := 0
	for g.Phase != PhaseOver {
		var m Move
		m, buf = g.RandomMove(rng, buf)
		if err := g.Play(m); err != nil {
			panic("random move refused: " + err.Error())
		}
		n++
	}
	return n
}
