package render

import (
	"image"
	"image/draw"
	"math"
	"strconv"
	"sync"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/fogleman/gg"
)

// The map layer is everything printed on a map, drawn from its definition: sea and land, the
// country's outline, printed large cities (drawn as city tiles), towns with their colour, border
// connections beyond the outer edges, islands and ferry routes, coats of arms, marked squares,
// chip-colour marks, named off-grid areas and square names; the margins around it carry the
// coordinates and the row colours. It does not change during a game, so the layer of the whole
// grid is drawn once per map and scale and cached, and a picture copies the part under its
// window: the turn picture, previews and zooms move with the game, and a new window then costs a
// copy, not a drawing. A grid too large for that (the open classic table) caches the layer of
// each window instead.

type staticKey struct {
	m       *game.Map
	win     image.Rectangle
	s       int
	minFont int
	// lang is the language of the names written on it.
	lang string
}

// staticLayer is a cached map layer and the boxes of the labels written on it (while watched).
type staticLayer struct {
	*sprite
	boxes []box
}

var statics = newStatics()

func newStatics() *lru[staticKey, *staticLayer] {
	return newLRU[staticKey, *staticLayer](64<<20, func(l *staticLayer) int { return l.size() + 40*len(l.boxes) })
}

// maxLayer is the most pixels a cached layer of the whole grid may have.
const maxLayer = 8 << 20

// drawMapLayer draws the map layer of frame fr on c: the squares of its window and pad, and its
// margins.
func drawMapLayer(c *canvas, fr *frame) {
	layer := *fr
	grid := image.Rect(0, 0, fr.m.Cols, fr.m.Rows)
	if sz := (grid.Dx()*fr.s + 2*fr.pad) * (grid.Dy()*fr.s + 2*fr.pad); sz <= maxLayer {
		layer.win = grid
	}
	layer.off, layer.margin = image.Point{}, 0
	sp := statics.get(staticKey{fr.m, layer.win, fr.s, fr.minFont, fr.w.Code()}, func() *staticLayer {
		sz := layer.size()
		l := &staticLayer{sprite: paint(sz.X, sz.Y, func(dc *gg.Context) { drawMapShapes(dc, &layer) })}
		lc := spriteCanvas(l.sprite)
		if watch != nil {
			lc.boxes = &l.boxes
		}
		drawMapText(lc, &layer)
		return l
	})
	at := fr.at(layer.win.Min.X, layer.win.Min.Y).Sub(image.Pt(fr.pad, fr.pad))
	board := fr.board()
	c.sub(board).blit(sp.sprite, at.X, at.Y)
	for _, b := range sp.boxes {
		// A label the window cuts shows only its part inside.
		if r := b.r.Add(at).Intersect(board); !r.Empty() {
			c.note(b.kind, r, b.text)
		}
	}
	drawMargins(c, fr)
}

// drawMargins fills the margins around a frame's board with the coordinates on all four sides and
// the colour bars of coloured rows, and writes the names of border connections, which reach into
// them.
func drawMargins(c *canvas, fr *frame) {
	o, b := fr.outer(), fr.board()
	for _, r := range []image.Rectangle{{o.Min, image.Pt(o.Max.X, b.Min.Y)}, {image.Pt(o.Min.X, b.Max.Y), o.Max},
		{image.Pt(o.Min.X, b.Min.Y), image.Pt(b.Min.X, b.Max.Y)}, {image.Pt(b.Max.X, b.Min.Y), image.Pt(o.Max.X, b.Max.Y)}} {
		c.fill(r, cPaper)
	}
	for row := fr.win.Min.Y; row < fr.win.Max.Y; row++ {
		col, ok := chipColor(fr.m.RowAttrs[row]["color"])
		if !ok {
			continue
		}
		y := fr.at(0, row).Y
		for _, x := range []int{b.Min.X - 7, b.Max.X + 1} {
			c.fill(image.Rect(x, y+1, x+6, y+fr.s-1), col)
		}
	}
	coord := fr.font(true, 15)
	half := fr.margin / 2
	p := &placer{room: o}
	write := func(f *face, text string, x, cy int) {
		b := newBlock(f, []string{text}, x, cy-f.height()/2, alignCentre, false)
		b.draw(c, cText)
		p.taken = append(p.taken, b.box)
	}
	for col := fr.win.Min.X; col < fr.win.Max.X; col++ {
		x := fr.at(col, 0).X + fr.s/2
		name := game.ColumnName(col)
		write(coord, name, x, o.Min.Y+half)
		write(coord, name, x, b.Max.Y+half)
	}
	for row := fr.win.Min.Y; row < fr.win.Max.Y; row++ {
		y := fr.at(0, row).Y + fr.s/2
		n := strconv.Itoa(row + 1)
		write(coord, n, o.Min.X+half-2, y)
		write(coord, n, b.Max.X+half+2, y)
	}
	c = c.sub(o)
	tiny := borderFont(fr)
	for _, bc := range fr.m.Borders {
		if bc.Name == "" || !fr.visible(bc.Square) {
			continue
		}
		if b, ok := placeBorderName(p, fr, bc, tiny); ok {
			p.taken = append(p.taken, b.box)
			b.draw(c, cText)
		}
	}
}

