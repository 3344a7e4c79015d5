package render

import (
	"image"
	"math"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/fogleman/gg"
)

// The pieces of the expansions' own rules (rules:ic, rules:tb) differ from a meeple by shape, not
// colour alone: the big meeple is a meeple a third taller with a white band across its chest, the
// builder a figure with a pointed roof for a head, the pig a round body on four legs with a snout.
// Goods are a drop (wine), a sheaf (grain) and a folded bolt (cloth).

// pieceSprite is the sprite of a piece on the map: a meeple (lying for a farmer, starred when a
// map's rules weigh it more), the big meeple, the builder or the pig.
func pieceSprite(m game.Meeple, letter string, h int) *sprite {
	col := playerColor(m.Player)
	farmer := strings.HasPrefix(m.Spot, "field:")
	switch m.Kind {
	case game.PieceBig:
		return figureSprite(pieceBig, col, letter, farmer, m.Weighed(), h*4/3, 40, drawBigMeeple)
	case game.PieceBuilder:
		return figureSprite(pieceBuilder, col, letter, false, false, h, 40, drawBuilder)
	case game.PiecePig:
		return figureSprite(piecePig, col, letter, false, false, h, 40, drawPig)
	}
	return meepleSprite(col, letter, farmer, m.Weighed(), h)
}

// figureSprite is a piece of colour col drawn by draw in the unit box of a sprite one and a half
// times h on a side, with the player's letter (letterPct per cent of h high); lying for a farmer,
// starred when upgraded.
func figureSprite(kind pieceKind, col uint8, letter string, farmer, upgraded bool, h, letterPct int, draw func(p pen, col uint8)) *sprite {
	return pieces.get(pieceKey{kind, col, letter + map[bool]string{true: "/farmer"}[farmer], upgraded, h}, func() *sprite {
		side := h * 3 / 2
		s := paint(side, side, func(dc *gg.Context) {
			p := pen{dc, float64(h), float64(side-h) / 2, float64(side-h) / 2}
			if farmer {
				dc.RotateAbout(-math.Pi/2, float64(side)/2, float64(side)/2)
			}
			dc.SetLineJoinRound()
			draw(p, col)
			dc.Identity()
			if upgraded {
				drawStar(pen{dc, float64(h), float64(side) - float64(h)*0.5, 0}, pt{0.25, 0.25}, 0.24)
			}
		})
		if letter != "" {
			ink := cWhite
			if c := base[col]; int(c.R)*299+int(c.G)*587+int(c.B)*114 > 150000 {
				ink = cBlack
			}
			cx, cy := side/2, side/2+h*12/100
			if farmer {
				cx, cy = side/2+h*12/100, side/2
			}
			spriteCanvas(s).textCentred(fontFace(true, h*letterPct/100), letter, cx, cy, ink)
		}
		return s
	})
}

// drawBigMeeple is the meeple's outline with a white band across the chest.
func drawBigMeeple(p pen, col uint8) {
	drawMeeple(p, col)
	p.path([]pt{{0.08, 0.45}, {0.92, 0.45}}, false)
	p.stroke(cWhite, 0.07)
}

// builderOutline is the builder's body under its roof.
var builderOutline = []pt{{0.22, 0.42}, {0.78, 0.42}, {0.82, 0.98}, {0.56, 0.98}, {0.5, 0.8}, {0.44, 0.98}, {0.18, 0.98}}

// drawBuilder is a figure with a pointed roof for a head.
func drawBuilder(p pen, col uint8) {
	roof := []pt{{0.14, 0.4}, {0.5, 0.02}, {0.86, 0.4}}
	for _, pass := range []uint8{cBlack, col} {
		p.path(builderOutline, true)
		p.path(roof, true)
		if pass == cBlack {
			p.stroke(cBlack, 0.1)
		} else {
			p.fill(col)
		}
	}
}

// drawPig is a round body on four legs with a snout and an ear.
func drawPig(p pen, col uint8) {
	for _, pass := range []uint8{cBlack, col} {
		for _, x := range []float64{0.2, 0.36, 0.6, 0.76} {
			p.rect(pt{x, 0.62}, pt{x + 0.1, 0.9})
		}
		x, y := p.xy(pt{0.47, 0.55})
		p.dc.DrawEllipse(x, y, 0.4*p.s, 0.25*p.s)
		p.circle(pt{0.88, 0.5}, 0.1)
		p.path([]pt{{0.62, 0.34}, {0.7, 0.18}, {0.76, 0.36}}, true)
		if pass == cBlack {
			p.stroke(cBlack, 0.1)
		} else {
			p.fill(col)
		}
	}
}

// drawExpansionHoldings draws, from x on the line through mid, player i's pieces of the
// expansions' rules in supply (big meeple, builder, pig, by their shapes) and the goods held with
// their counts, at height h; it returns where the next item goes.
func drawExpansionHoldings(c *canvas, p game.Player, i, x, mid, h int, small *face) int {
	for _, pc := range []struct {
		n    int
		kind game.PieceKind
	}{{p.Big, game.PieceBig}, {p.Builder, game.PieceBuilder}, {p.Pig, game.PiecePig}} {
		for range pc.n {
			blitCentred(c, pieceSprite(game.Meeple{Player: i, Kind: pc.kind}, "", h*7/8), image.Pt(x+h*5/8, mid))
			x += h * 9 / 8
		}
	}
	for k, n := range p.Goods {
		if n > 0 {
			blitCentred(c, goodSprite(k, h), image.Pt(x+h*5/8, mid))
			x = c.text(small, strconv.Itoa(n), x+h*6/5, mid+(small.ascent-small.descent)/2, cText) + h/4
		}
	}
	return x
}

// goodSprite is a good's token, d pixels wide: a purple drop (wine), a yellow sheaf (grain), a
// blue folded bolt (cloth).
func goodSprite(good int, d int) *sprite {
	return pieces.get(pieceKey{kind: pieceGood, color: uint8(good), size: d}, func() *sprite {
		return paint(d, d, func(dc *gg.Context) {
			p := pen{dc, float64(d), 0, 0}
			dc.SetLineJoinRound()
			switch good {
			case game.GoodWine:
				p.path([]pt{{0.5, 0.06}, {0.8, 0.55}, {0.72, 0.82}, {0.5, 0.94}, {0.28, 0.82}, {0.2, 0.55}}, true)
				p.fillStroke(cGrape, cBlack, 0.08)
			case game.GoodGrain:
				p.path([]pt{{0.5, 0.05}, {0.7, 0.35}, {0.56, 0.5}, {0.72, 0.95}, {0.28, 0.95}, {0.44, 0.5}, {0.3, 0.35}}, true)
				p.fillStroke(cGrain, cBlack, 0.08)
			default:
				p.path([]pt{{0.08, 0.25}, {0.92, 0.25}, {0.92, 0.75}, {0.08, 0.75}}, true)
				p.fillStroke(cCloth, cBlack, 0.08)
				p.path([]pt{{0.35, 0.25}, {0.35, 0.75}}, false)
				p.stroke(cBlack, 0.06)
			}
		})
	})
}
