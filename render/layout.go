package render

import (
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// A layout is where the features of a tile face lie, computed from the face's definition alone
// (edges, features, field halves), in tile units. Drawing, meeple anchors and the numbered spot
// markers all read it, so a tile type added to the tile file needs no new code. Layouts are built for
// the reference orientation; a rotated tile is the same landscape turned, and its anchors are
// turned with pt.rotate.

const (
	capDepth     = 0.27 // how far a city cap reaches into the tile
	thinCapDepth = 0.19 // a cap inside the field of a band or three-sided city
	fieldDepth   = 0.31 // how far a field reaches into a band or three-sided city
	deepField    = 0.45 // such a field when a separate city cap lies in it
	roadHalf     = 0.058
	wallHalf     = 0.03
	cloisterHalf = 0.17
	hutHalf      = 0.07
	rasterN      = 40
)

// cityShape is the area of one city: its body and the wall spikes that split fields at corners.
type cityShape struct {
	feature int
	body    []pt
	spikes  [][]pt
}

// roadShape is the centre line of one road from the edge to where it ends or enters its city.
type roadShape struct {
	// feature is the road's index in the face, or -1 for a decorative stub.
	feature int
	path    []pt
	gate    bool
	deadend bool
	// over marks a road that passes over an earlier one on a bridge at bridge.
	over   bool
	bridge pt
}

// iconKind is a pictogram drawn inside a city.
type iconKind int

const (
	iconArms iconKind = iota
	iconCathedral
	iconWine
	iconGrain
	iconCloth
)

type icon struct {
	kind iconKind
	at   pt
	n    int
}

type layout struct {
	cities []cityShape
	roads  []roadShape
	// hub is "crossing" or "cloister" when roads end at the centre or a cloister stands there.
	hub     string
	inns    []pt
	icons   []icon
	anchors []pt
	// cells labels a rasterN x rasterN grid: a field's feature index, or -1 for everything else.
	cells [rasterN * rasterN]int8
}

var layouts sync.Map // *game.TileType -> *layout

// tileLayout returns the layout of tile type t in its reference orientation.
func tileLayout(t *game.TileType) *layout {
	if l, ok := layouts.Load(t); ok {
		return l.(*layout)
	}
	l, _ := layouts.LoadOrStore(t, newLayout(t.Face(0)))
	return l.(*layout)
}

// spotAnchor is where a meeple on spot stands on face f, in tile units.
func spotAnchor(f *game.Face, spot string) (pt, bool) {
	i, ok := f.SpotFeature(spot)
	if !ok {
		return centre, false
	}
	return tileLayout(f.Tile).anchors[i].rotate(f.Rotation), true
}

func newLayout(f *game.Face) *layout {
	l := &layout{anchors: make([]pt, len(f.Features))}
	l.buildCities(f)
	l.buildRoads(f)
	l.buildStubs(f)
	for j := range l.roads {
		for i := range j {
			if p, ok := crossing(l.roads[j].path, l.roads[i].path); ok {
				l.roads[j].over, l.roads[j].bridge = true, p
			}
		}
	}
	l.raster(f)
	l.placeCathedrals(f)
	l.roadAnchors()
	l.placeInns(f)
	l.fieldAnchors(f)
	l.placeIcons(f)
	return l
}

// buildCities draws each city: a cap on one edge, a wedge on two adjacent edges, and on two opposite
// or three edges the whole tile less a curved field on each other edge.
func (l *layout) buildCities(f *game.Face) {
	var bigFields uint8 // edges where a band or three-sided city leaves a field
	for _, ft := range f.Features {
		if ft.Kind == game.CityFeature && bits.OnesCount8(ft.Edges) >= 2 && !adjacentPair(ft.Edges) {
			bigFields |= 0xf &^ ft.Edges
		}
	}
	var capped uint8 // edges holding a separate cap inside such a field
	for _, ft := range f.Features {
		if ft.Kind == game.CityFeature && bits.OnesCount8(ft.Edges) == 1 {
			capped |= ft.Edges & bigFields
		}
	}
	for i, ft := range f.Features {
		if ft.Kind != game.CityFeature {
			continue
		}
		var body []pt
		switch {
		case bits.OnesCount8(ft.Edges) == 1:
			d := firstDir(ft.Edges)
			depth := capDepth
			if capped&(1<<d) != 0 {
				depth = thinCapDepth
			}
			p, q := corners[d], corners[(d+1)&3]
			c := mid(d).add(inwards[d].mul(2 * depth))
			body = append([]pt{p}, quad(q, c, p, 24)[:24]...)
		case adjacentPair(ft.Edges):
			a := firstDir(ft.Edges)
			if ft.Edges&(1<<((a+3)&3)) != 0 { // the pair is W+N
				a = game.West
			}
			k := corners[(a+1)&3]
			c := centre.add(k.sub(centre).mul(0.3))
			body = append([]pt{corners[a], k}, quad(corners[(a+2)&3], c, corners[a], 24)[:24]...)
		default:
			body = []pt{corners[0]}
			for d := game.Dir(0); d < 4; d++ {
				next := corners[(d+1)&3]
				if ft.Edges&(1<<d) != 0 {
					body = append(body, next)
					continue
				}
				depth := fieldDepth
				if capped&(1<<d) != 0 {
					depth = deepField
				}
				body = append(body, quad(corners[d], mid(d).add(inwards[d].mul(2*depth)), next, 24)[1:]...)
			}
			body = body[:len(body)-1]
		}
		l.cities = append(l.cities, cityShape{feature: i, body: body})
		l.anchors[i] = centroid(body)
	}
	l.buildSpikes(f)
}

func adjacentPair(e uint8) bool {
	return bits.OnesCount8(e) == 2 && e != 0b0101 && e != 0b1010
}

func firstDir(bits uint8) game.Dir {
	for d := game.Dir(0); d < 4; d++ {
		if bits&(1<<d) != 0 {
			return d
		}
	}
	return game.North
}

// buildSpikes adds a wall spike from a city to every corner where two different fields meet
// without a road between them (IC-G, TB-I, TB-O, TB-W).
func (l *layout) buildSpikes(f *game.Face) {
	for d := game.Dir(0); d < 4; d++ {
		h1, h2 := game.Half(2*d+1), game.Half(2*((d+1)&3))
		a, b := f.HalfField[h1], f.HalfField[h2]
		if a < 0 || b < 0 || a == b || len(l.cities) == 0 {
			continue
		}
		k := corners[(d+1)&3]
		best := &l.cities[0]
		for ci := range l.cities {
			c := &l.cities[ci]
			shared := slices.Contains(f.Features[a].Borders, c.feature) && slices.Contains(f.Features[b].Borders, c.feature)
			if shared || l.anchors[c.feature].dist(k) < l.anchors[best.feature].dist(k) {
				best = c
				if shared {
					break
				}
			}
		}
		p := boundaryNear(best.body, k, 0.25)
		dir := k.sub(p).unit()
		p = p.sub(dir.mul(0.05))
		n := dir.perp()
		tip := k.add(dir.mul(0.06))
		best.spikes = append(best.spikes, []pt{p.add(n.mul(0.06)), tip.add(n.mul(0.015)), tip.sub(n.mul(0.015)), p.sub(n.mul(0.06))})
	}
}

func (l *layout) city(feature int) *cityShape {
	for i := range l.cities {
		if l.cities[i].feature == feature {
			return &l.cities[i]
		}
	}
	return nil
}

// buildRoads lays every road: straight or curved through the tile, to the centre for a crossing or
// a cloister, into its city through a gate, or to a dead end.
func (l *layout) buildRoads(f *game.Face) {
	for i, ft := range f.Features {
		if ft.Kind != game.RoadFeature {
			continue
		}
		a := firstDir(ft.Edges)
		r := roadShape{feature: i}
		switch {
		case bits.OnesCount8(ft.Edges) == 2:
			b := firstDir(ft.Edges &^ (1 << a))
			if b == (a+2)&3 {
				r.path = []pt{mid(a), centre, mid(b)}
			} else {
				r.path = quad(mid(a), centre, mid(b), 24)
			}
		case ft.Terminus == "gate" && l.city(ft.Gate) != nil:
			r.path, r.gate = gatePath(mid(a), inwards[a], l.city(ft.Gate))
		case ft.Terminus == "deadend":
			r.path, r.deadend = []pt{mid(a), mid(a).add(inwards[a].mul(0.78))}, true
		default:
			r.path = []pt{mid(a), centre}
			l.hub = "crossing"
		}
		l.roads = append(l.roads, r)
	}
	if f.Tile.Cloister {
		l.hub = "cloister"
	}
	for i, ft := range f.Features {
		if ft.Kind == game.CloisterFeature {
			l.anchors[i] = centre
		}
	}
}

// boundaryNear is the point of a city's outline nearest to q among those at least margin away
// from the tile's edges (the city's centroid if there is none).
func boundaryNear(body []pt, q pt, margin float64) pt {
	best, bd := centroid(body), math.Inf(1)
	for i := range body {
		a, b := body[i], body[(i+1)%len(body)]
		for k := range 8 {
			p := lerp(a, b, float64(k)/8)
			if min(p.x, p.y, 1-p.x, 1-p.y) < margin {
				continue
			}
			if d := p.dist(q); d < bd {
				best, bd = p, d
			}
		}
	}
	return best
}

// gatePath runs a road from `from` (leaving in direction dir) to the nearest stretch of the city's
// wall and stops just inside it, so that the gate is the path's last point.
func gatePath(from, dir pt, c *cityShape) ([]pt, bool) {
	target := boundaryNear(c.body, from, 0.18)
	target = target.add(target.sub(from).unit().mul(0.04))
	full := quad(from, from.add(dir.mul(0.2)), target, 40)
	for i := 1; i < len(full); i++ {
		if !inside(c.body, full[i]) {
			continue
		}
		lo, hi := full[i-1], full[i]
		for range 20 {
			m := lerp(lo, hi, 0.5)
			if inside(c.body, m) {
				hi = m
			} else {
				lo = m
			}
		}
		return append(slices.Clone(full[:i]), lo), true
	}
	return full, false
}

// buildStubs adds the short decorative roads from a central crossing or cloister to a city gate
// where the definition separates fields that only a road to the city can separate (IC-I).
func (l *layout) buildStubs(f *game.Face) {
	var arms []game.Dir
	for _, r := range l.roads {
		if r.path[len(r.path)-1] == centre && len(r.path) == 2 {
			arms = append(arms, firstDir(f.Features[r.feature].Edges))
		}
	}
	slices.Sort(arms)
	seen := map[int]bool{}
	for i, a := range arms {
		b := arms[(i+1)%len(arms)]
		if b <= a {
			b += 4
		}
		prev, city := f.HalfField[2*a+1], -1
		for d := a + 1; d <= b; d++ {
			e := d & 3
			if f.Edges[e] == game.City {
				city = int(f.EdgeFeature[e])
				continue
			}
			next := f.HalfField[2*e]
			if city >= 0 && prev >= 0 && next != prev && !seen[city] {
				seen[city] = true
				c := l.city(city)
				path, _ := gatePath(centre, l.anchors[city].sub(centre).unit(), c)
				l.roads = append(l.roads, roadShape{feature: -1, path: path, gate: true})
			}
			prev, city = f.HalfField[2*e+1], -1
		}
	}
}

// blocked reports whether q is covered by anything but field: a city, its wall, a road, a building.
func (l *layout) blocked(q pt) bool {
	for _, c := range l.cities {
		if inside(c.body, q) || ringDist(q, c.body) < wallHalf+0.012 {
			return true
		}
		for _, s := range c.spikes {
			if inside(s, q) || ringDist(q, s) < wallHalf+0.012 {
				return true
			}
		}
	}
	for _, r := range l.roads {
		if lineDist(q, r.path) < roadHalf+0.022 {
			return true
		}
		if r.deadend && q.dist(r.path[len(r.path)-1]) < hutHalf+0.02 {
			return true
		}
	}
	switch l.hub {
	case "cloister":
		return math.Abs(q.x-0.5) < cloisterHalf+0.02 && math.Abs(q.y-0.5) < cloisterHalf+0.02
	case "crossing":
		return q.dist(centre) < hutHalf+0.03
	}
	return false
}

func cellCentre(i int) pt {
	return pt{(float64(i%rasterN) + 0.5) / rasterN, (float64(i/rasterN) + 0.5) / rasterN}
}

func cellOf(q pt) int {
	x := min(rasterN-1, max(0, int(q.x*rasterN)))
	y := min(rasterN-1, max(0, int(q.y*rasterN)))
	return y*rasterN + x
}

// raster labels a grid of cells with the field each lies in, by flooding from the field halves;
// field cells no half reaches belong to the enclosed fields.
func (l *layout) raster(f *game.Face) {
	const free, wall = -1, -2
	for i := range l.cells {
		l.cells[i] = free
		if l.blocked(cellCentre(i)) {
			l.cells[i] = wall
		}
	}
	flood := func(start int, label int8) {
		stack := []int{start}
		l.cells[start] = label
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := c%rasterN, c/rasterN
			for _, n := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
				if n[0] < 0 || n[1] < 0 || n[0] >= rasterN || n[1] >= rasterN {
					continue
				}
				if j := n[1]*rasterN + n[0]; l.cells[j] == free {
					l.cells[j] = label
					stack = append(stack, j)
				}
			}
		}
	}
	for h := game.Half(0); h < 8; h++ {
		fi := f.HalfField[h]
		if fi < 0 {
			continue
		}
		for depth := 0.5 / rasterN; depth < 0.2; depth += 1.0 / rasterN {
			if c := cellOf(halfPoint(h, depth)); l.cells[c] == free {
				flood(c, fi)
				break
			}
		}
	}
	var enclosed []int8
	for i, ft := range f.Features {
		if ft.Enclosed() {
			enclosed = append(enclosed, int8(i))
		}
	}
	for c := range l.cells {
		if l.cells[c] == free && len(enclosed) > 0 {
			flood(c, enclosed[0])
			if len(enclosed) > 1 {
				enclosed = enclosed[1:]
			}
		}
	}
	for c := range l.cells {
		if l.cells[c] < 0 {
			l.cells[c] = -1
		}
	}
}

