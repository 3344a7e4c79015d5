package record

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// Replay checks a complete document: the deal's key against the commitment, then every move from
// the deal, each against the turn and the hash the document gives, then the final places; and,
// in a version 2 document, that its steps rebuild the same table, move for move. It returns the
// final game, or an error (wrapping ErrDiverges when a state differs) that names the move or step.
func Replay(d Document) (*game.Game, error) {
	if !d.Complete || d.Setup == nil {
		return nil, errors.New("this record is of a running game: it has no deal to replay (export it again once the game is over)")
	}
	if d.Commitment != "" && table.DealCommitment(d.Game, d.Setup.Key) != d.Commitment {
		return nil, fmt.Errorf("%w: the deal's key does not match the commitment %s posted at the start", ErrDiverges, d.Commitment)
	}
	e, err := game.LookupMap(d.Setup.Map)
	if err != nil {
		return nil, err
	}
	g, err := game.NewGame(e.Map, e.Variant, *d.Setup)
	if err != nil {
		return nil, fmt.Errorf("the record's deal: %w", err)
	}
	for _, m := range d.Moves {
		turn := g.Turn
		if m.Turn != turn {
			return nil, fmt.Errorf("%w at move %d (%s): the record puts it in turn %d, but the game is at turn %d then", ErrDiverges, m.N, game.Echo(m.User), m.Turn, turn)
		}
		if _, err := g.Apply(m.Move); err != nil {
			return nil, fmt.Errorf("%w at move %d (turn %d, %s): the move is refused: %w", ErrDiverges, m.N, turn, game.Echo(m.User), err)
		}
		if h := g.Hash(); h != m.Hash {
			return nil, fmt.Errorf("%w at move %d (turn %d, %s): the state's hash is %s, the record says %s", ErrDiverges, m.N, turn, game.Echo(m.User), h, game.Echo(m.Hash))
		}
	}
	// A league game stopped before its end is placed by its league's rule, which its steps tell;
	// an earlier release placed it by score, which a record it wrote keeps.
	byScore := results(g)
	want := byScore
	if len(d.Steps) > 0 {
		t, err := d.checkSteps(g)
		if err != nil {
			return nil, err
		}
		if want, err = finalOf(t); err != nil {
			return nil, fmt.Errorf("%w: the table's steps place nobody: %w", ErrDiverges, err)
		}
	}
	if len(d.Final) > 0 && !slices.Equal(want, d.Final) && !slices.Equal(byScore, d.Final) {
		return nil, fmt.Errorf("%w: the final scores are %v, the record says %v", ErrDiverges, want, d.Final)
	}
	return g, nil
}

// checkSteps replays the table's steps, checks that they play the document's moves, by the
// same players, to the same game, and returns the table they rebuild.
func (d Document) checkSteps(g *game.Game) (*table.Table, error) {
	steps := make([]table.Step, len(d.Steps))
	for i, s := range d.Steps {
		steps[i] = s.Step
	}
	t, err := table.Replay(steps)
	if err != nil {
		return nil, fmt.Errorf("%w: the table's steps do not replay: %w", ErrDiverges, err)
	}
	if t.Game == nil || len(t.Moves) != len(d.Moves) {
		return nil, fmt.Errorf("%w: the table's steps play %d moves, the record lists %d", ErrDiverges, len(t.Moves), len(d.Moves))
	}
	for i, l := range t.Moves {
		m := d.Moves[i]
		if l.User != m.User || !sameMove(l.Move, m.Move) {
			return nil, fmt.Errorf("%w at move %d: the table's steps play %s's %s, the record lists %s's %s", ErrDiverges, m.N,
				game.Echo(l.User), l.Move.Kind, game.Echo(m.User), m.Move.Kind)
		}
	}
	if t.Game.Hash() != g.Hash() {
		return nil, fmt.Errorf("%w: the table's steps end in another state than the moves", ErrDiverges)
	}
	return t, nil
}

// sameMove compares two moves as a record writes them.
func sameMove(a, b game.Move) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}
