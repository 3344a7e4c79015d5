package render

import (
	"image"
	"math"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Labels are placed, not just written where their square is. Each label has places to try in
// order of preference and takes the first that lies in its room, clear of the labels placed before
// it and of what the board shows or may show there: a town's house, coats of arms, a chip-colour
// corner, the middle of a playable square but a town (where a face-down chip may lie), a square where a
// variant's pieces stand (island stacks), a ferry's landing and an area's box. A square's name
// stays in its square, at the bottom, on two lines if one is too wide; a name that has no room
// there (a stack square) or an island's name goes beside it, over the sea. Shortening a name is
// the last resort, when no place holds it.

// obstacle is an area a label must keep off: a rectangle, or the triangle of it at its lower
// right (a chip-colour corner).
type obstacle struct {
	r   image.Rectangle
	tri bool
}

func (o obstacle) hits(r image.Rectangle) bool {
	if !o.r.Overlaps(r) {
		return false
	}
	if !o.tri {
		return true
	}
	// The point of r nearest the right angle decides: (x, y) is in the triangle when
	// (x-min)/w + (y-min)/h > 1.
	x, y := min(r.Max.X, o.r.Max.X), min(r.Max.Y, o.r.Max.Y)
	return float64(x-o.r.Min.X)/float64(o.r.Dx())+float64(y-o.r.Min.Y)/float64(o.r.Dy()) > 1
}

// placer keeps the obstacles and the labels placed so far.
type placer struct {
	room      image.Rectangle
	obstacles []obstacle
	taken     []image.Rectangle
}

// free reports whether a label may take box r.
func (p *placer) free(r image.Rectangle) bool {
	if !r.In(p.room) {
		return false
	}
	for _, o := range p.obstacles {
		if o.hits(r) {
			return false
		}
	}
	for _, t := range p.taken {
		if t.Overlaps(r) {
			return false
		}
	}
	return true
}

// textBlock is a label's lines in a face, each with where its baseline starts.
type textBlock struct {
	f     *face
	lines []string
	xs    []int
	y     int // baseline of the first line
	halo  bool
	box   image.Rectangle
}

// align positions of a text block's lines.
const (
	alignLeft = iota
	alignCentre
	alignRight
)

// newBlock lays lines out with their top at top, aligned on x.
func newBlock(f *face, lines []string, x, top, align int, halo bool) textBlock {
	b := textBlock{f: f, lines: lines, y: top + f.ascent, halo: halo}
	for i, l := range lines {
		w := f.width(l)
		lx := x
		switch align {
		case alignCentre:
			lx = x - w/2
		case alignRight:
			lx = x - w
		}
		b.xs = append(b.xs, lx)
		r := image.Rect(lx, top+i*f.height(), lx+w, top+(i+1)*f.height())
		if i == 0 {
			b.box = r
		} else {
			b.box = b.box.Union(r)
		}
	}
	if halo {
		b.box = b.box.Inset(-1)
	}
	return b
}

// draw writes the block and notes it as a label.
func (b textBlock) draw(c *canvas, col uint8) {
	for i, l := range b.lines {
		y := b.y + i*b.f.height()
		if b.halo {
			c.textHalo(b.f, l, b.xs[i], y, col, cWhite)
		} else {
			c.text(b.f, l, b.xs[i], y, col)
		}
	}
	c.note(boxLabel, b.box, strings.Join(b.lines, " "))
}

// splits are the ways to write text: on one line, then on two lines broken at a space or after a
// hyphen, the most even first.
func splits(f *face, text string) [][]string {
	out := [][]string{{text}}
	var two [][]string
	for i, r := range text {
		switch {
		case r == ' ' && i > 0:
			two = append(two, []string{text[:i], text[i+1:]})
		case r == '-' && i > 0 && i+1 < len(text):
			two = append(two, []string{text[:i+1], text[i+1:]})
		}
	}
	slices.SortStableFunc(two, func(a, b []string) int {
		return max(f.width(a[0]), f.width(a[1])) - max(f.width(b[0]), f.width(b[1]))
	})
	return append(out, two...)
}

// layerObstacles are what the labels of the map layer of frame fr keep off, in its pixels.
func layerObstacles(fr *frame) []obstacle {
	s := float64(fr.s)
	var out []obstacle
	at := func(q game.Square, x0, y0, x1, y1 float64) image.Rectangle {
		o := fr.at(q.Col(), q.Row())
		return image.Rect(o.X+int(x0*s), o.Y+int(y0*s), o.X+int(math.Ceil(x1*s)), o.Y+int(math.Ceil(y1*s)))
	}
	fr.each(func(col, row int) {
		info := fr.info(col, row)
		if info.Kind == game.Void {
			return
		}
		q := game.At(col, row)
		switch info.Kind {
		case game.Playable:
			// A face-down chip may lie in the middle (chipD is 0.42 of a square), except on a town:
			// chips are never laid on towns (rules R4.0.3).
			if info.Town < 0 {
				out = append(out, obstacle{r: at(q, 0.27, 0.27, 0.73, 0.73)})
			}
			if _, ok := chipColor(info.Attrs["chip"]); ok {
				out = append(out, obstacle{r: at(q, 0.68, 0.68, 1, 1), tri: true})
			}
			if info.Town >= 0 {
				out = append(out, obstacle{r: at(q, 0.04, 0.05, 0.36, 0.38)})
			}
			for i := range info.Arms {
				x, y := 0.86-0.15*float64(i%4), 0.14+0.2*float64(i/4)
				out = append(out, obstacle{r: at(q, x-0.08, y-0.08, x+0.08, y+0.08)})
			}
		case game.Marked:
			if info.Mark == "stack" {
				out = append(out, obstacle{r: fr.rect(q)})
			}
		}
	})
	for _, f := range fr.m.Ferries {
		for _, e := range []struct {
			q game.Square
			d game.Dir
		}{{f.Harbour, f.HarbourDir}, {f.Landing, f.LandingDir}} {
			m := mid(e.d).add(inwards[e.d].mul(-0.08))
			out = append(out, obstacle{r: at(e.q, m.x-0.1, m.y-0.1, m.x+0.1, m.y+0.1)})
		}
	}
	for _, a := range fr.m.Areas {
		out = append(out, obstacle{r: areaRect(fr, a)})
	}
	return out
}

// overSea reports whether box r lies over the sea: every grid position under it is Void, or off
// the grid.
func (fr *frame) overSea(r image.Rectangle) bool {
	o := fr.at(0, 0)
	c0, r0 := floorDiv(r.Min.X-o.X, fr.s), floorDiv(r.Min.Y-o.Y, fr.s)
	c1, r1 := floorDiv(r.Max.X-1-o.X, fr.s), floorDiv(r.Max.Y-1-o.Y, fr.s)
	for row := r0; row <= r1; row++ {
		for col := c0; col <= c1; col++ {
			if fr.info(col, row).Kind != game.Void {
				return false
			}
		}
	}
	return true
}

func floorDiv(a, b int) int {
	if a < 0 {
		return -((-a + b - 1) / b)
	}
	return a / b
}

// beside are the places for a label of lines in face f next to square q, over the sea: below,
// above, left and right of it.
func beside(fr *frame, q game.Square, f *face, lines []string, halo bool) []textBlock {
	r := fr.rect(q)
	h := len(lines) * f.height()
	cx, cy := (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2
	return []textBlock{
		newBlock(f, lines, cx, r.Max.Y+2, alignCentre, halo),
		newBlock(f, lines, cx, r.Min.Y-2-h, alignCentre, halo),
		newBlock(f, lines, r.Min.X-4, cy-h/2, alignRight, halo),
		newBlock(f, lines, r.Max.X+4, cy-h/2, alignLeft, halo),
	}
}

// placeSquareName places the name of square q: at the bottom of the square, centred or on the
// left, on one line or two, else beside the square over the sea, else shortened in the square.
func placeSquareName(p *placer, fr *frame, q game.Square, name string, f *face) textBlock {
	in := fr.rect(q).Inset(2)
	var tries []textBlock
	for _, lines := range splits(f, name) {
		top := in.Max.Y - len(lines)*f.height()
		tries = append(tries, newBlock(f, lines, (in.Min.X+in.Max.X)/2, top, alignCentre, false),
			newBlock(f, lines, in.Min.X+1, top, alignLeft, false))
	}
	// Above the middle, where no town or coat of arms is printed.
	tries = append(tries, newBlock(f, []string{name}, (in.Min.X+in.Max.X)/2, in.Min.Y, alignCentre, false))
	for _, b := range tries {
		if b.box.In(in) && p.free(b.box) {
			return b
		}
	}
	for _, lines := range splits(f, name) {
		for _, b := range beside(fr, q, f, lines, false) {
			if fr.overSea(b.box) && p.free(b.box) {
				return b
			}
		}
	}
	return newBlock(f, []string{f.fit(name, in.Dx())}, (in.Min.X+in.Max.X)/2, in.Max.Y-f.height(), alignCentre, false)
}

// placeGroupLabel places the name of a large city or an island over its squares: in their middle,
// a little higher or lower, on one line or two; an island's name may also go beside its squares
// over the sea, nearest its middle first.
func placeGroupLabel(p *placer, fr *frame, squares []game.Square, name string, f *face, outside bool) (textBlock, bool) {
	var tries []textBlock
	for _, lines := range splits(f, name) {
		for _, fy := range []float64{0.5, 0.25, 0.75} {
			pt, ok := labelPoint(fr, squares, fy)
			if !ok {
				return textBlock{}, false
			}
			tries = append(tries, newBlock(f, lines, pt.X, pt.Y-len(lines)*f.height()/2, alignCentre, true))
		}
	}
	for _, b := range tries {
		if p.free(b.box) {
			return b, true
		}
	}
	if outside {
		mid, _ := labelPoint(fr, squares, 0.5)
		var near []textBlock
		for _, lines := range splits(f, name) {
			for _, q := range squares {
				for _, b := range beside(fr, q, f, lines, true) {
					if fr.overSea(b.box) {
						near = append(near, b)
					}
				}
			}
		}
		dist := func(b textBlock) int {
			c := b.box.Min.Add(b.box.Max).Div(2).Sub(mid)
			return c.X*c.X + c.Y*c.Y
		}
		slices.SortStableFunc(near, func(a, b textBlock) int { return dist(a) - dist(b) })
		for _, b := range near {
			if p.free(b.box) {
				return b, true
			}
		}
	}
	return tries[0], true
}
