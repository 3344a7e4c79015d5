package game

// Holding is a feature on the map that holds meeples, as a program judging the position sees it:
// what it would score if the game ended now, what it scores once complete, how far it is from
// complete, and whose meeples hold it.
type Holding struct {
	Kind  FeatureKind
	Tiles int
	// Open counts what the feature still lacks: open edges of a city or road, empty neighbours of
	// a cloister; 0 for a farm, which never completes.
	Open int
	// Now is what it scores at the end of the game as it stands (a farm: its completed cities).
	Now int
	// Complete is what it scores once complete; a farm's is what it would score if every city it
	// borders were completed.
	Complete int
	// Weight is each seat's meeple weight in it (Meeple.Weight); the seats with the most weight
	// share the points.
	Weight [6]int
	// Pig marks the seats whose pig stands in the farm (R3.2.4).
	Pig  [6]bool
	root int
}

// Holdings appends to buf every feature holding meeples that has not scored yet. It is cheap
// enough to call on every position a search looks at.
func (g *Game) Holdings(buf []Holding) []Holding {
	start := len(buf)
	for i := range g.Meeples {
		m := &g.Meeples[i]
		r := g.find(g.meepleNode(m))
		k := start
		for k < len(buf) && buf[k].root != r {
			k++
		}
		if k == len(buf) {
			buf = append(buf, g.holding(r, m))
		}
		buf[k].Weight[m.Player] += m.Weight
	}
	for i := range g.Pieces {
		pc := &g.Pieces[i]
		if pc.Kind != PiecePig {
			continue
		}
		r := g.find(g.meepleNode(pc))
		for k := start; k < len(buf); k++ {
			if buf[k].root == r {
				buf[k].Pig[pc.Player] = true
			}
		}
	}
	return buf
}

// holding describes the feature rooted at r that meeple m stands in, without its weights.
func (g *Game) holding(r int, m *Meeple) Holding {
	nd := &g.nodes[r]
	h := Holding{Kind: nd.kind, root: r}
	switch nd.kind {
	case CityFeature, RoadFeature:
		h.Tiles, _, _ = g.featureExtent(r)
		h.Open = int(nd.open)
		h.Now, h.Complete = g.featurePoints(r, h.Tiles, h.Open == 0), g.featurePoints(r, h.Tiles, true)
	case CloisterFeature:
		c := &g.cloisters[g.tiles[m.tile].cloister]
		h.Tiles, h.Open = 1+int(c.filled), 8-int(c.filled)
		h.Now, h.Complete = c.points(), cloisterComplete
	case FieldFeature:
		done, open := g.farmCities(r)
		h.Tiles, _, _ = g.featureExtent(r)
		h.Now, h.Complete = farmPoints*done, farmPoints*(done+open)
	}
	return h
}
