package render

import (
	"image"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Text is drawn from cached glyph masks (the font stack of fonts.go), blended onto the canvas
// through the palette. A font face is not safe for concurrent use, so rasterising a glyph holds
// its face's lock; cached glyphs are immutable.

type fontKey struct {
	bold bool
	size int
}

// face is the font stack at one weight and size: a face per font, made when first needed.
type face struct {
	key     fontKey
	ascent  int
	descent int
	mu      sync.Mutex
	faces   []font.Face
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
	facesMu sync.Mutex
	faces   = map[fontKey]*face{}
	glyphs  = newLRU[glyphKey, *glyph](4<<20, func(g *glyph) int { return len(g.mask) + 64 })
)

// fontFace returns the face of the given weight and pixel size. Its line height is the Go
// font's, so that a fallback character never moves the lines.
func fontFace(bold bool, size int) *face {
	k := fontKey{bold, size}
	facesMu.Lock()
	defer facesMu.Unlock()
	if f, ok := faces[k]; ok {
		return f
	}
	f := &face{key: k, faces: make([]font.Face, len(fontStack()[0]))}
	m := f.source(0).Metrics()
	f.ascent, f.descent = m.Ascent.Ceil(), m.Descent.Ceil()
	faces[k] = f
	return f
}

// source is the face of font i of the stack; f.mu or facesMu held.
func (f *face) source(i int) font.Face {
	if f.faces[i] == nil {
		f.faces[i] = f.stack()[i].face(f.key.size)
	}
	return f.faces[i]
}

func (f *face) stack() []*fontSource {
	if f.key.bold {
		return fontStack()[1]
	}
	return fontStack()[0]
}

// glyph is r's glyph from the first font that has it; a character no font has draws nothing and
// takes no room.
func (f *face) glyph(r rune) *glyph {
	return glyphs.get(glyphKey{f.key, r}, func() *glyph {
		for i, src := range f.stack() {
			if invisible(r) || unicode.IsControl(r) || !src.has(r) {
				continue
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			dr, mask, mp, adv, _ := f.source(i).Glyph(fixed.P(0, 0), r)
			g := &glyph{w: dr.Dx(), h: dr.Dy(), dx: dr.Min.X, dy: dr.Min.Y, advance: adv}
			g.mask = make([]uint8, g.w*g.h)
			if a, isAlpha := mask.(*image.Alpha); isAlpha {
				for y := range g.h {
					o := a.PixOffset(mp.X, mp.Y+y)
					copy(g.mask[y*g.w:(y+1)*g.w], a.Pix[o:o+g.w])
				}
			}
			if src.embolden {
				g.widen(max(1, f.key.size/16))
			}
			return g
		}
		return &glyph{}
	})
}

// widen makes a glyph bolder by k pixels: each pixel takes the darkest of the k to its left.
func (g *glyph) widen(k int) {
	w := g.w + k
	out := make([]uint8, w*g.h)
	for y := range g.h {
		for x := range w {
			var a uint8
			for j := max(0, x-k); j <= min(x, g.w-1); j++ {
				a = max(a, g.mask[y*g.w+j])
			}
			out[y*w+x] = a
		}
	}
	g.mask, g.w, g.advance = out, w, g.advance+fixed.I(k)
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
	if s != "" && (x < c.Rect.Min.X || dot.Ceil() > c.Rect.Max.X) && watch != nil {
		watch.overflow(s)
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

// fit shortens s with an ellipsis until it is at most w pixels wide, at the end of a word (a
// line may break there, see breakPieces): the longest run of whole words that fits. Only a first word
// wider than w is cut inside, which a watch hears of.
func (f *face) fit(s string, w int) string {
	if f.width(s) <= w {
		return s
	}
	ps := breakPieces(s)
	for n := len(ps) - 1; n > 0; n-- {
		cut := strings.TrimRightFunc(join(ps[:n]), func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
		if cut != "" && f.width(cut+"…") <= w {
			return cut + "…"
		}
	}
	if watch != nil {
		watch.cutInWord(s)
	}
	rs := []rune(s)
	for len(rs) > 0 && f.width(string(rs)+"…") > w {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…"
}

// wrap breaks text into lines at most w pixels wide in face f, between words (a word longer than
// w is shortened, see fit).
func wrap(f *face, text string, w int) []string {
	var lines []string
	var line []piece
	for _, p := range breakPieces(text) {
		if len(line) > 0 && f.width(join(append(line, p))) > w {
			lines = append(lines, join(line))
			line = nil
			p.space = false
		}
		line = append(line, p)
	}
	if len(line) > 0 {
		lines = append(lines, join(line))
	}
	for i, l := range lines {
		lines[i] = f.fit(l, w)
	}
	return lines
}

// piece is the smallest run of text a line may end after: a word, or in Chinese, Japanese and
// Korean a character with the punctuation that must stay with it. space is set when a space
// comes before it.
type piece struct {
	s     string
	space bool
}

// breakPieces splits text where a line may break: at spaces, and around ideographs and kana (which
// are written without spaces), but never before closing or after opening punctuation.
func breakPieces(text string) []piece {
	var out []piece
	for _, word := range strings.Fields(text) {
		if r, _ := utf8.DecodeRuneInString(word); len(out) > 0 && noBreakBefore(r) {
			// Punctuation set apart by a space (French "Tour :") stays with the word before it.
			out[len(out)-1].s += " " + word
			continue
		}
		start, space := 0, true
		var prev rune
		for i, r := range word {
			if i > 0 && (wide(prev) || wide(r)) && !noBreakBefore(r) && !noBreakAfter(prev) {
				out = append(out, piece{word[start:i], space})
				start, space = i, false
			}
			prev = r
		}
		out = append(out, piece{word[start:], space})
	}
	if len(out) > 0 {
		out[0].space = false
	}
	return out
}

func join(ps []piece) string {
	var b strings.Builder
	for i, p := range ps {
		if p.space && i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.s)
	}
	return b.String()
}

// wide reports whether r is of a script written without spaces between words.
func wide(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) ||
		(r >= 0x3000 && r <= 0x303f) || (r >= 0xff00 && r <= 0xffef)
}

func noBreakBefore(r rune) bool {
	return strings.ContainsRune("、。，．：；！？）」』】〉》・ー…,.:;!?)]}%", r)
}

func noBreakAfter(r rune) bool { return strings.ContainsRune("（「『【〈《([{", r) }