// clearance is, per cell, the chamfer distance (in cells, times 3) to the nearest cell with another
// label or to the tile border.
func (l *layout) clearance(label int8) []int {
	d := make([]int, len(l.cells))
	for i := range d {
		if l.cells[i] == label {
			d[i] = 1 << 20
		}
	}
	at := func(x, y int) int {
		if x < 0 || y < 0 || x >= rasterN || y >= rasterN {
			return 0
		}
		return d[y*rasterN+x]
	}
	for y := 0; y < rasterN; y++ {
		for x := 0; x < rasterN; x++ {
			if i := y*rasterN + x; d[i] > 0 {
				d[i] = min(d[i], at(x-1, y)+3, at(x, y-1)+3, at(x-1, y-1)+4, at(x+1, y-1)+4)
			}
		}
	}
	for y := rasterN - 1; y >= 0; y-- {
		for x := rasterN - 1; x >= 0; x-- {
			if i := y*rasterN + x; d[i] > 0 {
				d[i] = min(d[i], at(x+1, y)+3, at(x, y+1)+3, at(x+1, y+1)+4, at(x-1, y+1)+4)
			}
		}
	}
	return d
}

// fieldAnchors puts each farmer at the most open point of its field.
func (l *layout) fieldAnchors(f *game.Face) {
	for i, ft := range f.Features {
		if ft.Kind != game.FieldFeature {
			continue
		}
		d := l.clearance(int8(i))
		var sum pt
		n := 0
		for c, v := range d {
			if v > 0 {
				sum, n = sum.add(cellCentre(c)), n+1
			}
		}
		if n == 0 {
			l.anchors[i] = centre
			continue
		}
		mean := sum.mul(1 / float64(n))
		best, bestScore := 0, math.Inf(-1)
		for c, v := range d {
			if v == 0 {
				continue
			}
			if s := float64(min(v, 15)) - 4*cellCentre(c).dist(mean); s > bestScore {
				best, bestScore = c, s
			}
		}
		l.anchors[i] = cellCentre(best)
	}
}