// borderFont is the face of the names of border connections.
func borderFont(fr *frame) *face { return fr.font(true, 11) }

// placeBorderName places the name of a border connection beside its road or city, in the pad and
// margin beyond the map's edge: along the edge for the north and south, outwards for the east and
// west (the frame's margin is wide enough for it, see fitBorderNames).
func placeBorderName(p *placer, fr *frame, bc game.BorderConnection, f *face) (textBlock, bool) {
	m := fr.point(bc.Square, mid(bc.Dir))
	h, gap := f.height(), fr.s/5
	var tries []textBlock
	line := []string{fr.w.Place(bc.Name)}
	switch bc.Dir {
	case game.North:
		top := m.Y - fr.pad/3 - f.ascent
		tries = []textBlock{newBlock(f, line, m.X+gap, top, alignLeft, true), newBlock(f, line, m.X-gap, top, alignRight, true),
			newBlock(f, line, m.X, m.Y-fr.pad-h, alignCentre, true)}
	case game.South:
		top := m.Y + fr.pad/3
		tries = []textBlock{newBlock(f, line, m.X+gap, top, alignLeft, true), newBlock(f, line, m.X-gap, top, alignRight, true),
			newBlock(f, line, m.X, m.Y+fr.pad, alignCentre, true)}
	case game.East:
		tries = []textBlock{newBlock(f, line, m.X+3, m.Y-fr.s/4-f.ascent, alignLeft, true), newBlock(f, line, m.X+3, m.Y+fr.s/4-f.ascent, alignLeft, true)}
	case game.West:
		tries = []textBlock{newBlock(f, line, m.X-3, m.Y-fr.s/4-f.ascent, alignRight, true), newBlock(f, line, m.X-3, m.Y+fr.s/4-f.ascent, alignRight, true)}
	}
	for _, b := range tries {
		if p.free(b.box) {
			return b, true
		}
	}
	return tries[0], len(tries) > 0
}

// fitBorderNames widens the margins so that the names of the border connections on the east and
// west edges fit beside them.
func (fr *frame) fitBorderNames() {
	fr.margin = max(fr.margin, borderRoom(fr.m, borderFont(fr), fr.w)-fr.pad)
}

// borderRoom is how far beyond the map's edge the widest name of an east or west border
// connection of m reaches in face f, its name in the language of ws.
func borderRoom(m *game.Map, f *face, ws words) int {
	w := 0
	for _, bc := range m.Borders {
		if bc.Name != "" && (bc.Dir == game.East || bc.Dir == game.West) {
			w = max(w, f.width(ws.Place(bc.Name))+8)
		}
	}
	return w
}

