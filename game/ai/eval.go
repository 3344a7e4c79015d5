package ai

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

// Weights of the static evaluation, in points: set by hand from the rules' scoring and checked by
// matches (match.go), not fitted.
const (
	// meepleFresh is what a meeple in supply is worth with the whole stack to come; it falls with
	// the tiles left, and each further meeple in supply is worth a little less than the one before.
	meepleFresh = 4.0
	meepleDecay = 0.85
	// chipWorth is a chip in hand per point of its value: chips buy points through the map's
	// actions (a wine sold, a chip banked), which the engine prices in LegalAction.Points.
	chipWorth = 1.5
	// farmShare is the part of a farm's open cities counted as if they completed.
	farmShare = 0.5
	// With the expansions' rules: the big meeple in supply is worth a meeple and a half, the
	// builder its likely second tile, the pig a little; a goods majority is worth its 10 points
	// (R3.2.2), a pig makes its owner's farm worth 4/3 (R3.2.4).
	bigWorth     = 1.5
	builderWorth = 3.0
	pigWorth     = 1.0
	goodsWorth   = 10.0
)

// evaluate judges the position for seat: its expected final score less its rivals'.
func evaluate(g *game.Game, seat int, buf []game.Holding) (float64, []game.Holding) {
	var worth [6]float64
	players := len(g.Players)
	buf = heldWorth(g, worth[:players], buf)
	suppliesWorth(g, worth[:players], supplyFrac(g), g.TilesLeft(), true)
	if g.Over() {
		for p := range players {
			worth[p] = float64(g.Players[p].Score)
		}
	}
	return relative(worth[:players], seat), buf
}

// supplyFrac is the part of the stack still to come: what scales a piece in supply.
func supplyFrac(g *game.Game) float64 {
	return float64(g.TilesLeft()) / float64(max(1, g.Opts.PoolSize()))
}

// heldWorth adds to each player's worth the expected final points of the features they hold the
// majority of.
func heldWorth(g *game.Game, worth []float64, buf []game.Holding) []game.Holding {
	buf = g.Holdings(buf[:0])
	left, players := g.TilesLeft(), len(worth)
	for i := range buf {
		h := &buf[i]
		best := 0
		for _, w := range h.Weight {
			best = max(best, w)
		}
		v := expected(h, left, players)
		for p := range players {
			if h.Weight[p] == best {
				if h.Pig[p] {
					worth[p] += v * 4 / 3
					continue
				}
				worth[p] += v
			}
		}
	}
	return buf
}

// suppliesWorth adds to each player's worth their score and what they hold: meeples in supply
// (each a little less than the one before), chips while tiles remain, and the expansions' pieces
// and goods. evaluate and masterEval share it, so that the two levels price a supply alike.
// handChips false leaves the chips to the map's ChipAppraiser.
func suppliesWorth(g *game.Game, worth []float64, frac float64, left int, handChips bool) {
	if g.Opts.IC() || g.Opts.TB() {
		expansionWorth(g, worth, frac)
	}
	for p := range worth {
		pl := &g.Players[p]
		worth[p] += float64(pl.Score)
		m := meepleFresh * frac
		for range pl.Meeples {
			worth[p] += m
			m *= meepleDecay
		}
		if left > 0 && handChips {
			for _, c := range pl.Chips {
				worth[p] += chipWorth * float64(c.Value)
			}
		}
	}
}

// expansionWorth adds what the expansions' pieces in supply and the goods majorities are worth
// to each player.
func expansionWorth(g *game.Game, worth []float64, frac float64) {
	var best game.Goods
	for p := range worth {
		pl := &g.Players[p]
		worth[p] += frac * (bigWorth*meepleFresh*float64(pl.Big) + builderWorth*float64(pl.Builder) + pigWorth*float64(pl.Pig))
		for k, n := range pl.Goods {
			best[k] = max(best[k], n)
		}
	}
	if g.Over() {
		return
	}
	for k, b := range best {
		if b == 0 {
			continue
		}
		for p := range worth {
			if g.Players[p].Goods[k] == b {
				worth[p] += goodsWorth
			}
		}
	}
}

// relative is seat's worth less its rivals': the best rival's and their mean, half each, so that
// with many players the AI still minds the leader.
func relative(worth []float64, seat int) float64 {
	best, sum := -1e18, 0.0
	for p, w := range worth {
		if p != seat {
			best = max(best, w)
			sum += w
		}
	}
	return worth[seat] - 0.5*best - 0.5*sum/float64(len(worth)-1)
}

// expected is what a held feature is likely to score by the end, given the tiles left: its points
// now, and the points completion adds times the chance that it completes.
func expected(h *game.Holding, left, players int) float64 {
	now, gain := float64(h.Now), float64(h.Complete-h.Now)
	if gain <= 0 {
		return now
	}
	switch h.Kind {
	case game.FieldFeature:
		return now + farmShare*gain*min(1, float64(left)/40)
	case game.CloisterFeature:
		// Each empty neighbour fills with about one tile in every few placed near it.
		return now + gain*chance(float64(left)/float64(3*h.Open*players))
	}
	// A city or road with few open edges usually closes; one with many rarely does.
	p := chance(float64(left)/float64(2*h.Open*players)) * max(0.1, 1-0.18*float64(h.Open-1))
	return now + gain*p
}

// chance squashes a ratio of supply to demand into a probability.
func chance(x float64) float64 {
	if x <= 0 {
		return 0
	}
	return x / (1 + x)
}
