package render

import (
	"image"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/fogleman/gg"
)

// Marks are a variant's pieces (game.Mark), drawn by kind whatever the map: on their square, in
// their area's box, or, with neither (Square NoSquare, no Area), in their player's row of the
// panel, or the table's line for Player -1. A face-down chip shows a colour only when the mark
// gives one (the rules make it public). Counts are written as numbers and upgrades carry a ring and
// a star as well as a chip, so nothing relies on colour alone.

type markPlace int

const (
	inPanel markPlace = iota
	onSquare
	inArea
)

// placeOf is where mark mk is drawn on map m; a mark naming an area the map lacks goes to the panel.
func placeOf(m *game.Map, mk game.Mark) markPlace {
	switch {
	case mk.Area != "":
		for _, a := range m.Areas {
			if a.ID == mk.Area {
				return inArea
			}
		}
		return inPanel
	case m.In(mk.Square):
		return onSquare
	}
	return inPanel
}

// panelMarks are the marks of the panel row of player p (-1: the table's line).
func panelMarks(v *game.View, p int) []game.Mark {
	var out []game.Mark
	for _, mk := range v.Marks {
		if placeOf(v.Map, mk) == inPanel && (mk.Player == p || p == -1 && (mk.Player < 0 || mk.Player >= len(v.Players))) {
			out = append(out, mk)
		}
	}
	return out
}

// drawSquareMarks draws the marks that stand on squares, several on one square side by side, and
// the chips under meeples (before the meeples, which stand on them).
func drawSquareMarks(c *canvas, fr *frame, v *game.View, letters []string) {
	s := fr.s
	var squares []game.Square
	on := map[game.Square][]game.Mark{}
	for _, mk := range v.Marks {
		if placeOf(v.Map, mk) != onSquare || !fr.visible(mk.Square) {
			continue
		}
		if mk.Kind == game.MarkMeepleChip {
			drawMeepleChip(c, fr, v, mk)
			continue
		}
		if on[mk.Square] == nil {
			squares = append(squares, mk.Square)
		}
		on[mk.Square] = append(on[mk.Square], mk)
	}
	f := fr.font(true, max(12, s/7))
	for _, q := range squares {
		marks := on[q]
		r := fr.rect(q)
		slot := s / len(marks)
		for i, mk := range marks {
			at := image.Pt(r.Min.X+slot*i+slot/2, r.Min.Y+s/2)
			d := min(s*62/100, slot*9/10)
			drawMarkAt(c, mk, letters, at, d, f)
		}
	}
}

// drawMarkAt draws a mark centred at p, d pixels tall, its count in face f.
func drawMarkAt(c *canvas, mk game.Mark, letters []string, p image.Point, d int, f *face) {
	switch mk.Kind {
	case game.MarkTile:
		if mk.Count > 0 {
			blitNoted(c, backsSprite(d), p.Add(image.Pt(d/10, d/10)), boxPiece)
		}
		blitNoted(c, tileSprite(mk.Tile, mk.Rotation, d), p, boxPiece)
		if mk.Count > 0 {
			c.badge(f, "+"+strconv.Itoa(mk.Count), p.X, p.Y+d/2)
		}
	case game.MarkTileBacks:
		blitNoted(c, backsSprite(d), p, boxPiece)
		c.badge(f, strconv.Itoa(mk.Count), p.X, p.Y)
	case game.MarkChip:
		blitNoted(c, chipSprite(game.MapChip{Chip: mk.Chip, FaceUp: mk.FaceUp}, d*7/10), p, boxChip)
	case game.MarkMeeples:
		if mk.Player >= 0 && mk.Player < len(letters) {
			blitMeeple(c, meepleSprite(playerColor(mk.Player), letters[mk.Player], false, false, d*7/10), p, d*7/10)
		}
		c.badge(f, "×"+strconv.Itoa(mk.Count), p.X, p.Y+d/2)
	case game.MarkLabel:
		c.badge(f, mk.Text, p.X, p.Y+d/2)
	}
}

// drawMeepleChip draws the chip under an upgraded meeple: a gold ring around the meeple's feet and
// the chip beside them, so the upgrade shows even where colours are hard to tell.
func drawMeepleChip(c *canvas, fr *frame, v *game.View, mk game.Mark) {
	for _, t := range v.Board {
		if t.Square != mk.Square {
			continue
		}
		a, ok := spotAnchor(t.Tile.Type().Face(t.Rotation), mk.Spot)
		if !ok {
			return
		}
		h := meepleHeight(fr.s)
		blitCentred(c, upgradeSprite(mk.Chip, h), fr.point(mk.Square, a))
		return
	}
}

// upgradeSprite is the ring and chip drawn under an upgraded meeple of height h: the sprite is
// centred on the meeple, the chip lies beside its feet, to the lower right, with its value.
func upgradeSprite(ch game.Chip, h int) *sprite {
	key := pieceKey{kind: pieceUpgrade, text: ch.Color + "/" + strconv.Itoa(ch.Value), size: h}
	return pieces.get(key, func() *sprite {
		side, d := h*9/4, h*3/4
		chip := game.MapChip{Chip: ch, FaceUp: true}
		cx, cy := side/2+h*72/100, side/2+h*45/100
		s := paint(side, side, func(dc *gg.Context) {
			p := pen{dc, float64(side), 0, 0}
			p.circle(centre, 0.32)
			p.stroke(cBlack, 0.08)
			p.circle(centre, 0.32)
			p.stroke(cGold, 0.05)
			drawChip(pen{dc, float64(d), float64(cx - d/2), float64(cy - d/2)}, chip)
		})
		chipValue(spriteCanvas(s), chip, cx, cy, d)
		return s
	})
}