// roadAnchors puts each road's meeple on its path, away from the other roads and meeples.
func (l *layout) roadAnchors() {
	var taken []pt
	for _, c := range l.cities {
		taken = append(taken, l.anchors[c.feature])
	}
	if l.hub == "cloister" {
		taken = append(taken, centre)
	}
	for ri, r := range l.roads {
		if r.feature < 0 {
			continue
		}
		best, bestScore := centre, -1.0
		for _, t := range []float64{0.5, 0.4, 0.6, 0.3, 0.7, 0.25} {
			p, _ := along(r.path, t)
			score := math.Inf(1)
			for oi, o := range l.roads {
				if oi != ri {
					score = math.Min(score, lineDist(p, o.path))
				}
			}
			for _, q := range taken {
				score = math.Min(score, q.dist(p))
			}
			if score > bestScore {
				best, bestScore = p, score
			}
			if score >= 0.16 {
				break
			}
		}
		l.anchors[r.feature] = best
		taken = append(taken, best)
	}
}

// placeInns puts an inn (a lake and a house) beside each inn road, where its field is wide enough
// that the inn does not cut it, away from the meeples.
func (l *layout) placeInns(f *game.Face) {
	for _, r := range l.roads {
		if r.feature < 0 || !f.Features[r.feature].Inn {
			continue
		}
		best, bestScore := centre, math.Inf(-1)
		for _, t := range []float64{0.5, 0.35, 0.65} {
			p, dir := along(r.path, t)
			for _, side := range []float64{1, -1} {
				for _, off := range []float64{0.22, 0.28} {
					q := p.add(dir.perp().mul(side * off))
					lab := l.cells[cellOf(q)]
					if lab < 0 || min(q.x, q.y, 1-q.x, 1-q.y) < 0.2 {
						continue
					}
					score := float64(min(l.clearance(lab)[cellOf(q)], 18))
					for _, a := range l.anchors {
						if a.dist(q) < 0.2 {
							score -= 10
						}
					}
					if score > bestScore {
						best, bestScore = q, score
					}
				}
			}
		}
		l.inns = append(l.inns, best)
		for c := range l.cells {
			if q := cellCentre(c); math.Abs(q.x-best.x) < 0.14 && math.Abs(q.y-best.y) < 0.14 {
				l.cells[c] = -1
			}
		}
	}
}

