package game

import (
	"fmt"
)

// Pool names the land tiles a game uses.
type Pool string

// Tile pools.
const (
	// PoolBase is the base game (72 tiles).
	PoolBase Pool = "base"
	// PoolInns is the base game with Inns & Cathedrals (90 tiles).
	PoolInns Pool = "base+ic"
	// PoolAll is the base game with both expansions (114 tiles).
	PoolAll Pool = "base+ic+tb"
	// PoolCount is the Maps recommendation: the base game plus TileCount-72 tiles drawn at random
	// from the two expansions.
	PoolCount Pool = "count"
)

// Ferry models (R1.8.2, OQ-10 in game/RULES.md).
const (
	// FerryLanding is model (a): ferry ends act as printed border roads, the island opens when the
	// harbour has a tile, the first island tile goes on the landing square, roads stop at the water.
	FerryLanding = "a"
	// FerryRoadsContinue is model (c): as (a), but a road runs on across the ferry.
	FerryRoadsContinue = "c"
)

// Options are a table's rule choices. The zero value is not valid: start from DefaultOptions.
type Options struct {
	// Pool and TileCount choose the land tiles (TileCount is used by PoolCount).
	Pool      Pool `json:"pool"`
	TileCount int  `json:"tile_count"`
	// Meeples per player; 0 takes the map's number.
	Meeples int `json:"meeples"`
	// LargeCityAnchorBeforeConnection makes printed large cities anchors from the start (OQ-04).
	LargeCityAnchorBeforeConnection bool `json:"large_city_anchor_before_connection"`
	// CloisterOffMapCountsFilled counts unplayable neighbours of a cloister as filled (OQ-09).
	CloisterOffMapCountsFilled bool `json:"cloister_off_map_counts_filled"`
	// FerryModel is FerryLanding or FerryRoadsContinue (OQ-10).
	FerryModel string `json:"ferry_model"`
	// InnsCathedralsScoring turns on the Inns & Cathedrals scoring of inns and cathedrals (OQ-34).
	InnsCathedralsScoring bool `json:"inns_cathedrals_scoring"`
	// InnsCathedrals plays the full rules of Inns & Cathedrals (R3.1): the inns and cathedrals
	// scoring and the big meeple. Off by default: the Maps play the tiles only (R3.3).
	InnsCathedrals bool `json:"inns_cathedrals,omitempty"`
	// TradersBuilders plays the full rules of Traders & Builders (R3.2): goods, the builder and
	// the pig. Off by default (R3.3).
	TradersBuilders bool `json:"traders_builders,omitempty"`
	// RandomOrder seats the players in a random order instead of the order of joining.
	RandomOrder bool `json:"random_order"`
	// Variant holds the map variant's own flags (its RULES.md), by name.
	Variant map[string]string `json:"variant,omitempty"`
	// Legacy marks a table opened before its flags were stored with it: a flag it does not hold
	// takes the value it had then (Flag.Legacy), so that the stored game replays as it was played.
	Legacy bool `json:"legacy,omitempty"`
}

// DefaultOptions are the chosen readings of game/RULES.md.
func DefaultOptions() Options {
	return Options{Pool: PoolCount, CloisterOffMapCountsFilled: true, FerryModel: FerryLanding}
}

// poolSets are the base game's tiles and the expansions' tiles, each in tile-table order: built
// once, copied for each game.
var poolSets = func() (sets struct{ base, ic, tb []TileID }) {
	for _, t := range Tiles().Types {
		for range t.Count {
			switch t.Set {
			case "base":
				sets.base = append(sets.base, t.Index)
			case "ic":
				sets.ic = append(sets.ic, t.Index)
			default:
				sets.tb = append(sets.tb, t.Index)
			}
		}
	}
	return sets
}()

// tilePool lists the land tiles for a game (the start tile included), in tile-table order.
func tilePool(o Options, rng *RNG) ([]TileID, error) {
	base := poolSets.base
	pool := make([]TileID, 0, len(base)+len(poolSets.ic)+len(poolSets.tb))
	pool = append(pool, base...)
	switch o.Pool {
	case PoolBase:
		return pool, nil
	case PoolInns:
		return append(pool, poolSets.ic...), nil
	case PoolAll:
		return append(append(pool, poolSets.ic...), poolSets.tb...), nil
	case PoolCount:
		extra := append(append([]TileID(nil), poolSets.ic...), poolSets.tb...)
		n := o.TileCount - len(base)
		if n < 0 || n > len(extra) {
			return nil, fmt.Errorf("a game takes %d to %d tiles, not %d", len(base), len(base)+len(extra), o.TileCount)
		}
		rng.Shuffle(len(extra), func(i, j int) { extra[i], extra[j] = extra[j], extra[i] })
		return append(pool, extra[:n]...), nil
	}
	return nil, fmt.Errorf("unknown tile pool %q: use base, base+ic, base+ic+tb or count", Echo(string(o.Pool)))
}

// PoolSize is the number of land tiles the options put in a game (the start tile included).
func (o Options) PoolSize() int {
	switch o.Pool {
	case PoolBase:
		return len(poolSets.base)
	case PoolInns:
		return len(poolSets.base) + len(poolSets.ic)
	case PoolAll:
		return len(poolSets.base) + len(poolSets.ic) + len(poolSets.tb)
	}
	return o.TileCount
}
