package render

import (
	"image"
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Text is drawn from cached glyph masks (Go fonts, embedded in golang.org/x/image), blended onto
// the canvas through the palette. A font face is not safe for concurrent use, so rasterising a
// glyph holds the face's lock; cached glyphs are immutable.

type fontKey struct {
	bold bool
	size int
}

type face struct {
	mu      sync.Mutex
	key     fontKey
	f       font.Face
	ascent  int
	descent int
}

type glyphKey struct {
	font fontKey
	r    rune
}

type glyph struct {
	mask    []uint8
	w, h    int
	dx, dy  int // top-left of the mask relative to the dot
	advance fixed.Int26_6
}

var (
	fontsOnce = sync.OnceValues(func() (*truetype.Font, *truetype.Font) {
		reg, err1 := truetype.Parse(goregular.TTF)
		bold, err2 := truetype.Parse(gobold.TTF)
		if err1 != nil || err2 != nil {
			panic("render: the embedded Go fonts do not parse")
		}
		return reg, bold
	})
	facesMu sync.Mutex
	faces   = map[fontKey]*face{}
	glyphs  = newLRU[glyphKey, *glyph](4<<20, func(g *glyph) int { return len(g.mask) + 64 })
)

// fontFace returns the face of the given weight and pixel size.
func fontFace(bold bool, size int) *face {
	k := fontKey{bold, size}
	facesMu.Lock()
	defer facesMu.Unlock()
	if f, ok := faces[k]; ok {
		return f
	}
	reg, b := fontsOnce()
	src := reg
	if bold {
		src = b
	}
	ff := truetype.NewFace(src, &truetype.Options{Size: float64(size), DPI: 72, Hinting: font.HintingFull})
	m := ff.Metrics()
	f := &face{key: k, f: ff, ascent: m.Ascent.Ceil(), descent: m.Descent.Ceil()}
	faces[k] = f
	return f
}

func (f *face) glyph(r rune) *glyph {
	return glyphs.get(glyphKey{f.key, r}, func() *glyph {
		f.mu.Lock()
		defer f.mu.Unlock()
		dr, mask, mp, adv, _ := f.f.Glyph(fixed.P(0, 0), r)
		g := &glyph{w: dr.Dx(), h: dr.Dy(), dx: dr.Min.X, dy: dr.Min.Y, advance: adv}
		g.mask = make([]uint8, g.w*g.h)
		if a, isAlpha := mask.(*image.Alpha); isAlpha {
			for y := range g.h {
				o := a.PixOffset(mp.X, mp.Y+y)
				copy(g.mask[y*g.w:(y+1)*g.w], a.Pix[o:o+g.w])
			}
		}
		return g
	})
}

// width is the advance of s in pixels.
func (f *face) width(s string) int {
	var w fixed.Int26_6
	for _, r := range s {
		w += f.glyph(r).advance
	}
	return w.Ceil()
}

// height is the line height in pixels.
func (f *face) height() int { return f.ascent + f.descent }

// text draws s with its baseline starting at (x, y) and returns the x after it.
func (c *canvas) text(f *face, s string, x, y int, col uint8) int {
	if s != "" {
		c.noteText(f.key.size)
	}
	dot := fixed.I(x)
	for _, r := range s {
		g := f.glyph(r)
		gx, gy := dot.Round()+g.dx, y+g.dy
		for py := range g.h {
			yy := gy + py
			if yy < c.Rect.Min.Y || yy >= c.Rect.Max.Y {
				continue
			}
			for px := range g.w {
				xx := gx + px
				a := g.mask[py*g.w+px]
				if a == 0 || xx < c.Rect.Min.X || xx >= c.Rect.Max.X {
					continue
				}
				o := c.PixOffset(xx, yy)
				if c.alpha != nil {
					c.paintOver(o, col, a)
				} else if a == 255 {
					c.Pix[o] = col
				} else {
					c.Pix[o] = c.p.blend(c.Pix[o], col, a)
				}
			}
		}
		dot += g.advance
	}
	return dot.Ceil()
}

// paintOver lays colour col with coverage a over pixel o of a sprite with transparent parts.
func (c *canvas) paintOver(o int, col, a uint8) {
	under := int(c.alpha[o])
	out := int(a) + under*(255-int(a))/255
	if under == 0 {
		c.Pix[o] = col
	} else {
		c.Pix[o] = c.p.blend(c.Pix[o], col, uint8(int(a)*255/out))
	}
	c.alpha[o] = uint8(out)
}

// textHalo draws s with a halo of colour halo around it, for labels on busy backgrounds.
func (c *canvas) textHalo(f *face, s string, x, y int, col, halo uint8) {
	for _, o := range [8][2]int{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}} {
		c.text(f, s, x+o[0], y+o[1], halo)
	}
	c.text(f, s, x, y, col)
}

// textCentred draws s centred on x with its middle at y.
func (c *canvas) textCentred(f *face, s string, x, y int, col uint8) {
	c.text(f, s, x-f.width(s)/2, y+(f.ascent-f.descent)/2, col)
}

// fit shortens s with an ellipsis until it is at most w pixels wide.
func (f *face) fit(s string, w int) string {
	if f.width(s) <= w {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 && f.width(string(rs)+"…") > w {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…"
}
