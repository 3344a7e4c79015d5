package commands

import (
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TileCount is a number of tiles of one kind.
type TileCount struct {
	Tile  game.TileID
	Count int
}

// TilesLeft is what every player can count of the tiles still to come, the same for every seat:
// the /carc tiles text and its picture both come from it. The tiles nobody has seen are in the
// face-down stack or lie face down in a variant's piles on the map (the island stacks below their
// top tile); which tile lies where is never told, only how many of each kind are still unseen.
type TilesLeft struct {
	// Title names the game for the picture: the map and the turn.
	Title string
	// Stack is the number of tiles in the face-down stack; FaceDown the tiles face down in piles
	// on the map.
	Stack, FaceDown int
	// ToCome are the tiles nobody has seen, by kind in the tile table's order.
	ToCome []TileCount
	// HiddenExpansion is, with a random choice of expansion tiles (tiles:N), how many unseen
	// tiles of that choice remain: which ones were chosen stays hidden, so they are not in ToCome.
	HiddenExpansion int
	// FaceUp are the tiles face up on the map that no one has placed yet (an island stack's top).
	FaceUp []TileCount
	// Out are the tiles out of the game for want of a legal square, in the order they left.
	Out []game.TileID
}

// CountTilesLeft counts the tiles still to come of a game: the pool the options chose, less every
// tile everyone has seen (placed, out of the game, drawn, face up on the map).
func CountTilesLeft(t *table.Table) TilesLeft {
	g := t.Game
	out := TilesLeft{Title: fmt.Sprintf("%s, turn %d", t.Entry().Title, g.Turn), Stack: len(g.Deck), Out: slices.Clone(g.Discarded)}
	types := game.Tiles().Types
	hiddenExp := g.Opts.Pool == game.PoolCount
	left := make([]int, len(types))
	for _, tt := range types {
		if tt.Set == "base" || g.Opts.Pool == game.PoolAll || g.Opts.Pool == game.PoolInns && tt.Set == "ic" {
			left[tt.Index] = tt.Count
		}
	}
	if hiddenExp {
		out.HiddenExpansion = g.Opts.TileCount - game.Options{Pool: game.PoolBase}.PoolSize()
	}
	seen := func(id game.TileID) {
		switch {
		case id.Type().Set != "base" && hiddenExp:
			out.HiddenExpansion--
		case left[id] > 0:
			left[id]--
		}
	}
	for _, p := range g.Placed() {
		seen(p.Tile)
	}
	for _, d := range g.Discarded {
		seen(d)
	}
	if g.HasDrawn() {
		seen(g.Drawn)
	}
	faceUp, faceDown := heldTiles(g)
	out.FaceDown = len(faceDown)
	up := make([]int, len(types))
	for _, id := range faceUp {
		seen(id)
		up[id]++
	}
	out.HiddenExpansion = max(0, out.HiddenExpansion)
	for _, tt := range types {
		if n := left[tt.Index]; n > 0 {
			out.ToCome = append(out.ToCome, TileCount{tt.Index, n})
		}
		if n := up[tt.Index]; n > 0 {
			out.FaceUp = append(out.FaceUp, TileCount{tt.Index, n})
		}
	}
	return out
}

// heldTiles are the tiles a variant keeps out of the stack and off the board, split into those
// face up on the map and those face down (game.Concealer).
func heldTiles(g *game.Game) (faceUp, faceDown []game.TileID) {
	h, ok := g.Variant.(game.Holder)
	if !ok {
		return nil, nil
	}
	faceUp = slices.Clone(h.Held(g).Tiles)
	if c, ok := g.Variant.(game.Concealer); ok {
		faceDown = c.Concealed(g)
		for _, id := range faceDown {
			if i := slices.Index(faceUp, id); i >= 0 {
				faceUp = slices.Delete(faceUp, i, i+1)
			}
		}
	}
	return faceUp, faceDown
}
