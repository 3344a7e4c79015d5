package game

// placedTile is a tile on the map: a land tile placed in setup or play, or the pre-placed tile of a
// printed large-city square.
type placedTile struct {
	Square   Square
	Tile     TileID
	Rotation Rotation
	face     *Face
	// node is the index of the tile's first feature node; feature i is node+i.
	node     uint16
	Turn     int16
	Player   int8
	Printed  bool
	cloister int16
}

// node is one feature segment of a placed tile in the union-find forest of features. Only a root's
// aggregate fields are meaningful.
type node struct {
	parent, next uint16
	tile         uint16
	local        uint8
	kind         FeatureKind
	open         int16
	meeples      uint8
	pennants     uint8
	flags        uint8
}

const (
	flagInn uint8 = 1 << iota
	flagCathedral
	flagScored
)

type cloisterRec struct {
	tile   uint16
	filled uint8
	done   bool
}

type frontierSq struct {
	sq   Square
	need Constraint
}

func (g *Game) find(i int) int {
	n := g.nodes
	for int(n[i].parent) != i {
		p := n[i].parent
		n[i].parent = n[p].parent
		i = int(p)
	}
	return i
}

// join merges the features of nodes a and b across one matched edge; for cities and roads the
// edge closes on both sides.
func (g *Game) join(a, b int) {
	ra, rb := g.find(a), g.find(b)
	n := g.nodes
	if n[ra].kind != FieldFeature {
		n[ra].open -= 2
	}
	if ra == rb {
		return
	}
	// The older root stays the root, so a feature's identity depends only on the order in which
	// tiles were placed: a game rebuilt from its placements has the very same roots.
	if rb < ra {
		ra, rb = rb, ra
	}
	n[rb].parent = uint16(ra)
	if n[ra].kind != FieldFeature {
		n[ra].open += n[rb].open
	}
	n[ra].meeples += n[rb].meeples
	n[ra].pennants += n[rb].pennants
	n[ra].flags |= n[rb].flags
	n[ra].next, n[rb].next = n[rb].next, n[ra].next
}

// close ends a city or road at the map border (R1.7.3).
func (g *Game) close(a int) {
	if r := g.find(a); g.nodes[r].kind != FieldFeature {
		g.nodes[r].open--
	}
}

func (g *Game) tileAt(s Square) (*placedTile, bool) {
	i, ok := g.cells.get(s)
	if !ok {
		return nil, false
	}
	return &g.tiles[i], true
}

// put lays a tile on square s and joins its features with its neighbours. It checks nothing:
// callers have checked legality. It does not score.
func (g *Game) put(s Square, face *Face, player int, printed bool) int {
	ti := len(g.tiles)
	base := len(g.nodes)
	g.tiles = append(g.tiles, placedTile{Square: s, Tile: face.Tile.Index, Rotation: face.Rotation, face: face,
		node: uint16(base), Turn: int16(g.Turn), Player: int8(player), Printed: printed, cloister: -1})
	g.cells.put(s, ti)
	for i := range face.Features {
		ft := &face.Features[i]
		nd := node{parent: uint16(base + i), next: uint16(base + i), tile: uint16(ti), local: uint8(i), kind: ft.Kind,
			pennants: uint8(ft.Pennants)}
		if ft.Kind == CityFeature || ft.Kind == RoadFeature {
			nd.open = int16(popcount(ft.Edges))
		}
		if ft.Inn {
			nd.flags |= flagInn
		}
		if ft.Cathedral {
			nd.flags |= flagCathedral
		}
		g.nodes = append(g.nodes, nd)
	}
	info := g.Map.Info(s)
	for d := Dir(0); d < 4; d++ {
		n, _ := s.Step(d)
		joins := false
		if printed {
			ni := g.Map.Info(n)
			switch {
			case ni.Kind == Printed && ni.City == info.City, ni.Kind == Playable:
				joins = true
			default:
				g.closeEdge(base, face, d)
				continue
			}
		} else {
			switch info.Sides[d] {
			case SideLand, SideCity:
				joins = true
			case SideBorder:
				g.closeEdge(base, face, d)
				continue
			case SideFerry:
				if g.Opts.FerryModel != FerryRoadsContinue {
					g.closeEdge(base, face, d)
					continue
				}
				// Model (c): the road runs on across the water; fields never do.
				if other, od, ok := g.ferryOther(s, d); ok {
					if nt, ok := g.tileAt(other); ok {
						g.join(base+int(face.EdgeFeature[d]), int(nt.node)+int(nt.face.EdgeFeature[od]))
					}
				}
				continue
			}
		}
		if !joins {
			continue
		}
		if nt, ok := g.tileAt(n); ok {
			g.joinEdge(base, face, d, nt, d.Opposite())
		}
	}
	if face.Tile.Cloister {
		g.tiles[ti].cloister = int16(len(g.cloisters))
		g.cloisters = append(g.cloisters, cloisterRec{tile: uint16(ti), filled: uint8(g.filledAround(s))})
	}
	g.touchCloisters(s)
	return ti
}

