// Package gametest is the engine's test kit for a map's rules: one call plays thousands of
// complete random games and checks, after every move, what must hold of any game, so that each
// map's tests say in one line that its variant keeps the engine's promises:
//
//	gametest.Playouts(t, france.Rules(), 2000, 1)
//
// Before the games: every method of the variant named as a hook's method implements that hook
// (game.CheckHooks), since a hook with a wrong signature would silently play the plain game. After
// every move: the engine's bookkeeping (Game.CheckConsistency); every meeple, tile and chip
// accounted for (in supplies, on the board, in the stack, out of the game, or held by the variant
// through game.Holder); scores never fall and equal their log; the variant offers an action
// (CanAct) exactly when it lists one (Actions). At random moments of every game:
// the redacted view shows no hidden value, the snapshot restores to the same state, a clone (a
// fresh one, and one made in a used game's memory) plays on without touching the original, junk
// moves and actions are refused without changing anything, every legal action is accepted (and
// offered alike, with the same effect, on a search's copy, which writes no texts), and a skip
// ends the turn from any step (an open choice takes its default). At the end the move log
// replays to the same state.
package gametest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

var names = []string{"ann", "bob", "cy", "dee", "eve", "fay"}

// Playouts plays complete random games of r (Games(games) of them: all when soaking), with 2 to 6
// players in turn and seeds from seed, and fails t at the first broken promise, naming the game,
// the move and the rule.
func Playouts(t testing.TB, r game.MapRules, games int, seed uint64) {
	t.Helper()
	playouts(t, r, games, seed, game.DefaultOptions())
}

// PlayoutsWithExpansionRules is Playouts with the full rules of both expansions on (rules:all):
// the big meeple, the builder and the pig, goods and the inns and cathedrals, on every tile of
// both expansions. Check accounts for every piece and CheckConsistency for the goods.
func PlayoutsWithExpansionRules(t testing.TB, r game.MapRules, games int, seed uint64) {
	t.Helper()
	o := game.DefaultOptions()
	o.InnsCathedrals, o.TradersBuilders = true, true
	playouts(t, r, games, seed, o)
}

func playouts(t testing.TB, r game.MapRules, games int, seed uint64, o game.Options) {
	t.Helper()
	if err := game.CheckHooks(r.Variant); err != nil {
		t.Fatalf("%s: %v", r.ID, err)
	}
	for i := range Games(games) {
		s := game.Setup{Players: names[:2+i%5], Seed: seed + uint64(i), Options: o}
		if err := Play(r, s, seed^uint64(i)*0x9e3779b97f4a7c15); err != nil {
			t.Fatalf("%s game %d (seed %d, %d players): %v", r.ID, i, s.Seed, len(s.Players), err)
		}
	}
}

// Play plays one complete random game from setup s, its random players and probes drawing from
// seed (not from the game's own generator), and returns the first broken promise.
func Play(r game.MapRules, s game.Setup, seed uint64) error {
	g, err := game.NewGame(r.Map, r.Variant, s)
	if err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	start := Count(g)
	if err := Check(g, start, nil); err != nil {
		return fmt.Errorf("after setup: %w", err)
	}
	rng := game.NewRNG(seed)
	var moves []game.Move
	var buf []game.Placement
	for g.Phase != game.PhaseOver {
		if len(moves) > 4*g.Opts.PoolSize()+100 {
			return fmt.Errorf("the game does not end: %d moves", len(moves))
		}
		if rng.Intn(40) == 0 {
			if err := Probe(g, r, &rng); err != nil {
				return fmt.Errorf("before move %d: %w", len(moves)+1, err)
			}
		}
		scores := make([]int, len(g.Players))
		for p := range g.Players {
			scores[p] = g.Players[p].Score
		}
		var m game.Move
		m, buf = g.RandomMove(&rng, buf)
		if err := g.Play(m); err != nil {
			return fmt.Errorf("move %d %s refused: %w", len(moves)+1, describe(m), err)
		}
		moves = append(moves, m)
		if err := Check(g, start, scores); err != nil {
			return fmt.Errorf("after move %d %s: %w", len(moves), describe(m), err)
		}
	}
	replayed, err := game.Replay(r.Map, r.Variant, s, moves)
	if err != nil {
		return fmt.Errorf("the move log does not replay: %w", err)
	}
	if replayed.Hash() != g.Hash() {
		return fmt.Errorf("the move log replays to another state")
	}
	return nil
}

func describe(m game.Move) string {
	switch m.Kind {
	case game.MovePlace:
		return fmt.Sprintf("(place %s %s°)", m.Square, m.Rotation)
	case game.MoveMeeple:
		return fmt.Sprintf("(%s %s)", m.Piece.Name(), m.Spot)
	case game.MoveAction:
		return fmt.Sprintf("(action %s)", m.Action)
	}
	return "(" + string(m.Kind) + ")"
}

