package render

import (
	"image"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/fogleman/gg"
)

// Pieces are the small sprites drawn over the board: meeples in player colours with the player's
// letter (standing, or lying for farmers, with a star when upgraded), the numbered spot markers,
// chips and the pins that keep a covered town or coat of arms visible. All are cached by what
// they show and their size.

type pieceKind uint8

const (
	pieceMeeple pieceKind = iota
	pieceFarmer
	pieceMarker
	pieceChip
	pieceTown
	pieceArms
	pieceUpgrade
	pieceBacks
	pieceLegend
	pieceBig
	pieceBuilder
	piecePig
	pieceGood
)

type pieceKey struct {
	kind  pieceKind
	color uint8
	text  string
	flag  bool
	size  int
}

var pieces = newLRU[pieceKey, *sprite](16<<20, (*sprite).size)

// playerColor is the colour of seat i.
func playerColor(i int) uint8 { return playerColors[i%len(playerColors)] }

// playerLetters gives every player a distinct letter: the first letter of the name if it is free,
// else the next free letter of the name, else a digit.
func playerLetters(players []game.Player) []string {
	used := map[string]bool{}
	out := make([]string, len(players))
	for i, p := range players {
		for _, r := range p.Name {
			if l := string(unicode.ToUpper(r)); (unicode.IsLetter(r) || unicode.IsDigit(r)) && !used[l] {
				out[i] = l
				break
			}
		}
		for d := 1; out[i] == ""; d++ {
			if l := strconv.Itoa(d); !used[l] {
				out[i] = l
			}
		}
		used[out[i]] = true
	}
	return out
}

// meepleHeight is the height of a standing meeple on squares of s pixels.
func meepleHeight(s int) int { return max(24, s*40/100) }

// meepleOutline is a meeple's body in a unit box (the head is a circle above it).
var meepleOutline = []pt{{0.36, 0.3}, {0.06, 0.4}, {0.02, 0.5}, {0.07, 0.575}, {0.31, 0.56}, {0.1, 0.93},
	{0.14, 0.985}, {0.4, 0.985}, {0.5, 0.8}, {0.6, 0.985}, {0.86, 0.985}, {0.9, 0.93}, {0.69, 0.56},
	{0.93, 0.575}, {0.98, 0.5}, {0.94, 0.4}, {0.64, 0.3}}

// meepleSprite is a meeple of colour col with a letter; lying for a farmer, with a gold star when
// upgraded. The meeple's centre is at the middle of the sprite.
func meepleSprite(col uint8, letter string, farmer, upgraded bool, h int) *sprite {
	kind := pieceMeeple
	if farmer {
		kind = pieceFarmer
	}
	return figureSprite(kind, col, letter, farmer, upgraded, h, 46, drawMeeple)
}

// drawMeeple is the meeple: its outline and head, black-edged.
func drawMeeple(p pen, col uint8) {
	for _, pass := range []uint8{cBlack, col} {
		p.path(meepleOutline, true)
		p.circle(pt{0.5, 0.185}, 0.165)
		if pass == cBlack {
			p.stroke(cBlack, 0.1)
		} else {
			p.fill(col)
		}
	}
}

// drawStar draws a five-pointed gold star of radius r around c.
func drawStar(p pen, c pt, r float64) {
	var pts []pt
	for i := range 10 {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts = append(pts, pt{c.x + rr*math.Cos(a), c.y + rr*math.Sin(a)})
	}
	p.path(pts, true)
	p.fillStroke(cGold, cBlack, 0.05)
}

// markerSprite is the numbered marker of a legal meeple spot, d pixels wide: a ring around a
// see-through disc, so the tile's art shows under it, and the number with a white halo that reads
// on any ground. f is the size of the number.
func markerSprite(n, d, f int) *sprite {
	return pieces.get(pieceKey{kind: pieceMarker, text: strconv.Itoa(n) + "/" + strconv.Itoa(f), size: d}, func() *sprite {
		s := paint(d, d, func(dc *gg.Context) {
			p := pen{dc, float64(d), 0, 0}
			p.circle(centre, 0.44)
			dc.SetRGBA255(255, 255, 255, 110)
			dc.FillPreserve()
			p.stroke(cBlack, 0.07)
		})
		face := fontFace(true, f)
		num := strconv.Itoa(n)
		spriteCanvas(s).textHalo(face, num, (d-face.width(num))/2, d/2+(face.ascent-face.descent)/2, cBlack, cWhite)
		return s
	})
}