func drawMapShapes(dc *gg.Context, fr *frame) {
	b := fr.board()
	p := pen{dc, float64(fr.s), 0, 0}
	img := dc.Image().(*image.RGBA)
	flat := func(r image.Rectangle, c uint8) {
		draw.Draw(img, r, image.NewUniform(base[c]), image.Point{}, draw.Src)
	}
	flat(b, cSea)
	dc.Push()
	dc.DrawRectangle(float64(b.Min.X), float64(b.Min.Y), float64(b.Dx()), float64(b.Dy()))
	dc.Clip()
	fr.each(func(col, row int) {
		info := fr.info(col, row)
		o := fr.at(col, row)
		sq := pen{dc, float64(fr.s), float64(o.X), float64(o.Y)}
		switch info.Kind {
		case game.Playable:
			r := image.Rect(o.X, o.Y, o.X+fr.s, o.Y+fr.s).Intersect(b)
			flat(r, cLandGrid)
			flat(image.Rect(o.X+1, o.Y+1, o.X+fr.s-1, o.Y+fr.s-1).Intersect(b), cLand)
		case game.Printed:
			dc.DrawImage(printedImage(fr.m, game.At(col, row), fr.s), o.X, o.Y)
		case game.Marked:
			drawMark(sq, info)
		}
	})
	drawOutline(dc, fr)
	for _, bc := range fr.m.Borders {
		if fr.visible(bc.Square) {
			drawBorder(fr, p, bc)
		}
	}
	for _, f := range fr.m.Ferries {
		drawFerry(fr, p, f)
	}
	fr.each(func(col, row int) {
		info := fr.info(col, row)
		if info.Kind == game.Void || info.Kind == game.Printed {
			return
		}
		o := fr.at(col, row)
		sq := pen{dc, float64(fr.s), float64(o.X), float64(o.Y)}
		if c, ok := chipColor(info.Attrs["chip"]); ok && info.Kind == game.Playable {
			sq.path([]pt{{1, 0.68}, {1, 1}, {0.68, 1}}, true)
			sq.fillStroke(c, cBlack, 0.015)
		}
		if info.Arms > 0 {
			for i := range info.Arms {
				drawShield(sq, pt{0.86 - 0.15*float64(i%4), 0.14 + 0.2*float64(i/4)}, 0.06)
			}
		}
		if info.Town >= 0 {
			drawTownHouse(sq, fr.m.Towns[info.Town].Color)
		}
	})
	dc.Pop()
	for _, a := range fr.m.Areas {
		if !fr.visible(areaNear(fr.m, a)) {
			continue
		}
		r := areaRect(fr, a)
		dc.DrawRoundedRectangle(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()), 6)
		p.color(cPaper)
		dc.FillPreserve()
		dc.SetLineWidth(2)
		p.color(cOutline)
		dc.Stroke()
	}
}

// printedImage draws a printed large-city square as a city tile: the engine's own pre-placed
// tile of that square, so the picture shows exactly what is scored.
func printedImage(m *game.Map, q game.Square, s int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, s, s))
	f, ok := m.PrintedFace(q)
	if !ok {
		return img
	}
	drawFace(pen{gg.NewContextForRGBA(img), float64(s), 0, 0}, f, printedLayout(f), 0)
	return img
}

var printedLayouts sync.Map // *game.Face -> *layout

// printedLayout is the cached layout of a printed square's face.
func printedLayout(f *game.Face) *layout {
	if l, ok := printedLayouts.Load(f); ok {
		return l.(*layout)
	}
	l, _ := printedLayouts.LoadOrStore(f, newLayout(f))
	return l.(*layout)
}

func drawMark(p pen, info *game.SquareInfo) {
	p.rect(pt{0, 0}, pt{1, 1})
	p.fill(cSea)
	switch info.Mark {
	case "wave":
		for _, y := range []float64{0.3, 0.55, 0.8} {
			var w []pt
			for i := 0; i <= 24; i++ {
				x := 0.1 + 0.8*float64(i)/24
				w = append(w, pt{x, y + 0.05*math.Sin(x*4*math.Pi)})
			}
			p.path(w, false)
			p.stroke(cWave, 0.035)
		}
	case "stack":
		fill, _ := chipColor(info.Attrs["color"])
		for i := range 3 {
			o := 0.06 * float64(i)
			p.rect(pt{0.22 + o, 0.34 - o}, pt{0.68 + o, 0.8 - o})
			p.fillStroke(fill, cChipRim, 0.03)
		}
	default:
		p.rect(pt{0, 0}, pt{1, 1})
		p.fill(cLandGrid)
		for i := -4; i <= 4; i++ {
			p.path([]pt{{float64(i) * 0.25, 1}, {float64(i)*0.25 + 1, 0}}, false)
			p.stroke(cLand, 0.04)
		}
	}
}