// Pieces counts a game's pieces wherever they are.
type Pieces struct {
	Tiles   int
	Chips   int
	Meeples []int
	// Big, Builder and Pig count each player's pieces of the expansions' rules, in supply or on
	// the map.
	Big, Builder, Pig []int
}

// Count counts g's tiles (on the board, in the stack, drawn, out of the game, held by the
// variant), chips (on the map, in hands, out of the game, held) and each player's meeples (in
// supply, on the board, held).
func Count(g *game.Game) Pieces {
	held := g.Held()
	p := Pieces{Tiles: len(g.Placed()) + len(g.Deck) + len(g.Discarded) + len(held.Tiles),
		Chips: len(g.MapChips) + len(g.ChipsOut) + len(held.Chips), Meeples: make([]int, len(g.Players)),
		Big: make([]int, len(g.Players)), Builder: make([]int, len(g.Players)), Pig: make([]int, len(g.Players))}
	if g.HasDrawn() {
		p.Tiles++
	}
	for i, pl := range g.Players {
		p.Chips += len(pl.Chips)
		p.Meeples[i] = pl.Meeples
		p.Big[i], p.Builder[i], p.Pig[i] = pl.Big, pl.Builder, pl.Pig
		if i < len(held.Meeples) {
			p.Meeples[i] += held.Meeples[i]
		}
	}
	for _, m := range g.Meeples {
		if m.Kind == game.PieceBig {
			p.Big[m.Player]++
			continue
		}
		p.Meeples[m.Player]++
	}
	for _, m := range g.Pieces {
		switch m.Kind {
		case game.PieceBuilder:
			p.Builder[m.Player]++
		case game.PiecePig:
			p.Pig[m.Player]++
		}
	}
	return p
}

// Check verifies what must hold of g after any move: start is Count after setup; scores the
// players' scores before the move (nil after setup).
func Check(g *game.Game, start Pieces, scores []int) error {
	if err := g.CheckConsistency(); err != nil {
		return err
	}
	now := Count(g)
	if now.Tiles != start.Tiles || now.Tiles != g.Opts.PoolSize() {
		return fmt.Errorf("%d tiles accounted for, the game has %d (pool %d)", now.Tiles, start.Tiles, g.Opts.PoolSize())
	}
	if now.Chips != start.Chips {
		return fmt.Errorf("%d chips accounted for, the game has %d", now.Chips, start.Chips)
	}
	for i, p := range g.Players {
		if now.Meeples[i] != g.Opts.Meeples || p.Meeples < 0 {
			return fmt.Errorf("%s: %d meeples accounted for (%d in supply), not %d", p.Name, now.Meeples[i], p.Meeples, g.Opts.Meeples)
		}
		one := map[bool]int{true: 1}
		if now.Big[i] != one[g.Opts.IC()] || now.Builder[i] != one[g.Opts.TB()] || now.Pig[i] != one[g.Opts.TB()] {
			return fmt.Errorf("%s: %d big meeple, %d builder, %d pig accounted for (supply and map)", p.Name, now.Big[i], now.Builder[i], now.Pig[i])
		}
		if scores != nil && p.Score < scores[i] {
			return fmt.Errorf("%s's score fell from %d to %d", p.Name, scores[i], p.Score)
		}
	}
	sums := make([]int, len(g.Players))
	for _, e := range g.Log {
		sums[e.Player] += e.Points
	}
	for i, p := range g.Players {
		if sums[i] != p.Score {
			return fmt.Errorf("%s: the log sums to %d, the score is %d", p.Name, sums[i], p.Score)
		}
	}
	switch {
	case g.Phase == game.PhaseOver:
	case g.Players[g.Current].Resigned:
		return fmt.Errorf("%s has resigned but is to play", g.Players[g.Current].Name)
	case g.Phase == game.PhasePlace && !g.CanPlace(g.Drawn):
		return fmt.Errorf("the drawn tile %s fits nowhere", g.Drawn)
	case g.TurnState.Choice != nil && len(g.LegalActions()) == 0:
		return fmt.Errorf("a choice is open (%s) with no way to settle it", g.TurnState.Choice.Action)
	case g.TurnState.Choice == nil && g.CanAct() != (len(g.LegalActions()) > 0):
		return fmt.Errorf("in %s the variant says it offers an action (CanAct) %v, but lists %d (Actions)", g.Phase, g.CanAct(), len(g.LegalActions()))
	case (g.Phase == game.PhaseFinish || g.Phase == game.PhaseDecide) && g.TurnState.Choice == nil && !g.CanAct():
		return fmt.Errorf("the game waits in %s with nothing to do there", g.Phase)
	}
	return nil
}

