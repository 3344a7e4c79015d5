package ai

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

// ChipAppraiser is the optional hook through which a map prices its chip mechanics for master's
// evaluation (wine to sell, meeples waiting on an island, tiles a chip can buy, treats lying by the
// landscape, upgrades a hand can pay). The engine gives chips no meaning, so without the hook
// master prices a chip in a supply at chipWorth a point of its value, as easy does.
//
// A variant implements it beside its rules (variants/MAP/ai.go); this package never names a map.
type ChipAppraiser interface {
	// AppraiseChips adds to worth[p], for every player p, what the chips are worth to p by the
	// end of the game beyond the points already scored: those in p's supply, and those of the map
	// p stands to gain. It reads only what every player sees (the supplies, face-up chips, how many
	// chips lie face down and where, the public sizes of stacks), never the value of a face-down
	// chip or the order of face-down tiles: a search calls it on determinized copies, but the
	// fairness test calls it on real games whose hidden things it permutes.
	AppraiseChips(g *game.Game, worth []float64)
}

// appraiser is g's map's ChipAppraiser, or nil.
func appraiser(g *game.Game) ChipAppraiser {
	a, _ := g.Variant.(ChipAppraiser)
	return a
}

// rankTurn is how master ranks the whole turns it may search: easy's evaluation, with the map's
// pricing of its chips in place of chipWorth when the map has one. Without it a choice that only
// the chips tell apart (where a treat goes) fills the candidates with equals.
func rankTurn(g *game.Game, seat int, buf []game.Holding) (float64, []game.Holding) {
	a := appraiser(g)
	if a == nil {
		return evaluate(g, seat, buf)
	}
	var worth [6]float64
	players := len(g.Players)
	buf = heldWorth(g, worth[:players], buf)
	suppliesWorth(g, worth[:players], supplyFrac(g), g.TilesLeft(), false)
	a.AppraiseChips(g, worth[:players])
	if g.Over() {
		for p := range players {
			worth[p] = float64(g.Players[p].Score)
		}
	}
	return relative(worth[:players], seat), buf
}
