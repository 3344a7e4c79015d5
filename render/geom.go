package render

import (
	"math"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// pt is a point in tile units: (0,0) is the north-west corner of a tile, (1,1) the south-east one.
type pt struct{ x, y float64 }

func (a pt) add(b pt) pt         { return pt{a.x + b.x, a.y + b.y} }
func (a pt) sub(b pt) pt         { return pt{a.x - b.x, a.y - b.y} }
func (a pt) mul(k float64) pt    { return pt{a.x * k, a.y * k} }
func (a pt) len() float64        { return math.Hypot(a.x, a.y) }
func (a pt) dist(b pt) float64   { return a.sub(b).len() }
func (a pt) perp() pt            { return pt{-a.y, a.x} }
func lerp(a, b pt, t float64) pt { return a.add(b.sub(a).mul(t)) }
func (a pt) unit() pt            { return a.mul(1 / math.Max(a.len(), 1e-9)) }
func (a pt) rotate(r game.Rotation) pt {
	for range r & 3 {
		a = pt{1 - a.y, a.x}
	}
	return a
}

var (
	centre = pt{0.5, 0.5}
	// corners[d] is where edge d starts when going clockwise: NW, NE, SE, SW.
	corners = [4]pt{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
	inwards = [4]pt{{0, 1}, {-1, 0}, {0, -1}, {1, 0}}
)

// edgeAt is the point at fraction t of edge d, going clockwise.
func edgeAt(d game.Dir, t float64) pt { return lerp(corners[d&3], corners[(d+1)&3], t) }

func mid(d game.Dir) pt { return edgeAt(d, 0.5) }

// halfPoint is the middle of half-edge h, moved depth into the tile.
func halfPoint(h game.Half, depth float64) pt {
	t := 0.25
	if h&1 == 1 {
		t = 0.75
	}
	return edgeAt(h.Dir(), t).add(inwards[h.Dir()].mul(depth))
}

// quad flattens a quadratic Bézier curve into n segments (n+1 points, ends included).
func quad(p0, c, p1 pt, n int) []pt {
	out := make([]pt, 0, n+1)
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		a, b := lerp(p0, c, t), lerp(c, p1, t)
		out = append(out, lerp(a, b, t))
	}
	return out
}

// inside reports whether q lies inside the closed polygon p (even-odd rule).
func inside(p []pt, q pt) bool {
	in := false
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		a, b := p[i], p[j]
		if (a.y > q.y) != (b.y > q.y) && q.x < (b.x-a.x)*(q.y-a.y)/(b.y-a.y)+a.x {
			in = !in
		}
	}
	return in
}

// segDist is the distance from q to the segment ab.
func segDist(q, a, b pt) float64 {
	ab := b.sub(a)
	l := ab.x*ab.x + ab.y*ab.y
	if l == 0 {
		return q.dist(a)
	}
	t := math.Max(0, math.Min(1, (q.sub(a).x*ab.x+q.sub(a).y*ab.y)/l))
	return q.dist(a.add(ab.mul(t)))
}

// lineDist is the distance from q to an open polyline.
func lineDist(q pt, l []pt) float64 {
	d := math.Inf(1)
	for i := 1; i < len(l); i++ {
		d = math.Min(d, segDist(q, l[i-1], l[i]))
	}
	return d
}

// ringDist is the distance from q to the outline of a closed polygon.
func ringDist(q pt, p []pt) float64 {
	return math.Min(lineDist(q, p), segDist(q, p[len(p)-1], p[0]))
}

// centroid is the centre of area of a polygon.
func centroid(p []pt) pt {
	var a, cx, cy float64
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		cr := p[j].x*p[i].y - p[i].x*p[j].y
		a += cr
		cx += (p[j].x + p[i].x) * cr
		cy += (p[j].y + p[i].y) * cr
	}
	if math.Abs(a) < 1e-9 {
		return p[0]
	}
	return pt{cx / (3 * a), cy / (3 * a)}
}

// pathLen is the length of a polyline.
func pathLen(l []pt) float64 {
	s := 0.0
	for i := 1; i < len(l); i++ {
		s += l[i].dist(l[i-1])
	}
	return s
}

// along is the point at fraction t of a polyline's length, with the direction there.
func along(l []pt, t float64) (pt, pt) {
	want := t * pathLen(l)
	for i := 1; i < len(l); i++ {
		seg := l[i].dist(l[i-1])
		if want <= seg || i == len(l)-1 {
			f := math.Min(1, want/math.Max(seg, 1e-9))
			return lerp(l[i-1], l[i], f), l[i].sub(l[i-1]).unit()
		}
		want -= seg
	}
	return l[0], pt{1, 0}
}

// crossing finds where two polylines cross away from their ends.
func crossing(a, b []pt) (pt, bool) {
	for i := 1; i < len(a); i++ {
		for j := 1; j < len(b); j++ {
			p, ok := segCross(a[i-1], a[i], b[j-1], b[j])
			if !ok {
				continue
			}
			ends := []pt{a[0], a[len(a)-1], b[0], b[len(b)-1]}
			near := false
			for _, e := range ends {
				near = near || p.dist(e) < 0.06
			}
			if !near {
				return p, true
			}
		}
	}
	return pt{}, false
}

func segCross(p, p2, q, q2 pt) (pt, bool) {
	r, s := p2.sub(p), q2.sub(q)
	den := r.x*s.y - r.y*s.x
	if math.Abs(den) < 1e-12 {
		return pt{}, false
	}
	qp := q.sub(p)
	t := (qp.x*s.y - qp.y*s.x) / den
	u := (qp.x*r.y - qp.y*r.x) / den
	if t < 0 || t > 1 || u < 0 || u > 1 {
		return pt{}, false
	}
	return p.add(r.mul(t)), true
}