func (g *Game) closeEdge(base int, face *Face, d Dir) {
	if f := face.EdgeFeature[d]; f >= 0 {
		g.close(base + int(f))
	}
}

// joinEdge connects side d of the tile whose nodes start at base with side od of tile nt.
func (g *Game) joinEdge(base int, face *Face, d Dir, nt *placedTile, od Dir) {
	if a, b := face.EdgeFeature[d], nt.face.EdgeFeature[od]; a >= 0 && b >= 0 {
		g.join(base+int(a), int(nt.node)+int(b))
	}
	for side := Half(0); side < 2; side++ {
		h := Half(d)*2 + side
		oh := Half(od)*2 + (1 - side)
		if a, b := face.HalfField[h], nt.face.HalfField[oh]; a >= 0 && b >= 0 {
			g.join(base+int(a), int(nt.node)+int(b))
		}
	}
}

// ferryOther is the far end of the ferry whose water edge is side d of s.
func (g *Game) ferryOther(s Square, d Dir) (Square, Dir, bool) {
	for _, f := range g.Map.Ferries {
		if f.Harbour == s && f.HarbourDir == d {
			return f.Landing, f.LandingDir, true
		}
		if f.Landing == s && f.LandingDir == d {
			return f.Harbour, f.HarbourDir, true
		}
	}
	return NoSquare, 0, false
}

var around = [8][2]int{{-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}}

func offset(s Square, dc, dr int) (Square, bool) {
	c, r := s.Col()+dc, s.Row()+dr
	if c < 0 || r < 0 || c >= MaxGridSide || r >= MaxGridSide {
		return NoSquare, false
	}
	return At(c, r), true
}

// filledAround counts the neighbours of a new cloister that hold a tile or count as filled (R1.7.5).
func (g *Game) filledAround(s Square) int {
	n := 0
	for _, o := range around {
		q, ok := offset(s, o[0], o[1])
		if _, placed := g.cells.get(q); ok && placed {
			n++
			continue
		}
		if g.Opts.CloisterOffMapCountsFilled {
			if k := g.Map.Info(q).Kind; !ok || k == Void || k == Marked {
				n++
			}
		}
	}
	return n
}

// touchCloisters counts the tile on s for every unfinished cloister around it. A game has a
// handful of cloisters, so scanning them beats looking up the eight neighbours.
func (g *Game) touchCloisters(s Square) {
	for i := range g.cloisters {
		c := &g.cloisters[i]
		if !c.done && adjacent8(g.tiles[c.tile].Square, s) {
			c.filled++
		}
	}
}

// adjacent8 reports whether a and b are different squares that touch, diagonals included.
func adjacent8(a, b Square) bool {
	dc, dr := a.Col()-b.Col(), a.Row()-b.Row()
	return a != b && dc >= -1 && dc <= 1 && dr >= -1 && dr <= 1
}

