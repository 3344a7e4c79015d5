package game

import "fmt"

// CheckConsistency verifies the engine's own bookkeeping against the board: every edge of every
// tile matches what it touches, the frontier holds only free playable squares, and every feature
// counts exactly the meeples standing in it. It is for tests (gametest runs it after every move):
// a game built by the engine's moves always passes.
func (g *Game) CheckConsistency() error {
	for _, t := range g.tiles {
		if err := g.matchesNeighbours(t); err != nil {
			return err
		}
	}
	for _, f := range g.frontier {
		if _, placed := g.cells.get(f.sq); placed || g.Map.Info(f.sq).Kind != Playable {
			return fmt.Errorf("frontier square %s is taken or not playable", f.sq)
		}
	}
	count := map[int]int{}
	for i := range g.Meeples {
		count[g.find(g.meepleNode(&g.Meeples[i]))]++
	}
	for r, n := range count {
		if int(g.nodes[r].meeples) != n {
			return fmt.Errorf("feature %d counts %d meeples, %d stand in it", r, g.nodes[r].meeples, n)
		}
	}
	return g.checkPiecesAndGoods()
}

// checkPiecesAndGoods verifies the expansions' pieces and goods (R3.2): every builder stands on
// a road or city not yet scored (until the end) and every pig on a field, and the goods the players
// hold are exactly the goods symbols of the completed cities, never more than the box has.
func (g *Game) checkPiecesAndGoods() error {
	for _, pc := range g.Pieces {
		r := g.find(g.meepleNode(&pc))
		nd := &g.nodes[r]
		switch pc.Kind {
		case PieceBuilder:
			if nd.kind != RoadFeature && nd.kind != CityFeature {
				return fmt.Errorf("%s's builder stands on a %s", g.Players[pc.Player].Name, nd.kind)
			}
			if nd.flags&flagScored != 0 && g.Phase != PhaseOver {
				return fmt.Errorf("%s's builder stays on a scored %s", g.Players[pc.Player].Name, nd.kind)
			}
		case PiecePig:
			if nd.kind != FieldFeature {
				return fmt.Errorf("%s's pig stands on a %s", g.Players[pc.Player].Name, nd.kind)
			}
		default:
			return fmt.Errorf("a %s is listed with the builders and pigs", pc.Kind.Name())
		}
	}
	var held, completed Goods
	for _, p := range g.Players {
		for k := range held {
			held[k] += p.Goods[k]
		}
	}
	if g.Opts.TB() {
		for r := range g.nodes {
			if nd := &g.nodes[r]; g.find(r) == r && nd.kind == CityFeature && nd.open == 0 && nd.flags&flagScored != 0 {
				got := g.featureGoods(r)
				for k := range completed {
					completed[k] += got[k]
				}
			}
		}
	}
	if held != completed {
		return fmt.Errorf("goods held %v, goods symbols in the completed cities %v", held, completed)
	}
	for k := range held {
		if held[k] > GoodsTotal[k] {
			return fmt.Errorf("%d %s tokens held, the box has %d", held[k], GoodNames[k], GoodsTotal[k])
		}
	}
	return nil
}

// matchesNeighbours checks that every edge of t matches the tile, printed city or border beyond it.
func (g *Game) matchesNeighbours(t placedTile) error {
	info := g.Map.Info(t.Square)
	for d := Dir(0); d < 4; d++ {
		n, _ := t.Square.Step(d)
		edge := t.face.Edges[d]
		if !t.Printed {
			if c := info.Need; c.Mask&(3<<(2*d)) != 0 && c.On(d) != edge {
				return fmt.Errorf("%s on %s: %s edge %s breaks the printed %s", t.Tile, t.Square, d.Word(), edge, c.On(d))
			}
			if info.Sides[d] != SideLand && info.Sides[d] != SideCity {
				continue
			}
		} else if g.Map.Info(n).Kind != Playable {
			continue
		}
		if nt, ok := g.tileAt(n); ok && nt.face.Edges[d.Opposite()] != edge {
			return fmt.Errorf("%s on %s: %s edge %s meets %s of %s on %s", t.Tile, t.Square, d.Word(), edge,
				nt.face.Edges[d.Opposite()], nt.Tile, n)
		}
	}
	return nil
}