// drawOutline draws the coast and land borders: every edge between a square and Void.
func drawOutline(dc *gg.Context, fr *frame) {
	dc.SetLineCapSquare()
	fr.each(func(col, row int) {
		if fr.info(col, row).Kind == game.Void {
			return
		}
		o := fr.at(col, row)
		for d := range game.Dir(4) {
			nc, nr := col, row
			switch d {
			case game.North:
				nr--
			case game.East:
				nc++
			case game.South:
				nr++
			case game.West:
				nc--
			}
			if fr.info(nc, nr).Kind != game.Void {
				continue
			}
			a, b := edgeAt(d, 0), edgeAt(d, 1)
			dc.DrawLine(float64(o.X)+a.x*float64(fr.s), float64(o.Y)+a.y*float64(fr.s),
				float64(o.X)+b.x*float64(fr.s), float64(o.Y)+b.y*float64(fr.s))
		}
	})
	dc.SetLineWidth(math.Max(2, float64(fr.s)/32))
	dc.SetColor(base[cOutline])
	dc.Stroke()
	dc.SetLineCapRound()
}

// drawBorder draws a printed border connection beyond the outer edge: a road leaving the map, or
// a city (with its coat of arms) straddling the border.
func drawBorder(fr *frame, p pen, bc game.BorderConnection) {
	o := fr.at(bc.Square.Col(), bc.Square.Row())
	sq := pen{p.dc, float64(fr.s), float64(o.X), float64(o.Y)}
	m, out := mid(bc.Dir), inwards[bc.Dir].mul(-1)
	reach := float64(fr.pad) / float64(fr.s)
	switch bc.Kind {
	case game.BorderRoad:
		road := []pt{m, m.add(out.mul(reach * 0.95))}
		sq.dc.SetLineCapButt()
		sq.path(road, false)
		sq.stroke(cRoadEdge, 2*roadHalf+2*outline)
		sq.path(road, false)
		sq.stroke(cRoad, 2*roadHalf)
		sq.dc.SetLineCapRound()
	case game.BorderCity:
		side := out.perp()
		a, b := m.add(side.mul(0.32)), m.sub(side.mul(0.32))
		shape := append([]pt{b}, quad(b, m.add(out.mul(reach*1.7)), a, 16)...)
		sq.path(shape, true)
		sq.stroke(cWall, 2*wallHalf)
		sq.path(shape, true)
		sq.fill(cCity)
		if bc.Arms {
			drawShield(sq, m.add(out.mul(reach*0.45)), math.Min(0.07, reach*0.3))
		}
	}
}

// drawFerry draws a ferry route as a dashed line between its harbour and landing edges.
func drawFerry(fr *frame, p pen, f game.Ferry) {
	end := func(q game.Square, d game.Dir) (float64, float64) {
		o := fr.at(q.Col(), q.Row())
		m := mid(d).add(inwards[d].mul(-0.08))
		return float64(o.X) + m.x*float64(fr.s), float64(o.Y) + m.y*float64(fr.s)
	}
	x1, y1 := end(f.Harbour, f.HarbourDir)
	x2, y2 := end(f.Landing, f.LandingDir)
	dc := p.dc
	w := math.Max(2, float64(fr.s)/28)
	dc.SetDash(3*w, 2*w)
	dc.DrawLine(x1, y1, x2, y2)
	dc.SetLineWidth(w)
	dc.SetColor(base[cOutline])
	dc.Stroke()
	dc.SetDash()
	for _, e := range [][2]float64{{x1, y1}, {x2, y2}} {
		dc.DrawCircle(e[0], e[1], 1.6*w)
		p.fillStroke(cWhite, cOutline, w/float64(fr.s))
	}
}

// drawTownHouse draws a town's house in the top-left corner of its square, roofed in its colour.
func drawTownHouse(p pen, color string) {
	roof := cRoof
	if c, ok := chipColor(color); ok {
		roof = c
	}
	p.rect(pt{0.1, 0.2}, pt{0.3, 0.36})
	p.fillStroke(cBuilding, cOutline, 0.015)
	p.path([]pt{{0.06, 0.21}, {0.2, 0.07}, {0.34, 0.21}}, true)
	p.fillStroke(roof, cOutline, 0.015)
}

// townHouseRect is where drawTownHouse draws in square r, its outline with it.
func townHouseRect(r image.Rectangle) image.Rectangle {
	at := func(fx, fy int) image.Point {
		return image.Pt(r.Min.X+r.Dx()*fx/100, r.Min.Y+r.Dy()*fy/100)
	}
	return image.Rectangle{Min: at(4, 5), Max: at(36, 38)}
}

