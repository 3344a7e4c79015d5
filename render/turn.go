package render

import (
	"image"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// The turn picture is made for where players look at it: inline in Discord, which shows an image
// about 550 pixels wide on a phone. A whole map at that width is a thumbnail (France's 14 columns
// get 35 pixels each, its names 3 pixels), so the turn picture shows a window of phoneCols x
// phoneRows squares around the action (the last tile, as many of the drawn tile's legal squares as
// fit, or a proposed move) with large squares, and under it a compact panel: the turn, the
// players, the drawn tile, the legal squares outside the window, and the legend. It is phoneWidth
// pixels wide, for sharp type on phones' dense screens, and no text in it is smaller than
// phoneFont, so nothing is under 9.5 pixels at 550. The whole map stays one click away as the
// Full picture.

const (
	phoneWidth = 1100
	phoneFont  = 19
	phoneCols  = 7
	phoneRows  = 6
	phonePad   = 24
	phoneRowH  = 54
	phoneTile  = 112
)

// composeTurn draws the turn picture.
func composeTurn(v *game.View, o Options, letters []string, w words) *canvas {
	fr := turnFrame(v, o, w)
	pn := newPhonePanel(v, o, fr, letters)
	bs := fr.size()
	c := newCanvas(phoneWidth, bs.Y+pn.h)
	c.fill(c.Rect, cPaper)
	fr.off = image.Pt((phoneWidth-bs.X)/2, 0)
	drawMapLayer(c, fr)
	drawBoard(c.sub(fr.board()), fr, v, o, letters)
	pn.draw(c.sub(image.Rect(0, bs.Y, phoneWidth, c.Rect.Dy())))
	return c
}

// turnFrame sizes the squares of the window so that the board is phoneWidth wide.
func turnFrame(v *game.View, o Options, w words) *frame {
	win := turnWindow(v, o)
	// The board is 2*margin + 2*pad + cols*s wide, with pad = 3s/8; the margin holds the
	// coordinates and the names of east and west border connections.
	room := borderRoom(v.Map, fontFace(true, phoneFont), w)
	margin := 2 * phoneFont
	s := min(maxZoom, (phoneWidth-2*margin)*8/(8*win.Dx()+6))
	for need := room - max(16, s*3/8); need > margin; need = room - max(16, s*3/8) {
		margin = need
		s = min(maxZoom, (phoneWidth-2*margin)*8/(8*win.Dx()+6))
	}
	fr := newFrame(v.Map, win, s, w)
	fr.margin, fr.minFont = margin, phoneFont
	return fr
}

// turnWindow is the window of the turn picture: phoneCols x phoneRows squares (fewer on a smaller
// map) that hold the focus (a proposed move, else the last tile) and as many legal squares as
// possible, with the focus as near the middle as that allows.
func turnWindow(v *game.View, o Options) image.Rectangle {
	m := v.Map
	grid := image.Rect(0, 0, m.Cols, m.Rows)
	w, h := min(phoneCols, m.Cols), min(phoneRows, m.Rows)
	focus := v.Last
	if o.Preview != nil {
		focus = o.Preview.At.Square
	}
	var around []image.Point
	switch {
	case focus != game.NoSquare:
		around = []image.Point{{focus.Col(), focus.Row()}}
	case len(o.Legal) > 0:
		for _, p := range o.Legal {
			around = append(around, image.Pt(p.Square.Col(), p.Square.Row()))
		}
	default:
		a := playedArea(v, o)
		around = []image.Point{{(a.Min.X + a.Max.X) / 2, (a.Min.Y + a.Max.Y) / 2}}
	}
	best, bestN, bestD := image.Rectangle{}, -1, 0
	for _, a := range around {
		for dy := range h {
			for dx := range w {
				win := image.Rect(a.X-dx, a.Y-dy, a.X-dx+w, a.Y-dy+h)
				if !win.In(grid) {
					continue
				}
				n, mid := 0, image.Pt(0, 0)
				for _, p := range o.Legal {
					if q := image.Pt(p.Square.Col(), p.Square.Row()); q.In(win) {
						n++
						mid = mid.Add(q)
					}
				}
				// Centre the focus and the legal squares shown (doubled to stay in integers).
				centre := a.Mul(2)
				if focus == game.NoSquare && n > 0 {
					centre = mid.Mul(2).Div(n)
				}
				off := win.Min.Add(win.Max).Sub(image.Pt(1, 1)).Sub(centre)
				d := off.X*off.X + off.Y*off.Y
				if n > bestN || n == bestN && d < bestD {
					best, bestN, bestD = win, n, d
				}
			}
		}
	}
	if bestN < 0 {
		return fitInside(image.Rect(0, 0, w, h), grid)
	}
	return best
}

// phonePanel is the part of the turn picture under the board.
type phonePanel struct {
	v         *game.View
	words     words
	letters   []string
	cols      int
	rows      int
	elsewhere string
	legend    *legendLayout
	h         int
}

func newPhonePanel(v *game.View, o Options, fr *frame, letters []string) *phonePanel {
	pn := &phonePanel{v: v, words: fr.w, letters: letters, cols: 1}
	if len(v.Players) > 2 {
		pn.cols = 2
	}
	pn.rows = (len(v.Players) + pn.cols - 1) / pn.cols
	var off []string
	seen := map[game.Square]bool{}
	for _, p := range o.Legal {
		if !seen[p.Square] && !image.Pt(p.Square.Col(), p.Square.Row()).In(fr.win) {
			off = append(off, p.Square.String())
		}
		seen[p.Square] = true
	}
	if len(off) > 0 {
		pn.elsewhere = fr.w.T("pic_also_fits", map[string]any{"Squares": strings.Join(off, fr.w.T("list_sep", nil))})
	}
	pn.h = phonePad + 64 + pn.playersH() + 12
	if pn.elsewhere != "" {
		pn.h += len(wrap(fontFace(false, phoneFont+1), pn.elsewhere, phoneWidth-2*phonePad))*fontFace(false, phoneFont+1).height() + 8
	}
	pn.legend = newLegendLayout(legendItems(v, o, fr), fontFace(false, phoneFont), 36, phoneWidth-2*phonePad, 2)
	pn.h += pn.legend.h + phonePad
	return pn
}

// playersH is the height of the players' rows, or of the drawn tile beside them if taller.
func (pn *phonePanel) playersH() int {
	h := 0
	for r := range pn.rows {
		h += pn.rowH(r)
	}
	if pn.v.Drawn != nil {
		h = max(h, phoneTile+36+(len(pn.drawnLines())-1)*fontFace(true, phoneFont+1).height())
	}
	return h
}

// rowH is the height of row r of players: taller when one of them keeps variant pieces.
func (pn *phonePanel) rowH(r int) int {
	h := phoneRowH
	for i := r * pn.cols; i < min(len(pn.v.Players), (r+1)*pn.cols); i++ {
		if len(panelMarks(pn.v, i)) > 0 {
			h = phoneRowH + 48
		}
	}
	return h
}

func (pn *phonePanel) draw(c *canvas) {
	v := pn.v
	x0, y := c.Rect.Min.X+phonePad, c.Rect.Min.Y+phonePad
	c.fill(image.Rect(c.Rect.Min.X, c.Rect.Min.Y, c.Rect.Max.X, c.Rect.Min.Y+2), cLandGrid)
	head := fontFace(true, 28)
	body := fontFace(false, phoneFont+1)
	right := c.Rect.Max.X - phonePad
	playersW := right - x0
	if v.Drawn != nil {
		playersW -= phoneTile + 24
		tx := right - phoneTile
		label := fontFace(true, phoneFont+1)
		ty := y + 64
		for _, l := range pn.drawnLines() {
			c.text(label, l, tx, ty+label.ascent, cText)
			ty += label.height()
		}
		c.blit(tileSprite(*v.Drawn, 0, phoneTile), tx, ty+6)
	}
	c.text(head, head.fit(turnStatus(v, pn.words), right-x0), x0, y+head.ascent, cText)
	line := pn.words.mapTitle(v.Map) + " · " + tilesLeft(v.TilesLeft, pn.words)
	if tm := panelMarks(v, -1); len(tm) > 0 {
		line += " ·"
		x := c.text(body, line, x0, y+40+body.ascent, cTextMuted) + 10
		flowMarks(c, tm, pn.letters, image.Rect(x, y+38, right, y+38+body.height()), body.height(), body)
	} else {
		c.text(body, body.fit(line, right-x0), x0, y+40+body.ascent, cTextMuted)
	}
	y += 64
	colW := playersW / pn.cols
	ry := y
	for r := range pn.rows {
		for k := range pn.cols {
			if i := r*pn.cols + k; i < len(v.Players) {
				pn.drawPlayer(c, i, x0+k*colW, ry, colW-12, pn.rowH(r))
			}
		}
		ry += pn.rowH(r)
	}
	y += pn.playersH() + 12
	if pn.elsewhere != "" {
		for _, l := range wrap(body, pn.elsewhere, right-x0) {
			c.text(body, l, x0, y+body.ascent, cText)
			y += body.height()
		}
		y += 8
	}
	pn.legend.draw(c, x0, y)
}

// drawPlayer draws player i's row in a box w wide: meeple and letter, name, meeples in supply,
// chips, score, and the variant's pieces the player keeps on a second line.
func (pn *phonePanel) drawPlayer(c *canvas, i, x, y, w, h int) {
	v, p := pn.v, pn.v.Players[i]
	if i == v.Current && !v.Over {
		c.fill(image.Rect(x-8, y, x+w, y+h-4), cCurrent)
	}
	mid := y + phoneRowH/2 - 2
	col := playerColor(i)
	blitCentred(c, meepleSprite(col, pn.letters[i], false, false, 42), image.Pt(x+20, mid))
	name := fontFace(true, phoneFont+3)
	score := fontFace(true, 28)
	small := fontFace(true, phoneFont)
	sc := strconv.Itoa(p.Score)
	label, ink := p.Name, cText
	if p.Resigned {
		label, ink = p.Name+pn.words.T("resigned_mark", nil), cTextMuted
	}
	nx, right := x+46, x+w
	// The name gets what the score and pieces leave, but at least a third of the row.
	pieces := score.width(sc) + 42 + small.width("×"+strconv.Itoa(p.Meeples)) + len(p.Chips)*38
	px := c.text(name, name.fit(label, max(w/3, right-nx-pieces-24)), nx, mid+(name.ascent-name.descent)/2, ink) + 10
	px = c.text(score, sc, px, mid+(score.ascent-score.descent)/2, cText) + 14
	blitCentred(c, meepleSprite(col, "", false, false, 24), image.Pt(px+10, mid))
	px = c.text(small, "×"+strconv.Itoa(p.Meeples), px+22, mid+(small.ascent-small.descent)/2, cText) + 8
	px = drawExpansionHoldings(c, p, i, px, mid, 24, small)
	for k, ch := range p.Chips {
		if px+38 > right {
			c.text(small, "+"+strconv.Itoa(len(p.Chips)-k), px, mid+(small.ascent-small.descent)/2, cText)
			break
		}
		blitCentred(c, chipSprite(game.MapChip{Chip: ch, FaceUp: true}, 36), image.Pt(px+18, mid))
		px += 38
	}
	if marks := panelMarks(v, i); len(marks) > 0 {
		flowMarks(c, marks, pn.letters, image.Rect(nx, y+phoneRowH-4, x+w, y+h), 42, small)
	}
}

// drawnLines are the lines of the drawn tile's label, as wide as the tile and its margin.
func (pn *phonePanel) drawnLines() []string {
	return wrap(fontFace(true, phoneFont+1), pn.words.T("pic_drawn", map[string]any{"Tile": pn.v.Drawn.String()}), phoneTile+24)
}
