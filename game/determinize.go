package game

import (
	"cmp"
	"slices"
)

// Concealer is the optional hook of a variant that holds tiles face down outside the stack (a
// reserve, the tiles under the top of an island stack). Determinize re-deals them together with
// the stack; a variant without the hook shows every tile it holds.
type Concealer interface {
	// Concealed lists the face-down tiles the variant holds, in an order of its own slots.
	Concealed(g *Game) []TileID
	// Reconceal puts tiles into those slots, one each, in the same order; it is given exactly as
	// many tiles as Concealed listed.
	Reconceal(g *Game, tiles []TileID)
}

// Determinize returns a copy of the game in which everything no player can see is dealt again from
// what the players know, drawing from rng (the caller's, never the game's generator): the
// face-down tiles (the stack and a Concealer's tiles) from the tiles not yet seen, and the values of
// the face-down chips, with the chips the setup put out of the game unseen, from the chips not yet
// seen. The copy gets a generator of its own, seeded from rng, and a setup without the seed, the key
// or anything a table script fixed, so nothing in it can bring back the real deal.
//
// The copy depends only on what is public and on rng: two games that differ only in hidden things
// give the same copy for the same rng state, and rng is advanced the same way. Nothing in these
// rules is seen by one seat and not by the others, so the copy serves every seat.
//
// Face-down chips are re-dealt from the multiset the game holds face down and unseen. When a map
// deals its chips from the box that is exactly the box less the chips seen; a map that drew chip
// values independently would let that multiset (not where each chip lies) through.
//
// The copy is a search's: its moves change the players' scores but add nothing to the score log
// and emit no events, which no search reads.
func (g *Game) Determinize(rng *RNG) *Game { return g.DeterminizeInto(rng, nil) }

// DeterminizeInto is Determinize made in the memory of dst, a copy the caller has done with, or a
// new copy when dst is nil: the same copy either way.
func (g *Game) DeterminizeInto(rng *RNG, dst *Game) *Game {
	var c *Game
	if dst == nil {
		c = g.Clone()
	} else {
		c = g.CloneInto(dst)
	}
	c.searchCopy = true
	c.Setup = Setup{Map: g.Setup.Map, Players: g.Setup.Players, Options: g.Setup.Options}
	c.RNG = NewRNG(rng.Uint64())
	c.dealUnseenTiles(rng)
	c.dealUnseenChips(rng)
	return c
}

// dealUnseenTiles deals the face-down tiles again from the tiles nobody has seen.
func (g *Game) dealUnseenTiles(rng *RNG) {
	concealed := g.concealed()
	need := len(g.Deck) + len(concealed)
	tiles, ok := g.unseenTiles(rng, need, len(concealed))
	if !ok {
		// The setup stacked the deck beyond what any pool holds (table scripts): keep the tiles,
		// in an order that depends on nothing hidden.
		tiles = append(slices.Clone(g.Deck), concealed...)
		slices.Sort(tiles)
	}
	rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
	g.Deck = tiles[:len(g.Deck)]
	if g.hooks.conceal != nil {
		g.hooks.conceal.Reconceal(g, slices.Clone(tiles[len(g.Deck):]))
	}
}

// unseenTiles draws need tiles from what the players can know the face-down tiles are: the
// tiles of the pool the options choose that nobody has seen. A pool of a given count holds every
// base tile and a random choice of the expansions' tiles, so the unseen base tiles are certainly
// face down and the rest are a random choice of the unseen expansion tiles. ok is false when the
// tiles seen do not fit the pool.
func (g *Game) unseenTiles(rng *RNG, need, concealed int) ([]TileID, bool) {
	n := len(Tiles().Types)
	left := make([]int, n)
	sure := make([]bool, n)
	for _, t := range poolSets.base {
		left[t]++
		sure[t] = true
	}
	if g.Opts.Pool != PoolBase {
		for _, t := range poolSets.ic {
			left[t]++
			sure[t] = g.Opts.Pool != PoolCount
		}
	}
	if g.Opts.Pool == PoolAll || g.Opts.Pool == PoolCount {
		for _, t := range poolSets.tb {
			left[t]++
			sure[t] = g.Opts.Pool != PoolCount
		}
	}
	seen := append(slices.Clone(g.Discarded), g.visibleHeld(concealed)...)
	for _, t := range g.tiles {
		if !t.Printed {
			seen = append(seen, t.Tile)
		}
	}
	if g.HasDrawn() {
		seen = append(seen, g.Drawn)
	}
	for _, t := range seen {
		if left[t] == 0 {
			return nil, false
		}
		left[t]--
	}
	var certain, maybe []TileID
	for t := range n {
		for range left[t] {
			if sure[t] {
				certain = append(certain, TileID(t))
			} else {
				maybe = append(maybe, TileID(t))
			}
		}
	}
	k := need - len(certain)
	if k < 0 || k > len(maybe) {
		return nil, false
	}
	for i := range k {
		j := i + rng.Intn(len(maybe)-i)
		maybe[i], maybe[j] = maybe[j], maybe[i]
	}
	return append(certain, maybe[:k]...), true
}

// visibleHeld lists the tiles the variant holds face up: all it holds but the concealed ones.
func (g *Game) visibleHeld(concealed int) []TileID {
	held := g.Held().Tiles
	if concealed == 0 {
		return held
	}
	out := slices.Clone(held)
	for _, t := range g.concealed() {
		if i := slices.Index(out, t); i >= 0 {
			out = slices.Delete(out, i, i+1)
		}
	}
	return out
}

// dealUnseenChips deals the values of the face-down chips again, from them and the chips the
// setup put out of the game unseen.
func (g *Game) dealUnseenChips(rng *RNG) {
	var pool []Chip
	for _, mc := range g.MapChips {
		if !mc.FaceUp {
			pool = append(pool, mc.Chip)
		}
	}
	pool = append(pool, g.ChipsOut[:g.unseenOut]...)
	slices.SortFunc(pool, func(a, b Chip) int {
		return cmp.Or(cmp.Compare(a.Color, b.Color), cmp.Compare(a.Value, b.Value))
	})
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i := range g.MapChips {
		if !g.MapChips[i].FaceUp {
			g.MapChips[i].Chip, pool = pool[0], pool[1:]
		}
	}
	copy(g.ChipsOut, pool)
}