// need is the constraint on empty square s from the map and the tiles around it.
func (g *Game) need(s Square) Constraint {
	info := g.Map.Info(s)
	c := info.Need
	for d := Dir(0); d < 4; d++ {
		if info.Sides[d] != SideLand {
			continue
		}
		n, _ := s.Step(d)
		if t, ok := g.tileAt(n); ok {
			c.Set(d, t.face.Edges[d.Opposite()])
		}
	}
	return c
}

// anchor adds empty playable square s to the frontier, or refreshes its constraint.
func (g *Game) anchor(s Square) {
	if _, placed := g.cells.get(s); placed || g.Map.Info(s).Kind != Playable {
		return
	}
	c := g.need(s)
	if i, ok := g.fpos.get(s); ok {
		g.frontier[i].need = c
		return
	}
	g.fpos.put(s, len(g.frontier))
	g.frontier = append(g.frontier, frontierSq{s, c})
}

func (g *Game) unanchor(s Square) {
	i, ok := g.fpos.get(s)
	if !ok {
		return
	}
	last := len(g.frontier) - 1
	if i != last {
		g.frontier[i] = g.frontier[last]
		g.fpos.put(g.frontier[i].sq, i)
	}
	g.frontier = g.frontier[:last]
	g.fpos.del(s)
}

// extendFrontier updates the frontier after a tile was placed on the playable square s, and
// connects the large cities and opens the islands it reaches. An island with a tile on it is
// reached already (a start square on the island: Kilkenny in Ireland); its ferries then only add
// their landing squares.
func (g *Game) extendFrontier(s Square) {
	g.unanchor(s)
	info := g.Map.Info(s)
	if info.Island >= 0 {
		g.islandsOpen |= 1 << info.Island
	}
	t, _ := g.tileAt(s)
	face := t.face
	for d := Dir(0); d < 4; d++ {
		n, _ := s.Step(d)
		switch info.Sides[d] {
		case SideLand:
			// A square already waiting next to other tiles only learns this tile's edge.
			if i, ok := g.fpos.get(n); ok {
				g.frontier[i].need.Set(d.Opposite(), face.Edges[d])
				continue
			}
			g.anchor(n)
		case SideCity:
			g.connectCity(g.Map.Info(n).City)
		case SideFerry:
			if f, ok := g.ferryAt(s, d); ok && f.Harbour == s {
				g.openIsland(f)
			}
		}
	}
}

func (g *Game) ferryAt(s Square, d Dir) (Ferry, bool) {
	for _, f := range g.Map.Ferries {
		if (f.Harbour == s && f.HarbourDir == d) || (f.Landing == s && f.LandingDir == d) {
			return f, true
		}
	}
	return Ferry{}, false
}

// connectCity makes every square next to large city ci a legal anchor (R1.5.2).
func (g *Game) connectCity(ci int) {
	if g.cityConnected(ci) {
		return
	}
	g.connected |= 1 << ci
	for _, cs := range g.Map.Cities[ci].Squares {
		for d := Dir(0); d < 4; d++ {
			if n, ok := cs.Square.Step(d); ok {
				g.anchor(n)
			}
		}
	}
	g.emit(Event{Kind: EventCityConnected, Player: g.Current, Square: g.Map.Cities[ci].Squares[0].Square,
		Text: g.Map.Cities[ci].Name})
}

func (g *Game) cityConnected(ci int) bool { return g.connected&(1<<ci) != 0 }

// openIsland lets the first island tile go on the landing square once the harbour has a tile (R1.8.2).
func (g *Game) openIsland(f Ferry) {
	if g.islandsOpen&(1<<f.Island) != 0 {
		g.anchor(f.Landing)
		return
	}
	g.islandsOpen |= 1 << f.Island
	g.anchor(f.Landing)
	g.emit(Event{Kind: EventIslandOpened, Player: g.Current, Square: f.Landing, Text: g.Map.Islands[f.Island].Name})
}
