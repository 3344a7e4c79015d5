package render

import (
	"image"
	"image/color"

	"github.com/fogleman/gg"
)

// A sprite is a small picture quantised to the palette, with a coverage per pixel, ready to be
// copied onto a canvas many times. Sprites are immutable once built, so caches share them freely.
type sprite struct {
	w, h int
	pix  []uint8
	// alpha is the coverage of each pixel (255 opaque, 0 transparent); nil for an opaque sprite.
	alpha []uint8
	// text is the smallest font size drawn into the sprite, 0 for none.
	text int
}

// paint draws a w x h picture with gg on a transparent background and quantises it.
func paint(w, h int, draw func(dc *gg.Context)) *sprite {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw(gg.NewContextForRGBA(img))
	return quantize(img)
}

// quantize turns a premultiplied RGBA picture into a sprite with the nearest palette colours.
func quantize(img *image.RGBA) *sprite {
	p := pal()
	b := img.Bounds()
	s := &sprite{w: b.Dx(), h: b.Dy(), pix: make([]uint8, b.Dx()*b.Dy())}
	memo := map[color.RGBA]uint8{}
	opaque := true
	var last color.RGBA
	var lastIdx uint8
	lastOK := false
	alpha := make([]uint8, len(s.pix))
	for y := 0; y < s.h; y++ {
		row := img.Pix[(y)*img.Stride : (y)*img.Stride+4*s.w]
		for x := 0; x < s.w; x++ {
			c := color.RGBA{row[4*x], row[4*x+1], row[4*x+2], row[4*x+3]}
			i := y*s.w + x
			alpha[i] = c.A
			if c.A == 0 {
				opaque = false
				continue
			}
			if c.A < 255 {
				opaque = false
				a := int(c.A)
				c = color.RGBA{uint8(int(c.R) * 255 / a), uint8(int(c.G) * 255 / a), uint8(int(c.B) * 255 / a), 255}
			}
			if lastOK && c == last {
				s.pix[i] = lastIdx
				continue
			}
			idx, ok := memo[c]
			if !ok {
				idx = p.nearestSlow(c)
				memo[c] = idx
			}
			s.pix[i], last, lastIdx, lastOK = idx, c, idx, true
		}
	}
	if !opaque {
		s.alpha = alpha
	}
	return s
}

// size is the sprite's memory footprint in bytes, for the caches' budgets.
func (s *sprite) size() int { return len(s.pix) + len(s.alpha) + 64 }
