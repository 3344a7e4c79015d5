package benelux

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

// The tiles under each island stack's top lie face down (and the top too, on the stack a tile was
// taken from this turn): nobody knows them, so a search that deals the hidden tiles again
// (game.Game.Determinize, the AI's view of the game) must deal these again too.

// Concealed lists the face-down tiles of the island stacks, stack by stack, bottom first.
func (Variant) Concealed(g *game.Game) []game.TileID {
	s := st(g)
	var out []game.TileID
	for i, stack := range s.Stacks {
		out = append(out, stack[:hiddenIn(s, i)]...)
	}
	return out
}

// Reconceal lays re-dealt tiles into the same face-down places.
func (Variant) Reconceal(g *game.Game, tiles []game.TileID) {
	s := st(g)
	for i, stack := range s.Stacks {
		n := hiddenIn(s, i)
		copy(stack[:n], tiles[:n])
		tiles = tiles[n:]
	}
}

// hiddenIn is how many tiles of stack i lie face down: all but a face-up top.
func hiddenIn(s *state, i int) int {
	if s.faceUp(i) {
		return len(s.Stacks[i]) - 1
	}
	return len(s.Stacks[i])
}