// placeCathedrals puts each cathedral in the heart of its city and its meeple beside it.
func (l *layout) placeCathedrals(f *game.Face) {
	for _, c := range l.cities {
		if !f.Features[c.feature].Cathedral {
			continue
		}
		at := l.iconSpot(c, 0.2, nil, 0)
		l.icons = append(l.icons, icon{kind: iconCathedral, at: at})
		l.anchors[c.feature] = l.iconSpot(c, 0.12, []pt{at}, 0.34)
	}
}

// placeIcons puts the coats of arms and goods of each city inside it, clear of its walls and
// away from the meeples.
func (l *layout) placeIcons(f *game.Face) {
	taken := slices.Clone(l.anchors)
	for _, c := range l.cities {
		ft := f.Features[c.feature]
		var want []icon
		if ft.Pennants > 0 {
			want = append(want, icon{kind: iconArms, n: ft.Pennants})
		}
		switch ft.Goods {
		case "wine":
			want = append(want, icon{kind: iconWine})
		case "grain":
			want = append(want, icon{kind: iconGrain})
		case "cloth":
			want = append(want, icon{kind: iconCloth})
		}
		for _, ic := range want {
			need := 0.115
			if ic.kind == iconArms {
				need += 0.07 * float64(min(ic.n, 3)-1)
			}
			ic.at = l.iconSpot(c, need, taken, 0.22)
			taken = append(taken, ic.at)
			l.icons = append(l.icons, ic)
		}
	}
}

// iconSpot finds a point of city c at least need away from its walls and the tile's edges, as far
// as possible (up to spread) from the taken points and then as near as possible to the city's
// centroid; failing that, the point farthest from the walls.
func (l *layout) iconSpot(c cityShape, need float64, taken []pt, spread float64) pt {
	heart := centroid(c.body)
	best, bestScore := heart, math.Inf(-1)
	for cell := range l.cells {
		q := cellCentre(cell)
		if !inside(c.body, q) {
			continue
		}
		clear := ringDist(q, c.body)
		score := clear * 1000
		if clear >= need {
			score = 1000
		}
		sep := spread
		for _, o := range taken {
			sep = math.Min(sep, o.dist(q))
		}
		score += sep*100 - q.dist(heart)
		if score > bestScore {
			best, bestScore = q, score
		}
	}
	return best
}