// chipColor is the palette colour of a chip or town colour name, and whether it is one.
func chipColor(name string) (uint8, bool) {
	switch strings.ToLower(name) {
	case game.Purple:
		return cChipPurple, true
	case game.Blue:
		return cChipBlue, true
	case game.Orange:
		return cChipOrange, true
	}
	return cChipBack, false
}

// chipSprite is a Map-Chip d pixels wide. A face-up chip shows its colour and value. A face-down
// chip shows its plain back, with the colour as a rim and the value small only when they are known
// (the full view): the redacted view has neither, so nothing of them can be drawn.
func chipSprite(c game.MapChip, d int) *sprite {
	key := pieceKey{kind: pieceChip, text: c.Color + "/" + strconv.Itoa(c.Value), flag: c.FaceUp, size: d}
	return pieces.get(key, func() *sprite {
		s := paint(d, d, func(dc *gg.Context) { drawChip(pen{dc, float64(d), 0, 0}, c) })
		chipValue(spriteCanvas(s), c, d/2, d/2, d)
		return s
	})
}

// drawChip draws the disc of a chip (see chipSprite) filling the unit square of p.
func drawChip(p pen, c game.MapChip) {
	col, known := chipColor(c.Color)
	fill, rim := col, cBlack
	if !c.FaceUp {
		fill, rim = cChipBack, cChipRim
	}
	p.circle(centre, 0.45)
	p.fillStroke(fill, rim, 0.08)
	p.circle(centre, 0.31)
	switch {
	case c.FaceUp:
		p.stroke(cWhite, 0.05)
	case known:
		p.stroke(col, 0.12)
	default:
		p.stroke(cChipRim, 0.04)
	}
}

// chipValue writes a chip's value, when it may show, on a chip d pixels wide centred at (x, y).
func chipValue(c *canvas, ch game.MapChip, x, y, d int) {
	_, known := chipColor(ch.Color)
	if ch.Value > 0 && (ch.FaceUp || known) {
		size := d * 55 / 100
		if !ch.FaceUp {
			size = d * 32 / 100
		}
		c.textCentred(fontFace(true, size), strconv.Itoa(ch.Value), x, y, cWhite)
	}
}

// townSprite is a small house with a roof in the town's colour, d pixels wide.
func townSprite(color string, d int) *sprite {
	return pieces.get(pieceKey{kind: pieceTown, text: color, size: d}, func() *sprite {
		roof := cRoof
		if c, ok := chipColor(color); ok {
			roof = c
		}
		return paint(d, d, func(dc *gg.Context) {
			p := pen{dc, float64(d), 0, 0}
			dc.SetLineJoinRound()
			p.rect(pt{0.2, 0.45}, pt{0.8, 0.92})
			p.fillStroke(cBuilding, cBlack, 0.07)
			p.path([]pt{{0.06, 0.5}, {0.5, 0.08}, {0.94, 0.5}}, true)
			p.fillStroke(roof, cBlack, 0.07)
			p.rect(pt{0.42, 0.62}, pt{0.58, 0.92})
			p.fill(cGate)
		})
	})
}

// armsSprite is a coat of arms with a count when there are several, d pixels high.
func armsSprite(n, d int) *sprite {
	return pieces.get(pieceKey{kind: pieceArms, text: strconv.Itoa(n), size: d}, func() *sprite {
		w := d
		if n > 1 {
			w = d * 2
		}
		s := paint(w, d, func(dc *gg.Context) {
			if n > 1 {
				dc.DrawRoundedRectangle(float64(d)/2, float64(d)*0.15, float64(w-d/2), float64(d)*0.7, float64(d)*0.2)
				dc.SetColor(base[cPaper])
				dc.Fill()
			}
			drawShield(pen{dc, float64(d), 0, 0}, pt{0.5, 0.42}, 0.38)
		})
		if n > 1 {
			spriteCanvas(s).text(fontFace(true, d*6/10), "×"+strconv.Itoa(n), d, d*3/4, cBlack)
		}
		return s
	})
}

// spriteCanvas lets text be drawn into a sprite's pixels; the sprite keeps the size of its
// smallest text.
func spriteCanvas(s *sprite) *canvas {
	p := pal()
	return &canvas{Paletted: &image.Paletted{Pix: s.pix, Stride: s.w, Rect: image.Rect(0, 0, s.w, s.h), Palette: p.colors},
		p: p, smallest: &s.text, alpha: s.alpha}
}