// redacted checks that the players' view holds no face-down chip value and no stack order.
func redacted(g *game.Game) error {
	v := g.View(false)
	if len(v.Deck) > 0 {
		return fmt.Errorf("the redacted view shows the stack")
	}
	for _, c := range v.MapChips {
		if !c.FaceUp && c.Chip != (game.Chip{}) {
			return fmt.Errorf("the redacted view shows the face-down chip on %s", c.Square)
		}
	}
	return nil
}

// roundTrip checks that g's snapshot restores to a game with the hash want.
func roundTrip(g *game.Game, want string) error {
	snap, err := g.Snapshot()
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	r, err := game.Restore(g.Map, g.Variant, snap)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if r.Hash() != want {
		return fmt.Errorf("the snapshot restores to another state")
	}
	return nil
}

// Probe checks, at one moment of a game, the promises that cost too much to check after every
// move: the redacted view, the snapshot round trip, independent clones, refused junk changing nothing, every legal
// action accepted, and a skip (a missed deadline) ending the turn in whatever step it waits, an
// open choice taking its default.
func Probe(g *game.Game, r game.MapRules, rng *game.RNG) error {
	if err := redacted(g); err != nil {
		return err
	}
	before := g.Hash()
	if err := roundTrip(g, before); err != nil {
		return err
	}
	c := g.Clone()
	m, _ := c.RandomMove(rng, nil)
	if err := c.Play(m); err != nil {
		return fmt.Errorf("a clone refused %s: %w", describe(m), err)
	}
	for _, j := range junk(g, r, rng) {
		if err := g.Play(j); err == nil {
			// An action the variant accepts but does not list would never be offered to players.
			return fmt.Errorf("%s was accepted, but it is not a legal move now", describe(j))
		}
	}
	if g.Hash() != before {
		return fmt.Errorf("playing on a clone, or a refused junk move, changed the game")
	}
	for _, a := range g.LegalActions() {
		c := g.Clone()
		act := a.Action
		if err := c.Play(game.Move{Kind: game.MoveAction, Player: c.Current, Action: &act}); err != nil {
			return fmt.Errorf("the legal action %q (%s) is refused: %w", a.Label, act, err)
		}
	}
	if err := searchCopyOffersTheSame(g, rng); err != nil {
		return err
	}
	if err := copyIntoAUsedGame(g, rng); err != nil {
		return err
	}
	skipped := g.Clone()
	start := Count(skipped)
	if err := skipped.Play(game.Move{Kind: game.MoveSkip, Player: skipped.Current}); err != nil {
		return fmt.Errorf("a skip in %s is refused: %w", g.Phase, err)
	}
	if skipped.Phase != game.PhaseOver && skipped.Turn == g.Turn {
		return fmt.Errorf("a skip in %s did not end the turn", g.Phase)
	}
	if err := Check(skipped, start, nil); err != nil {
		return fmt.Errorf("after a skip in %s: %w", g.Phase, err)
	}
	return nil
}

// searchCopyOffersTheSame checks that a search's copy of g (Determinize), which writes no texts
// (Game.Tells), offers the same actions as g with the same points, and that each leaves every
// player's score, meeples and chips as it does in g: an AI weighs what players are offered. The
// actions of g are labelled for people.
func searchCopyOffersTheSame(g *game.Game, rng *game.RNG) error {
	d := g.Determinize(rng)
	legal, copied := g.LegalActions(), d.LegalActions()
	if len(legal) != len(copied) {
		return fmt.Errorf("a search's copy offers %d actions where the game offers %d", len(copied), len(legal))
	}
	for i, a := range legal {
		b := copied[i]
		switch {
		case a.Label == "" || a.Words.IsZero():
			return fmt.Errorf("the legal action %s has no label for people", a.Action)
		case !sameAction(a.Action, b.Action) || a.Points != b.Points:
			return fmt.Errorf("a search's copy offers %s (%d points) where the game offers %s (%d)", b.Action, b.Points, a.Action, a.Points)
		}
		played, searched := g.Clone(), d.Clone()
		for _, c := range []*game.Game{played, searched} {
			act := a.Action
			if err := c.Play(game.Move{Kind: game.MoveAction, Player: c.Current, Action: &act}); err != nil {
				return fmt.Errorf("the legal action %s is refused (search's copy: %t): %w", act, !c.Tells(), err)
			}
		}
		if played.Over() != searched.Over() {
			// The action ended the turn and the face-down tiles decided whether the game goes
			// on (the last ones may fit nowhere): the copy deals them again.
			continue
		}
		for p := range played.Players {
			x, y := played.Players[p], searched.Players[p]
			if x.Score != y.Score || x.Meeples != y.Meeples || !slices.Equal(x.Chips, y.Chips) {
				return fmt.Errorf("after %s, %s has %d points, %d meeples and chips %v, but %d, %d and %v on a search's copy",
					a.Action, x.Name, x.Score, x.Meeples, x.Chips, y.Score, y.Meeples, y.Chips)
			}
		}
	}
	return nil
}

