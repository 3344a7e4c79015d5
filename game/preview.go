package game

// FeatureNote says what a placement would do to one feature of the tile.
type FeatureNote struct {
	Kind FeatureKind
	// Spot names the feature on the placed tile.
	Spot string
	// From and To bound the feature's squares after the placement.
	From, To Square
	Tiles    int
	// Extends is true when the feature already had tiles before (it grows an existing feature).
	Extends bool
	// Complete is true when the placement completes it (a cloister: all eight neighbours filled).
	Complete bool
	// Owners are the players with meeples in it (by seat, with their count).
	Owners map[int]int
}

// Preview tells what placing tile t at p would do to each city, road and cloister of the tile,
// without changing the game. It assumes p is legal (see CheckPlacement).
func (g *Game) Preview(t TileID, p Placement) []FeatureNote {
	c := g.Clone()
	ti := c.put(p.Square, t.Type().Face(p.Rotation), c.Current, false)
	pt := &c.tiles[ti]
	var out []FeatureNote
	seen := map[int]bool{}
	for i := range pt.face.Features {
		ft := &pt.face.Features[i]
		if ft.Kind == FieldFeature {
			continue
		}
		r := c.find(int(pt.node) + i)
		if seen[r] {
			continue
		}
		seen[r] = true
		n := c.note(pt, i, r)
		n.Owners = map[int]int{}
		for _, m := range c.Meeples {
			if c.find(c.meepleNode(&m)) == r {
				n.Owners[m.Player]++
			}
		}
		out = append(out, n)
	}
	return out
}

// SpotNotes describes the features of the tile placed this turn, by spot, for labels.
func (g *Game) SpotNotes() map[string]FeatureNote {
	pt, ok := g.tileAt(g.TurnState.Placed)
	if !ok {
		return nil
	}
	out := map[string]FeatureNote{}
	for i := range pt.face.Features {
		n := g.note(pt, i, g.find(int(pt.node)+i))
		out[n.Spot] = n
	}
	return out
}

// note describes feature i of a placed tile, whose feature root is r.
func (g *Game) note(pt *placedTile, i, r int) FeatureNote {
	n := FeatureNote{Kind: pt.face.Features[i].Kind, Spot: pt.face.Spots[i]}
	if n.Kind == CloisterFeature {
		n.From, n.To, n.Tiles = pt.Square, pt.Square, 1
		n.Complete = g.cloisters[pt.cloister].filled == 8
		return n
	}
	n.Tiles, n.From, n.To = g.featureExtent(r)
	n.Extends = n.Tiles > 1
	n.Complete = n.Kind != FieldFeature && g.nodes[r].open == 0
	return n
}
