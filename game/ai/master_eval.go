package ai

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

// Weights of master's evaluation beyond easy's, in points, set by hand from the rules; what they
// bought in paired matches is in the README's table of master's changes.
const (
	// meepleBack is the part of a meeple's worth in supply credited to a meeple standing in a
	// city, road or cloister, times the chance that the feature completes and sends it home: a
	// meeple in a feature that will never complete is lost for the rest of the game.
	meepleBack = 1.0
)

// masterEval is master's judgement of a playout's end: easy's evaluation (expected final score
// less the rivals'), with the meeples standing in features valued by their chance to come home,
// and the chips priced by the map's ChipAppraiser when it has one.
func masterEval(g *game.Game, seat int, buf []game.Holding) (float64, []game.Holding) {
	return masterJudge(g, seat, buf, appraiser(g))
}

// masterJudge is masterEval with the chips priced by a, or at chipWorth when a is nil.
func masterJudge(g *game.Game, seat int, buf []game.Holding, a ChipAppraiser) (float64, []game.Holding) {
	if g.Over() {
		return evaluate(g, seat, buf)
	}
	var worth [6]float64
	buf = g.Holdings(buf[:0])
	left := g.TilesLeft()
	frac := float64(left) / float64(max(1, g.Opts.PoolSize()))
	players := len(g.Players)
	for i := range buf {
		h := &buf[i]
		best := 0
		for _, w := range h.Weight {
			best = max(best, w)
		}
		v, p := expectedChance(h, left, players)
		for q := range players {
			if h.Weight[q] == best {
				if h.Pig[q] {
					worth[q] += v * 4 / 3 // R3.2.4, as evaluate counts it
				} else {
					worth[q] += v
				}
			}
			if h.Weight[q] > 0 && h.Kind != game.FieldFeature {
				// The weight is one per meeple but for a large meeple: either way about one
				// meeple comes back per seat.
				worth[q] += meepleBack * p * meepleFresh * frac
			}
		}
	}
	suppliesWorth(g, worth[:players], frac, left, a == nil)
	if a != nil {
		a.AppraiseChips(g, worth[:players])
	}
	return relative(worth[:players], seat), buf
}

// expectedChance is expected's value of a held feature with the chance that it completes (1 for
// a complete one, 0 for a farm).
func expectedChance(h *game.Holding, left, players int) (float64, float64) {
	now, gain := float64(h.Now), float64(h.Complete-h.Now)
	switch {
	case h.Kind == game.FieldFeature:
		return expected(h, left, players), 0
	case h.Open == 0:
		return now, 1
	case h.Kind == game.CloisterFeature:
		p := chance(float64(left) / float64(3*h.Open*players))
		return now + max(0, gain)*p, p
	}
	p := chance(float64(left)/float64(2*h.Open*players)) * max(0.1, 1-0.18*float64(h.Open-1))
	return now + max(0, gain)*p, p
}
