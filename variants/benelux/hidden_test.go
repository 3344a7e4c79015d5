package benelux

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TestIslandTilesUnderTheTopStayHidden checks the hardening rule for the island stacks: only a
// stack's face-up top tile and its count are public. At every start of a turn with the island
// choice, and at random other steps, of 200 random games, a twin whose stacks hold other tiles
// below their tops (and, on the stack used this turn, under the face-down pile) shows players
// exactly the same redacted view (marks and offers included), and judges every island action
// alike.
func TestIslandTilesUnderTheTopStayHidden(t *testing.T) {
	compared, differing := 0, 0
	for seed := range 200 {
		g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"a", "b", "c"}, Seed: uint64(seed)})
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(uint64(seed))
		for g.Phase != game.PhaseOver {
			if g.Phase == game.PhaseSource || rng.Intn(6) == 0 {
				compared++
				if sameToPlayers(t, g) {
					differing++
				}
			}
			m, _ := g.RandomMove(&rng, nil)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if differing < compared/2 {
		t.Errorf("only %d of %d twins hid other tiles: the check proves little", differing, compared)
	}
}

// sameToPlayers fails t if a twin of g with other hidden island tiles shows players anything
// else; it reports whether the twin's hidden tiles differ at all.
func sameToPlayers(t *testing.T, g *game.Game) bool {
	t.Helper()
	twin := g.Clone()
	differs := hideOther(twin)
	a, _ := json.Marshal(g.View(false))
	b, _ := json.Marshal(twin.View(false))
	if string(a) != string(b) {
		t.Fatalf("turn %d: the redacted view tells the tiles under an island stack's top:\n%s\n%s", g.Turn, a, b)
	}
	for i := range st(g).Stacks {
		x := takeAction(i)
		ea := g.Clone().Play(game.Move{Kind: game.MoveAction, Player: g.Current, Action: &x})
		eb := twin.Clone().Play(game.Move{Kind: game.MoveAction, Player: g.Current, Action: &x})
		if (ea == nil) != (eb == nil) || ea != nil && ea.Error() != eb.Error() {
			t.Fatalf("turn %d: %v is judged on hidden tiles: %v / %v", g.Turn, x, ea, eb)
		}
	}
	return differs
}

// hideOther changes what nobody may know of g's island stacks: the tiles below each face-up top
// are reversed and, on a stack whose top is face down, the whole stack; it reports whether any
// stack changed.
func hideOther(g *game.Game) bool {
	s := st(g)
	changed := false
	for i, stack := range s.Stacks {
		hidden := stack
		if s.faceUp(i) {
			hidden = stack[:len(stack)-1]
		}
		before := slices.Clone(hidden)
		slices.Reverse(hidden)
		changed = changed || !slices.Equal(before, hidden)
	}
	return changed
}
