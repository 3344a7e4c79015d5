package game

// Goods are the goods tokens a player holds (R3.2.2), by good: wine, grain, cloth.
type Goods [3]int

// The goods, in the order of Goods.
const (
	GoodWine = iota
	GoodGrain
	GoodCloth
)

// GoodNames name the goods, in the order of Goods.
var GoodNames = [3]string{"wine", "grain", "cloth"}

// GoodsTotal is how many tokens of each good the box holds: one per symbol on its tiles
// (R3.2.1).
var GoodsTotal = Goods{9, 6, 5}

// goodsValue is what each player holding the most of a good scores at the end (R3.2.2).
const goodsValue = 10

// goodIndex is the index in Goods of a good named on a tile, or -1.
func goodIndex(name string) int {
	for i, n := range GoodNames {
		if n == name {
			return i
		}
	}
	return -1
}

// featureGoods counts the goods symbols of the city rooted at r.
func (g *Game) featureGoods(r int) Goods {
	var out Goods
	i := r
	for {
		nd := &g.nodes[i]
		if k := goodIndex(g.tiles[nd.tile].face.Features[nd.local].Goods); k >= 0 {
			out[k]++
		}
		i = int(nd.next)
		if i == r {
			break
		}
	}
	return out
}

// takeGoods gives whoever completed the city rooted at r one token per goods symbol in it, with
// or without meeples there (R3.2.2).
func (g *Game) takeGoods(r int) {
	got := g.featureGoods(r)
	for k, n := range got {
		if n == 0 {
			continue
		}
		g.Players[g.Current].Goods[k] += n
		g.emit(Event{Kind: EventGoodsTaken, Player: g.Current, Points: n, Text: GoodNames[k]})
	}
}

// scoreGoods gives 10 points for each good to every player holding the most of it; ties all
// score (R3.2.2).
func (g *Game) scoreGoods() {
	for k, name := range GoodNames {
		best := 0
		for _, p := range g.Players {
			best = max(best, p.Goods[k])
		}
		if best == 0 {
			continue
		}
		for i, p := range g.Players {
			if p.Goods[k] == best {
				g.addEntry(ScoreEntry{Player: i, Points: goodsValue, Kind: "goods", Good: name, Tokens: best, From: NoSquare, To: NoSquare})
			}
		}
	}
}