// backsSprite is a pile of face-down tiles d pixels tall.
func backsSprite(d int) *sprite {
	return pieces.get(pieceKey{kind: pieceBacks, size: d}, func() *sprite {
		return paint(d, d, func(dc *gg.Context) {
			p := pen{dc, float64(d), 0, 0}
			for i := 2; i >= 0; i-- {
				o := 0.07 * float64(i)
				p.rect(pt{0.04 + o, 0.04 + o}, pt{0.82 + o, 0.82 + o})
				p.fillStroke(cChipBack, cBlack, 0.04)
				p.rect(pt{0.16 + o, 0.16 + o}, pt{0.7 + o, 0.7 + o})
				p.stroke(cChipRim, 0.03)
			}
		})
	})
}

// drawAreaMarks draws the marks of each named area in its box, in rows under the area's name.
func drawAreaMarks(c *canvas, fr *frame, v *game.View, letters []string) {
	for _, a := range v.Map.Areas {
		if !fr.visible(areaNear(fr.m, a)) {
			continue
		}
		var marks []game.Mark
		for _, mk := range v.Marks {
			if mk.Area == a.ID && placeOf(v.Map, mk) == inArea {
				marks = append(marks, mk)
			}
		}
		r := areaRect(fr, a)
		f := fr.font(true, 13)
		h := max(26, fr.minFont*9/4)
		inner := image.Rect(r.Min.X+6, r.Min.Y+f.height()+6, r.Max.X-6, r.Max.Y-4)
		flowMarks(c, marks, letters, inner, h, f)
	}
}

// flowMarks draws marks in rows inside r, each h pixels tall with its count in face f, and
// returns the y under the last row.
func flowMarks(c *canvas, marks []game.Mark, letters []string, r image.Rectangle, h int, f *face) int {
	x, y := r.Min.X, r.Min.Y
	for _, mk := range marks {
		w := inlineWidth(mk, h, f)
		if x > r.Min.X && x+w > r.Max.X {
			x, y = r.Min.X, y+h+4
		}
		drawMarkInline(c, mk, letters, x, y+h/2, h, f)
		x += w + 8
	}
	if len(marks) == 0 {
		return y
	}
	return y + h
}

// inlineText is the number or text written after a mark drawn in a row.
func inlineText(mk game.Mark) string {
	switch mk.Kind {
	case game.MarkMeeples, game.MarkTileBacks:
		return "×" + strconv.Itoa(mk.Count)
	case game.MarkTile:
		if mk.Count > 0 {
			return "+" + strconv.Itoa(mk.Count)
		}
	case game.MarkLabel:
		return mk.Text
	}
	return ""
}

// inlineWidth is the width of a mark drawn in a row, h pixels tall.
func inlineWidth(mk game.Mark, h int, f *face) int {
	w := 0
	if mk.Kind != game.MarkLabel {
		w = h + 2
	}
	if t := inlineText(mk); t != "" {
		w += f.width(t)
	}
	return w
}

// drawMarkInline draws a mark in a row: its piece h pixels tall with its left edge at x and its
// middle at cy, then its count or text.
func drawMarkInline(c *canvas, mk game.Mark, letters []string, x, cy, h int, f *face) {
	p := image.Pt(x+h/2, cy)
	switch mk.Kind {
	case game.MarkMeeples:
		if mk.Player >= 0 && mk.Player < len(letters) {
			blitMeeple(c, meepleSprite(playerColor(mk.Player), letters[mk.Player], false, false, h), p, h)
		}
	case game.MarkChip, game.MarkMeepleChip:
		blitNoted(c, chipSprite(game.MapChip{Chip: mk.Chip, FaceUp: mk.FaceUp || mk.Kind == game.MarkMeepleChip}, h), p, boxChip)
	case game.MarkTile:
		blitNoted(c, tileSprite(mk.Tile, mk.Rotation, h), p, boxPiece)
	case game.MarkTileBacks:
		blitNoted(c, backsSprite(h), p, boxPiece)
	}
	if t := inlineText(mk); t != "" {
		tx := x
		if mk.Kind != game.MarkLabel {
			tx += h + 2
		}
		c.text(f, t, tx, cy+(f.ascent-f.descent)/2, cText)
	}
}

// badge writes text in a small white box centred at (x, y), readable over any ground.
func (c *canvas) badge(f *face, text string, x, y int) {
	text = strings.TrimSpace(text)
	if text == "" {
		return
	}
	w, h := f.width(text)+8, f.height()+2
	r := image.Rect(x-w/2, y-h/2, x-w/2+w, y-h/2+h)
	c.fill(r, cWhite)
	c.frame(r, 1, cBlack)
	c.textCentred(f, text, x, y, cBlack)
	c.note(boxBadge, r, text)
}
