package render

import (
	"math"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/fogleman/gg"
)

// Tiles are drawn from their layouts: field, roads (with bridges), cities with walls and gates,
// then buildings and pictograms. A sprite is drawn once per tile type and size in the reference
// orientation and turned for the other rotations, and cached.

type tileKey struct {
	id   game.TileID
	rot  game.Rotation
	size int
}

var tileSprites = newLRU[tileKey, *sprite](32<<20, (*sprite).size)

// tileSprite is the picture of tile id in rotation r, size pixels square.
func tileSprite(id game.TileID, r game.Rotation, size int) *sprite {
	return tileSprites.get(tileKey{id, r & 3, size}, func() *sprite {
		t := id.Type()
		return faceSprite(t.Face(0), tileLayout(t), r&3, size)
	})
}

// faceSprite draws a face with its layout turned by r and quantises it, with a darker rim that
// marks the grid.
func faceSprite(f *game.Face, l *layout, r game.Rotation, size int) *sprite {
	s := paint(size, size, func(dc *gg.Context) { drawFace(pen{dc, float64(size), 0, 0}, f, l, r) })
	for i := range s.pix {
		x, y := i%size, i/size
		if x == 0 || y == 0 || x == size-1 || y == size-1 {
			s.pix[i] = shadeOf(s.pix[i])
		}
	}
	return s
}

// pen draws in tile units on a gg context: s pixels per unit, origin at (ox, oy).
type pen struct {
	dc     *gg.Context
	s      float64
	ox, oy float64
}

func (p pen) xy(q pt) (float64, float64) { return p.ox + q.x*p.s, p.oy + q.y*p.s }

func (p pen) path(ps []pt, closed bool) {
	p.dc.NewSubPath()
	for i, q := range ps {
		x, y := p.xy(q)
		if i == 0 {
			p.dc.MoveTo(x, y)
		} else {
			p.dc.LineTo(x, y)
		}
	}
	if closed {
		p.dc.ClosePath()
	}
}

func (p pen) color(c uint8) { p.dc.SetColor(base[c]) }

// width sets the line width in tile units (at least one pixel).
func (p pen) width(w float64) { p.dc.SetLineWidth(math.Max(1, w*p.s)) }

func (p pen) fill(c uint8) {
	p.color(c)
	p.dc.Fill()
}

func (p pen) stroke(c uint8, w float64) {
	p.color(c)
	p.width(w)
	p.dc.Stroke()
}

func (p pen) fillStroke(fill, line uint8, w float64) {
	p.color(fill)
	p.dc.FillPreserve()
	p.stroke(line, w)
}

func (p pen) circle(c pt, r float64) {
	x, y := p.xy(c)
	p.dc.DrawCircle(x, y, r*p.s)
}

// zoom is a pen that draws k times larger around c.
func (p pen) zoom(c pt, k float64) pen {
	return pen{p.dc, p.s * k, p.ox + c.x*p.s*(1-k), p.oy + c.y*p.s*(1-k)}
}

func (p pen) rect(a, b pt) { p.path([]pt{a, {b.x, a.y}, b, {a.x, b.y}}, true) }

const outline = 0.016

// drawFace draws a face turned by r: the landscape turns with the tile, while buildings and
// pictograms stay upright at their turned places, so that they read the same in every rotation.
func drawFace(p pen, f *game.Face, l *layout, r game.Rotation) {
	p.rect(pt{0, 0}, pt{1, 1})
	p.fill(cField)
	cx, cy := p.xy(centre)
	p.dc.Push()
	p.dc.RotateAbout(float64(r)*math.Pi/2, cx, cy)
	p.dc.SetLineCapRound()
	p.dc.SetLineJoinRound()
	for _, rd := range l.roads {
		drawRoad(p, rd)
	}
	for _, c := range l.cities {
		parts := append([][]pt{c.body}, c.spikes...)
		for _, part := range parts {
			p.path(part, true)
			p.stroke(cWall, 2*wallHalf)
		}
		for _, part := range parts {
			p.path(part, true)
			p.fill(cCity)
		}
	}
	for _, rd := range l.roads {
		if rd.gate {
			end := rd.path[len(rd.path)-1]
			drawGate(p, end, end.sub(rd.path[len(rd.path)-2]).unit())
		}
	}
	p.dc.Pop()
	for _, rd := range l.roads {
		if rd.deadend {
			drawHouse(p, rd.path[len(rd.path)-1].rotate(r), hutHalf)
		}
	}
	switch l.hub {
	case "crossing":
		drawHouse(p, centre, hutHalf)
	case "cloister":
		drawCloister(p, centre)
	}
	for _, at := range l.inns {
		drawInn(p, at.rotate(r))
	}
	for _, ic := range l.icons {
		ic.at = ic.at.rotate(r)
		drawIcon(p, ic)
	}
}

