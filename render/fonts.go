package render

import (
	_ "embed"
	"image"
	"slices"
	"sync"
	"unicode"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/dejavu/dejavusansbold"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// The pictures write players' names, which may be in any script, so text falls back through a
// stack of embedded fonts, the first that has a character drawing it: the Go fonts (Latin, Greek,
// Cyrillic; the look of every picture), DejaVu Sans (more Latin, Armenian, Georgian, and the
// symbols people put in names: ☃ ★ ♥ ✓), and a subset of Noto Sans CJK TC (Traditional Chinese,
// kana, Hangul; see fonts/subset.sh), in one weight, made bold by widening its strokes. Nothing is
// loaded from the system or the network. A character no font has (most emoji, scripts that need
// shaping) is left out rather than drawn as an empty box; names that lose every character are
// written another way (shownName).

//go:embed fonts/NotoSansCJKtc-subset.otf
var cjkOTF []byte

// fontSource is one font of the stack.
type fontSource struct {
	has func(r rune) bool
	// face makes the font's face of a pixel size.
	face func(size int) font.Face
	// embolden is set when the font has no bold weight: bold glyphs are widened instead.
	embolden bool
}

var fontStack = sync.OnceValue(func() [2][]*fontSource {
	ttf := func(data []byte) *fontSource {
		f, err := truetype.Parse(data)
		if err != nil {
			panic("render: an embedded font does not parse: " + err.Error())
		}
		return &fontSource{
			has: func(r rune) bool { return f.Index(r) != 0 },
			face: func(size int) font.Face {
				return truetype.NewFace(f, &truetype.Options{Size: float64(size), DPI: 72, Hinting: font.HintingFull})
			},
		}
	}
	cjk, err := opentype.Parse(cjkOTF)
	if err != nil {
		panic("render: the embedded CJK font does not parse: " + err.Error())
	}
	var bufMu sync.Mutex
	var buf sfnt.Buffer
	cjkSrc := func(embolden bool) *fontSource {
		return &fontSource{
			has: func(r rune) bool {
				bufMu.Lock()
				defer bufMu.Unlock()
				i, err := cjk.GlyphIndex(&buf, r)
				return err == nil && i != 0
			},
			face: func(size int) font.Face {
				f, err := opentype.NewFace(cjk, &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingNone})
				if err != nil {
					panic("render: the embedded CJK font has no face: " + err.Error())
				}
				return f
			},
			embolden: embolden,
		}
	}
	return [2][]*fontSource{
		{ttf(goregular.TTF), ttf(dejavusans.TTF), cjkSrc(false)},
		{ttf(gobold.TTF), ttf(dejavusansbold.TTF), cjkSrc(true)},
	}
})

// invisible reports whether r draws nothing by itself: joiners, variation selectors, emoji
// modifiers and other format characters, which a font without the sequence they shape cannot use.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r) || (r >= 0x1F3FB && r <= 0x1F3FF)
}

// drawable reports whether some font of the stack draws r.
func drawable(r rune) bool {
	if r == ' ' {
		return true
	}
	if invisible(r) || unicode.IsControl(r) {
		return false
	}
	for _, src := range fontStack()[0] {
		if src.has(r) {
			return true
		}
	}
	return false
}

// shownName is how a player's name is written in a picture: as typed, without the characters no
// font draws; a name with nothing left to draw is written "player N" (seat from 0) in the
// picture's language.
func shownName(name string, seat int, w words) string {
	var out []rune
	for _, r := range name {
		if !drawable(r) {
			continue
		}
		if r == ' ' && (len(out) == 0 || out[len(out)-1] == ' ') {
			continue
		}
		out = append(out, r)
	}
	for len(out) > 0 && out[len(out)-1] == ' ' {
		out = out[:len(out)-1]
	}
	if len(out) == 0 {
		return w.T("pic_player_n", map[string]any{"Seat": seat + 1})
	}
	return string(out)
}

// withShownNames is v with the players' names as pictures write them (shownName).
func withShownNames(v *game.View, w words) *game.View {
	if v == nil {
		return nil
	}
	c := *v
	c.Players = slices.Clone(v.Players)
	for i := range c.Players {
		c.Players[i].Name = shownName(c.Players[i].Name, i, w)
	}
	return &c
}

// stackFace is the font stack as a font.Face, for text that gg draws (the score chart).
type stackFace struct{ f *face }

func (s stackFace) Close() error { return nil }

func (s stackFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	g := s.f.glyph(r)
	if g.advance == 0 && g.w == 0 {
		return image.Rectangle{}, nil, image.Point{}, 0, false
	}
	p := image.Pt(dot.X.Round()+g.dx, dot.Y.Round()+g.dy)
	mask := &image.Alpha{Pix: g.mask, Stride: g.w, Rect: image.Rect(0, 0, g.w, g.h)}
	return image.Rectangle{p, p.Add(image.Pt(g.w, g.h))}, mask, image.Point{}, g.advance, true
}

func (s stackFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	g := s.f.glyph(r)
	b := fixed.R(g.dx, g.dy, g.dx+g.w, g.dy+g.h)
	return b, g.advance, g.advance != 0 || g.w != 0
}

func (s stackFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	g := s.f.glyph(r)
	return g.advance, g.advance != 0 || g.w != 0
}

func (s stackFace) Kern(_, _ rune) fixed.Int26_6 { return 0 }

func (s stackFace) Metrics() font.Metrics {
	return font.Metrics{Height: fixed.I(s.f.height()), Ascent: fixed.I(s.f.ascent), Descent: fixed.I(s.f.descent)}
}
