package render

import (
	"image"
)

// canvas is a paletted picture being composed from sprites, glyphs and flat shapes. Everything
// drawn on it is clipped to its bounds; partly covered pixels are blended through the palette.
// It notes the smallest type drawn on it, sprites' text included, so that the pictures meant for a
// phone can be checked to stay readable.
type canvas struct {
	*image.Paletted
	p *paletteData
	// smallest is the smallest font size (pixels) drawn so far, 0 before any text; shared with
	// the sub-canvases.
	smallest *int
	// alpha is the coverage of a sprite's pixels when text is drawn into a sprite that has
	// transparent parts (nil otherwise): the text makes its pixels opaque.
	alpha []uint8
	// boxes are the labels, chips, badges and pieces drawn on the board, shared with the
	// sub-canvases, noted only while a test watches (watch): it checks that no label is hidden.
	// Nil where nothing is noted.
	boxes *[]box
}

// boxKind is what a box noted on a canvas holds.
type boxKind uint8

const (
	// boxLabel is a label of the map: a name, a coordinate.
	boxLabel boxKind = iota
	// boxChip is a chip on the board.
	boxChip
	// boxBadge is a number or text in a white box over a piece.
	boxBadge
	// boxPiece is a variant's piece on a square or in an area: a tile, a pile, meeples.
	boxPiece
)

// box is the area something was drawn in, with its text for a label.
type box struct {
	kind boxKind
	r    image.Rectangle
	text string
}

// note records that something of kind k was drawn in r.
func (c *canvas) note(k boxKind, r image.Rectangle, text string) {
	// What is drawn is clipped to the canvas, and so is its box.
	if r = r.Intersect(c.Rect); c.boxes != nil && !r.Empty() {
		*c.boxes = append(*c.boxes, box{k, r, text})
	}
}

func newCanvas(w, h int) *canvas {
	p := pal()
	c := &canvas{Paletted: image.NewPaletted(image.Rect(0, 0, w, h), p.colors), p: p, smallest: new(int)}
	if watch != nil {
		c.boxes = new([]box)
	}
	return c
}

// sub is a canvas on part of c: drawing on it changes c, clipped to r.
func (c *canvas) sub(r image.Rectangle) *canvas {
	return &canvas{Paletted: c.SubImage(r).(*image.Paletted), p: c.p, smallest: c.smallest, boxes: c.boxes}
}

// noteText records that text of size px was drawn.
func (c *canvas) noteText(px int) {
	if px > 0 && (*c.smallest == 0 || px < *c.smallest) {
		*c.smallest = px
	}
}

// blit copies sprite s with its top-left corner at (x, y).
func (c *canvas) blit(s *sprite, x, y int) { c.blitFaded(s, x, y, 255) }

// blitFaded copies sprite s at (x, y) with its coverage scaled by a (255 = as drawn).
func (c *canvas) blitFaded(s *sprite, x, y int, a uint8) {
	r := image.Rect(x, y, x+s.w, y+s.h).Intersect(c.Rect)
	if r.Empty() {
		return
	}
	c.noteText(s.text)
	for py := r.Min.Y; py < r.Max.Y; py++ {
		src := (py-y)*s.w + (r.Min.X - x)
		dst := c.PixOffset(r.Min.X, py)
		n := r.Dx()
		if s.alpha == nil && a == 255 {
			copy(c.Pix[dst:dst+n], s.pix[src:src+n])
			continue
		}
		for i := range n {
			cov := uint8(255)
			if s.alpha != nil {
				cov = s.alpha[src+i]
			}
			if a != 255 {
				cov = uint8(int(cov) * int(a) / 255)
			}
			switch cov {
			case 0:
			case 255:
				c.Pix[dst+i] = s.pix[src+i]
			default:
				c.Pix[dst+i] = c.p.blend(c.Pix[dst+i], s.pix[src+i], cov)
			}
		}
	}
}

// fill paints rectangle r with colour col.
func (c *canvas) fill(r image.Rectangle, col uint8) {
	r = r.Intersect(c.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := c.PixOffset(r.Min.X, y)
		row := c.Pix[o : o+r.Dx()]
		for i := range row {
			row[i] = col
		}
	}
}

// frame paints a border w pixels wide just inside rectangle r.
func (c *canvas) frame(r image.Rectangle, w int, col uint8) {
	c.fill(image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w), col)
	c.fill(image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y), col)
	c.fill(image.Rect(r.Min.X, r.Min.Y+w, r.Min.X+w, r.Max.Y-w), col)
	c.fill(image.Rect(r.Max.X-w, r.Min.Y+w, r.Max.X, r.Max.Y-w), col)
}

// tint blends every pixel of r towards colour col with coverage a.
func (c *canvas) tint(r image.Rectangle, col, a uint8) {
	var table [256]uint8
	for i := range c.p.rgb {
		table[i] = c.p.blend(uint8(i), col, a)
	}
	r = r.Intersect(c.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := c.PixOffset(r.Min.X, y)
		row := c.Pix[o : o+r.Dx()]
		for i, v := range row {
			row[i] = table[v]
		}
	}
}

// tintAround tints r as tint does, except the hole inside it.
func (c *canvas) tintAround(r, hole image.Rectangle, col, a uint8) {
	hole = hole.Intersect(r)
	c.tint(image.Rect(r.Min.X, r.Min.Y, r.Max.X, hole.Min.Y), col, a)
	c.tint(image.Rect(r.Min.X, hole.Max.Y, r.Max.X, r.Max.Y), col, a)
	c.tint(image.Rect(r.Min.X, hole.Min.Y, hole.Min.X, hole.Max.Y), col, a)
	c.tint(image.Rect(hole.Max.X, hole.Min.Y, r.Max.X, hole.Max.Y), col, a)
}

// dashedFrame paints a dashed border w pixels wide just inside rectangle r, dashes and gaps d
// pixels long.
func (c *canvas) dashedFrame(r image.Rectangle, w, d int, col uint8) {
	for x := r.Min.X; x < r.Max.X; x += 2 * d {
		e := min(x+d, r.Max.X)
		c.fill(image.Rect(x, r.Min.Y, e, r.Min.Y+w), col)
		c.fill(image.Rect(x, r.Max.Y-w, e, r.Max.Y), col)
	}
	for y := r.Min.Y; y < r.Max.Y; y += 2 * d {
		e := min(y+d, r.Max.Y)
		c.fill(image.Rect(r.Min.X, y, r.Min.X+w, e), col)
		c.fill(image.Rect(r.Max.X-w, y, r.Max.X, e), col)
	}
}