// copyIntoAUsedGame checks Game.CloneInto, as a search uses it, with the variant's state: a copy
// of g made in the memory of a game played further is g itself, and the same move plays alike on
// it and on a fresh clone, without touching g.
func copyIntoAUsedGame(g *game.Game, rng *game.RNG) error {
	used := g.Clone()
	for range 1 + rng.Intn(12) {
		if used.Over() {
			break
		}
		m, _ := used.RandomMove(rng, nil)
		if err := used.Play(m); err != nil {
			return fmt.Errorf("a clone refused %s: %w", describe(m), err)
		}
	}
	before := g.Hash()
	c := g.CloneInto(used)
	if c.Hash() != before {
		return fmt.Errorf("a copy made in a used game's memory differs from the game")
	}
	fresh := g.Clone()
	a, b := *rng, *rng
	for range 12 {
		if c.Over() {
			break
		}
		m, _ := c.RandomMove(&a, nil)
		if n, _ := fresh.RandomMove(&b, nil); describe(n) != describe(m) {
			return fmt.Errorf("a copy made in a used game's memory offers other moves than a clone")
		}
		for _, x := range []*game.Game{c, fresh} {
			if err := x.Play(m); err != nil {
				return fmt.Errorf("a copy refused %s: %w", describe(m), err)
			}
		}
		switch {
		case g.Hash() != before:
			return fmt.Errorf("playing on a copy made in a used game's memory changed the game")
		case c.Hash() != fresh.Hash():
			return fmt.Errorf("after %s, a copy made in a used game's memory differs from a clone", describe(m))
		}
	}
	return nil
}

// junk are moves that must be refused now: another player's move, a move of the wrong phase, an
// action the map does not have, and actions with nonsense arguments.
func junk(g *game.Game, r game.MapRules, rng *game.RNG) []game.Move {
	if g.Phase == game.PhaseOver {
		return nil
	}
	p := g.Current
	other := (p + 1) % len(g.Players)
	out := []game.Move{
		{Kind: game.MovePlace, Player: other, Square: game.At(0, 0)},
		{Kind: game.MoveAction, Player: p, Action: &game.Action{Name: "no-such-action"}},
	}
	if g.Phase != game.PhasePlace {
		out = append(out, game.Move{Kind: game.MovePlace, Player: p, Square: game.At(rng.Intn(g.Map.Cols), rng.Intn(g.Map.Rows))})
	}
	if g.Phase != game.PhaseMeeple {
		out = append(out, game.Move{Kind: game.MoveMeeple, Player: p, Spot: "none"})
	}
	if g.Phase != game.PhaseSource {
		out = append(out, game.Move{Kind: game.MoveDraw, Player: p})
	}
	legal := g.LegalActions()
	for _, spec := range r.Actions {
		a := game.Action{Name: spec.Name, Args: map[string]string{}}
		for _, o := range spec.Options {
			vals := append(slices.Clone(o.Choices), "nonsense", "Z99", "3", "-1")
			a.Args[o.Name] = vals[rng.Intn(len(vals))]
		}
		if !slices.ContainsFunc(legal, func(l game.LegalAction) bool { return sameAction(l.Action, a) }) {
			out = append(out, game.Move{Kind: game.MoveAction, Player: p, Action: &a})
		}
	}
	return out
}

func sameAction(a, b game.Action) bool {
	if a.Name != b.Name || len(a.Args) != len(b.Args) {
		return false
	}
	for k, v := range a.Args {
		if b.Args[k] != v {
			return false
		}
	}
	return true
}

// RefusalChangesNothing is the body of a map's fuzz target for its actions: it plays steps random
// moves of a game of r with players seats (the deal and the moves seeded by steps), then a, and
// fails t if a is refused but the game changed (the contract of game.Actor: Act validates an
// action completely before it changes anything).
func RefusalChangesNothing(t *testing.T, r game.MapRules, players int, steps uint8, a game.Action) {
	t.Helper()
	g, err := game.NewGame(r.Map, r.Variant, game.Setup{Players: names[:players], Seed: uint64(steps)})
	if err != nil {
		t.Fatal(err)
	}
	rng := game.NewRNG(uint64(steps) + 1)
	for range int(steps) {
		if g.Phase == game.PhaseOver {
			return
		}
		m, _ := g.RandomMove(&rng, nil)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	before := g.Hash()
	if err := g.Play(game.Move{Kind: game.MoveAction, Player: g.Current, Action: &a}); err != nil && g.Hash() != before {
		t.Fatalf("the refused action %v changed the game: %v", a, err)
	}
}