func drawRoad(p pen, r roadShape) {
	w := 2 * roadHalf
	if r.feature < 0 {
		w *= 0.7
	}
	if r.over {
		_, dir := nearestDir(r.path, r.bridge)
		deck := []pt{r.bridge.sub(dir.mul(0.17)), r.bridge.add(dir.mul(0.17))}
		p.dc.SetLineCapButt()
		p.path(deck, false)
		p.stroke(cRoadEdge, w+0.09)
		p.path(deck, false)
		p.stroke(cBuilding, w+0.05)
		p.dc.SetLineCapRound()
	}
	p.path(r.path, false)
	p.stroke(cRoadEdge, w+2*outline)
	p.path(r.path, false)
	p.stroke(cRoad, w)
}

// nearestDir is the direction of the polyline's segment closest to q.
func nearestDir(l []pt, q pt) (float64, pt) {
	best, dir := math.Inf(1), pt{1, 0}
	for i := 1; i < len(l); i++ {
		if d := segDist(q, l[i-1], l[i]); d < best {
			best, dir = d, l[i].sub(l[i-1]).unit()
		}
	}
	return best, dir
}

// drawGate draws a dark archway across the wall where a road enters its city.
func drawGate(p pen, at, dir pt) {
	n := dir.perp()
	hw, hd := roadHalf+0.012, 0.035
	c := at.add(dir.mul(0.005))
	p.path([]pt{c.add(n.mul(hw)).sub(dir.mul(hd)), c.add(n.mul(hw)).add(dir.mul(hd)),
		c.sub(n.mul(hw)).add(dir.mul(hd)), c.sub(n.mul(hw)).sub(dir.mul(hd))}, true)
	p.fill(cGate)
	for _, side := range []float64{1, -1} {
		p.circle(c.add(n.mul(side*(hw+0.02))), 0.028)
		p.fillStroke(cWall, cGate, 0.008)
	}
}

// drawHouse draws a small house with a red roof (a crossing's village, a dead end).
func drawHouse(p pen, c pt, h float64) {
	p.rect(pt{c.x - h*0.8, c.y - h*0.2}, pt{c.x + h*0.8, c.y + h})
	p.fillStroke(cBuilding, cRoadEdge, 0.012)
	p.path([]pt{{c.x - h, c.y - h*0.15}, {c.x, c.y - h}, {c.x + h, c.y - h*0.15}}, true)
	p.fillStroke(cRoof, cRoadEdge, 0.012)
	p.rect(pt{c.x - h*0.2, c.y + h*0.35}, pt{c.x + h*0.2, c.y + h})
	p.fill(cGate)
}

func drawCloister(p pen, c pt) {
	h := cloisterHalf
	p.rect(pt{c.x - h, c.y - h*0.25}, pt{c.x + h*0.55, c.y + h})
	p.fillStroke(cBuilding, cRoadEdge, 0.014)
	p.path([]pt{{c.x - h*1.12, c.y - h*0.2}, {c.x - h*0.75, c.y - h*0.75}, {c.x + h*0.3, c.y - h*0.75}, {c.x + h*0.67, c.y - h*0.2}}, true)
	p.fillStroke(cRoof, cRoadEdge, 0.014)
	// the bell tower with its cross
	p.rect(pt{c.x + h*0.55, c.y - h*0.55}, pt{c.x + h, c.y + h})
	p.fillStroke(cBuilding, cRoadEdge, 0.014)
	p.path([]pt{{c.x + h*0.5, c.y - h*0.5}, {c.x + h*0.775, c.y - h*1.05}, {c.x + h*1.05, c.y - h*0.5}}, true)
	p.fillStroke(cRoof, cRoadEdge, 0.014)
	p.path([]pt{{c.x + h*0.775, c.y - h*1.05}, {c.x + h*0.775, c.y - h*1.35}}, false)
	p.path([]pt{{c.x + h*0.66, c.y - h*1.22}, {c.x + h*0.89, c.y - h*1.22}}, false)
	p.stroke(cRoadEdge, 0.016)
	p.rect(pt{c.x - h*0.35, c.y + h*0.4}, pt{c.x - h*0.05, c.y + h})
	p.fill(cGate)
	p.circle(pt{c.x + h*0.775, c.y - h*0.05}, h*0.12)
	p.fill(cGate)
}

// drawInn draws a lake with the inn beside it.
func drawInn(p pen, c pt) {
	x, y := p.xy(c.add(pt{-0.03, 0.04}))
	p.dc.DrawEllipse(x, y, 0.11*p.s, 0.065*p.s)
	p.fillStroke(cLake, cRoadEdge, 0.01)
	drawHouse(p, c.add(pt{0.07, -0.05}), 0.055)
}

func drawIcon(p pen, ic icon) {
	if ic.kind != iconCathedral {
		p = p.zoom(ic.at, 1.45)
	}
	switch ic.kind {
	case iconArms:
		n := min(ic.n, 3)
		for i := range ic.n {
			row, col := i/3, i%3
			cols := min(n, ic.n-row*3)
			at := ic.at.add(pt{(float64(col) - float64(cols-1)/2) * 0.1, float64(row) * 0.12})
			drawShield(p, at, 0.05)
		}
	case iconCathedral:
		drawCathedral(p, ic.at)
	case iconWine:
		drawGrapes(p, ic.at)
	case iconGrain:
		drawGrain(p, ic.at)
	case iconCloth:
		drawCloth(p, ic.at)
	}
}