// areaNear is the square a named off-grid area is drawn over: its near square, or the map's
// south-west corner.
func areaNear(m *game.Map, a game.Area) game.Square {
	if a.Near == game.NoSquare {
		return game.At(0, m.Rows-1)
	}
	return a.Near
}

// areaRect is where a named off-grid area's box lies: over its square, inside the whole grid's
// board (so that a window shows it where the whole map does).
func areaRect(fr *frame, a game.Area) image.Rectangle {
	c := fr.point(areaNear(fr.m, a), centre)
	w, h := max(150, fr.s*2), max(80, fr.s*6/5)
	r := image.Rect(c.X-w/2, c.Y-h/2, c.X+w/2, c.Y+h/2)
	b := image.Rectangle{fr.at(0, 0), fr.at(fr.m.Cols, fr.m.Rows)}.Inset(4 - fr.pad)
	if r.Min.X < b.Min.X {
		r = r.Add(image.Pt(b.Min.X-r.Min.X, 0))
	}
	if r.Max.X > b.Max.X {
		r = r.Add(image.Pt(b.Max.X-r.Max.X, 0))
	}
	if r.Min.Y < b.Min.Y {
		r = r.Add(image.Pt(0, b.Min.Y-r.Min.Y))
	}
	if r.Max.Y > b.Max.Y {
		r = r.Add(image.Pt(0, b.Max.Y-r.Max.Y))
	}
	return r
}

// drawMapText writes the names of large cities, islands and squares, placed so that none hides
// another or a mark of the map (labels.go), the names of areas in their boxes, and the words of
// marked squares.
func drawMapText(c *canvas, fr *frame) {
	p := &placer{room: c.Rect, obstacles: layerObstacles(fr)}
	var fixed []textBlock
	for _, a := range fr.m.Areas {
		if fr.visible(areaNear(fr.m, a)) {
			r := areaRect(fr, a)
			name := fr.font(true, 13)
			fixed = append(fixed, newBlock(name, []string{name.fit(fr.w.Place(a.Name), r.Dx()-8)}, (r.Min.X+r.Max.X)/2, r.Min.Y+4, alignCentre, false))
		}
	}
	small := fr.font(false, max(10, fr.s/8))
	fr.each(func(col, row int) {
		info := fr.info(col, row)
		if info.Kind == game.Marked && info.Mark != "wave" && info.Mark != "stack" {
			o := fr.at(col, row)
			text := small.fit(info.Mark, fr.s-4)
			fixed = append(fixed, newBlock(small, []string{text}, o.X+fr.s/2, o.Y+fr.s/2-small.height()/2, alignCentre, false))
		}
	})
	for _, b := range fixed {
		p.taken = append(p.taken, b.box)
		b.draw(c, cText)
	}
	label := fr.font(true, max(12, fr.s/7))
	place := func(b textBlock, ok bool, col uint8) {
		if ok {
			p.taken = append(p.taken, b.box)
			b.draw(c, col)
		}
	}
	fr.each(func(col, row int) {
		info := fr.info(col, row)
		if info.Name == "" || info.Kind == game.Printed || info.Kind == game.Void {
			return
		}
		place(placeSquareName(p, fr, game.At(col, row), fr.w.Place(info.Name), small), true, cTextMuted)
	})
	for _, city := range fr.m.Cities {
		var sq []game.Square
		for _, cs := range city.Squares {
			sq = append(sq, cs.Square)
		}
		b, ok := placeGroupLabel(p, fr, sq, fr.w.Place(city.Name), label, false)
		place(b, ok, cText)
	}
	for _, isl := range fr.m.Islands {
		b, ok := placeGroupLabel(p, fr, isl.Squares, fr.w.Place(isl.Name), label, true)
		place(b, ok, cText)
	}
}

// labelPoint is where a label for a group of squares goes: their middle, at height fy of a square.
func labelPoint(fr *frame, squares []game.Square, fy float64) (image.Point, bool) {
	var sx, sy, n int
	for _, q := range squares {
		if !fr.visible(q) {
			continue
		}
		p := fr.point(q, pt{0.5, fy})
		sx, sy, n = sx+p.X, sy+p.Y, n+1
	}
	if n == 0 {
		return image.Point{}, false
	}
	return image.Pt(sx/n, sy/n), true
}