// drawShield draws a coat of arms (the pennant): a blue shield with a white chevron.
func drawShield(p pen, c pt, h float64) {
	shape := []pt{{c.x - h, c.y - h}, {c.x + h, c.y - h}, {c.x + h, c.y + h*0.1}}
	shape = append(shape, quad(pt{c.x + h, c.y + h*0.1}, pt{c.x + h, c.y + h}, pt{c.x, c.y + h*1.3}, 6)[1:]...)
	shape = append(shape, quad(pt{c.x, c.y + h*1.3}, pt{c.x - h, c.y + h}, pt{c.x - h, c.y + h*0.1}, 6)[1:]...)
	p.path(shape, true)
	p.fill(cShield)
	p.path([]pt{{c.x - h, c.y + h*0.15}, {c.x, c.y - h*0.55}, {c.x + h, c.y + h*0.15}}, false)
	p.stroke(cShieldLight, h*0.45)
	p.path(shape, true)
	p.stroke(cBlack, 0.012)
}

func drawCathedral(p pen, c pt) {
	h := 0.14
	p.rect(pt{c.x - h, c.y - h*0.3}, pt{c.x + h, c.y + h})
	p.fillStroke(cBuilding, cRoadEdge, 0.012)
	p.path([]pt{{c.x - h*1.1, c.y - h*0.25}, {c.x, c.y - h*0.95}, {c.x + h*1.1, c.y - h*0.25}}, true)
	p.fillStroke(cRoof, cRoadEdge, 0.012)
	for _, sx := range []float64{-1, 1} {
		x := c.x + sx*h*0.95
		p.rect(pt{x - h*0.22, c.y - h*0.7}, pt{x + h*0.22, c.y + h})
		p.fillStroke(cBuilding, cRoadEdge, 0.012)
		p.path([]pt{{x - h*0.3, c.y - h*0.65}, {x, c.y - h*1.3}, {x + h*0.3, c.y - h*0.65}}, true)
		p.fillStroke(cRoof, cRoadEdge, 0.012)
	}
	p.circle(pt{c.x, c.y + h*0.1}, h*0.22)
	p.fillStroke(cShield, cRoadEdge, 0.01)
	p.path([]pt{{c.x - h*0.25, c.y + h}, {c.x - h*0.25, c.y + h*0.5}, {c.x + h*0.25, c.y + h*0.5}, {c.x + h*0.25, c.y + h}}, true)
	p.fill(cGate)
}

func drawGrapes(p pen, c pt) {
	r := 0.018
	p.path([]pt{{c.x, c.y - 0.038}, {c.x + 0.015, c.y - 0.066}}, false)
	p.stroke(cWall, 0.012)
	x, y := p.xy(c.add(pt{0.03, -0.052}))
	p.dc.DrawEllipse(x, y, 0.026*p.s, 0.013*p.s)
	p.fillStroke(cLegal, cBlack, 0.006)
	for row, n := range []int{3, 2, 1} {
		for i := range n {
			at := c.add(pt{(float64(i) - float64(n-1)/2) * 2 * r, -0.02 + float64(row)*1.75*r})
			p.circle(at, r)
			p.fillStroke(cGrape, cBlack, 0.006)
		}
	}
}

func drawGrain(p pen, c pt) {
	for _, sx := range []float64{-0.035, 0, 0.035} {
		p.path([]pt{{c.x + sx*0.4, c.y + 0.075}, {c.x + sx, c.y - 0.045}}, false)
		p.stroke(cWall, 0.01)
		for k := range 4 {
			y := c.y - 0.055 + float64(k)*0.026
			for _, side := range []float64{-1, 1} {
				x, yy := p.xy(pt{c.x + sx + side*0.011, y})
				p.dc.Push()
				p.dc.RotateAbout(side*0.5, x, yy)
				p.dc.DrawEllipse(x, yy, 0.009*p.s, 0.018*p.s)
				p.dc.Pop()
				p.fillStroke(cGrain, cWall, 0.005)
			}
		}
	}
}

func drawCloth(p pen, c pt) {
	x, y := p.xy(c.sub(pt{0.09, 0.045}))
	p.dc.DrawRoundedRectangle(x, y, 0.14*p.s, 0.09*p.s, 0.015*p.s)
	p.fillStroke(cCloth, cBlack, 0.008)
	for _, dx := range []float64{-0.055, -0.02, 0.015} {
		p.path([]pt{{c.x + dx, c.y - 0.045}, {c.x + dx, c.y + 0.045}}, false)
		p.stroke(cShieldLight, 0.01)
	}
	p.circle(pt{c.x + 0.05, c.y}, 0.045)
	p.fillStroke(cCloth, cBlack, 0.008)
	p.circle(pt{c.x + 0.05, c.y}, 0.014)
	p.fill(cShieldLight)
}
