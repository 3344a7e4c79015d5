package render

import (
	"image"
	"slices"
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// The side panel shows each player's score, meeples in supply, chips held and the variant's pieces
// kept in hand, the tiles left and the drawn tile; at the end of the game, the places and the
// points per kind of score; then the legend of the marks on the board.

const (
	panelW    = 340
	headerH   = 84
	playerH   = 62
	marksH    = 28
	drawnH    = 160
	tableRowH = 30
	drawnSize = 96
	colW      = 68
	legendD   = 22
	// maxNameW is the widest the names' column of the breakdown grows.
	maxNameW = 220
)

// scoreKinds orders the columns of the breakdown: the engine's kinds first, then the variants' in
// order of first appearance.
var scoreKinds = []string{"road", "city", "cloister", "farm"}

type panel struct {
	v       *game.View
	words   words
	end     bool
	letters []string
	kinds   []string
	legend  *legendLayout
	w, h    int
	// nameW is the width of the names' column of the end's breakdown, colW that of each of its
	// columns of points.
	nameW, colW int
	// placeW is how much wider than "1." the places of the breakdown are written.
	placeW int
}

func newPanel(v *game.View, o Options, fr *frame, letters []string) *panel {
	pn := &panel{v: v, words: fr.w, end: o.Kind == End, letters: letters, w: panelW}
	if pn.end {
		pn.kinds = slices.Clone(scoreKinds)
		for _, e := range v.Log {
			if !slices.Contains(pn.kinds, e.Kind) {
				pn.kinds = append(pn.kinds, e.Kind)
			}
		}
		// The names' column is as wide as the longest name needs, up to maxNameW.
		pn.nameW = 62
		for _, p := range v.Players {
			pn.nameW = max(pn.nameW, min(maxNameW, fontFace(false, 17).width(p.Name)+6))
		}
		// A column is as wide as its heading needs.
		pn.colW = colW
		hdr := fontFace(true, 14)
		for _, k := range pn.kinds {
			pn.colW = max(pn.colW, hdr.width(pn.words.scoreKind(k))+8)
		}
		pn.colW = max(pn.colW, hdr.width(pn.words.T("pic_total", nil))+8)
		// The places' column is as wide as the widest place the language writes ("第3名").
		pn.placeW = 0
		for _, st := range ranking(v.Players) {
			pn.placeW = max(pn.placeW, fontFace(true, 17).width(placeWord(st, pn.words))-22)
		}
		pn.w = max(panelW, 86+pn.placeW+pn.nameW+(len(pn.kinds)+1)*pn.colW)
	}
	pn.h = headerH + pn.marksLine(-1) + 16
	for i := range v.Players {
		pn.h += playerH + pn.marksLine(i)
	}
	if pn.end {
		pn.h += 50 + (len(v.Players)+1)*tableRowH
	} else if v.Drawn != nil {
		pn.h += drawnH
	}
	pn.legend = newLegendLayout(legendItems(v, o, fr), fontFace(false, 14), legendD, pn.w-32, 1)
	if len(pn.legend.items) > 0 {
		pn.h += 30 + pn.legend.h
	}
	return pn
}

// marksLine is the height the panel marks of player p (-1: the table) add to their row.
func (pn *panel) marksLine(p int) int {
	if len(panelMarks(pn.v, p)) == 0 {
		return 0
	}
	return marksH
}

func (pn *panel) draw(c *canvas) {
	v := pn.v
	c.fill(c.Rect, cPaper)
	x0, y := c.Rect.Min.X, c.Rect.Min.Y
	c.fill(image.Rect(x0, y, x0+2, c.Rect.Max.Y), cLandGrid)
	x := x0 + 16
	title := fontFace(true, 22)
	body := fontFace(false, 16)
	c.text(title, title.fit(pn.words.mapTitle(v.Map), pn.w-32), x, y+30, cText)
	c.text(body, body.fit(turnStatus(v, pn.words), pn.w-32), x, y+56, cText)
	c.text(body, body.fit(tilesLeft(v.TilesLeft, pn.words), pn.w-32), x, y+76, cTextMuted)
	y += headerH
	if h := pn.marksLine(-1); h > 0 {
		flowMarks(c, panelMarks(v, -1), pn.letters, image.Rect(x, y, x0+pn.w-16, y+h), marksH-6, fontFace(true, 13))
		y += h
	}
	for i := range v.Players {
		pn.drawPlayer(c, i, x0, y)
		y += playerH + pn.marksLine(i)
	}
	y += 16
	if pn.end {
		y = pn.drawBreakdown(c, x, y)
	} else if v.Drawn != nil {
		head := fontFace(true, 16)
		c.text(head, head.fit(pn.words.T("pic_drawn_tile", map[string]any{"Tile": v.Drawn.String()}), pn.w-32), x, y+18, cText)
		c.blit(tileSprite(*v.Drawn, 0, drawnSize), x, y+30)
		if v.Current < len(v.Players) {
			lines := wrap(body, pn.words.T("pic_drawn_for", map[string]any{"Player": v.Players[v.Current].Name}), pn.w-drawnSize-48)
			ly := y + 30 + drawnSize/2 + 6 - (len(lines)-1)*body.height()/2
			for _, l := range lines {
				c.text(body, l, x+drawnSize+14, ly, cTextMuted)
				ly += body.height()
			}
		}
		y += drawnH
	}
	if len(pn.legend.items) > 0 {
		c.text(fontFace(true, 16), fontFace(true, 16).fit(pn.words.T("pic_legend", nil), pn.w-32), x, y+18, cText)
		pn.legend.draw(c, x, y+28)
	}
}

// turnStatus says whose turn it is and what they do, or that the game is over.
// A pending choice (View.Choice) is worded by the variant, in English: the picture says only
// that one is pending, and the reply beside it says which.
func turnStatus(v *game.View, w words) string {
	switch {
	case v.Over:
		return w.N("pic_game_over", v.Turn, nil)
	case v.Current < len(v.Players) && v.Choice != "":
		return w.T("pic_turn_choice", map[string]any{"Turn": v.Turn, "Player": v.Players[v.Current].Name})
	case v.Current < len(v.Players):
		return w.T(phaseID(v.Phase), map[string]any{"Turn": v.Turn, "Player": v.Players[v.Current].Name})
	}
	return w.T("pic_turn", map[string]any{"Turn": v.Turn})
}

func tilesLeft(n int, w words) string { return w.N("n_tiles_left", n, nil) }

// phaseID is the message of the status of a turn in phase p.
func phaseID(p game.Phase) string {
	switch p {
	case game.PhasePlace:
		return "pic_turn_place"
	case game.PhaseMeeple:
		return "pic_turn_meeple"
	case game.PhaseSource:
		return "pic_turn_source"
	case game.PhaseFinish:
		return "pic_turn_finish"
	case game.PhaseDecide:
		return "pic_turn_decide"
	}
	return "pic_turn_play"
}

// drawPlayer draws one player's row: meeple and letter, name, score, meeples in supply, chips,
// and under them the variant's pieces the player keeps.
func (pn *panel) drawPlayer(c *canvas, i, x0, y int) {
	v, p := pn.v, pn.v.Players[i]
	if i == v.Current && !v.Over {
		c.fill(image.Rect(x0+2, y, x0+pn.w, y+playerH+pn.marksLine(i)-4), cCurrent)
	}
	col := playerColor(i)
	blitCentred(c, meepleSprite(col, pn.letters[i], false, false, 32), image.Pt(x0+30, y+22))
	name := fontFace(true, 18)
	score := fontFace(true, 24)
	sc := strconv.Itoa(p.Score)
	label, ink := p.Name, cText
	if p.Resigned {
		label, ink = p.Name+pn.words.T("resigned_mark", nil), cTextMuted
	}
	c.text(name, name.fit(label, pn.w-70-score.width(sc)-24), x0+54, y+24, ink)
	c.text(score, sc, x0+pn.w-16-score.width(sc), y+26, cText)
	x := x0 + 54
	small := fontFace(true, 13)
	if p.Meeples > 0 {
		if p.Meeples <= 9 {
			for range p.Meeples {
				blitCentred(c, meepleSprite(col, "", false, false, 16), image.Pt(x+6, y+44))
				x += 12
			}
		} else {
			blitCentred(c, meepleSprite(col, "", false, false, 16), image.Pt(x+6, y+44))
			x = c.text(small, "×"+strconv.Itoa(p.Meeples), x+14, y+49, cText)
		}
	}
	x = drawExpansionHoldings(c, p, i, x, y+44, 16, small)
	x += 10
	for k, ch := range p.Chips {
		if x > x0+pn.w-40 && k < len(p.Chips)-1 {
			c.text(small, "+"+strconv.Itoa(len(p.Chips)-k), x, y+49, cText)
			break
		}
		blitCentred(c, chipSprite(game.MapChip{Chip: ch, FaceUp: true}, 20), image.Pt(x+10, y+44))
		x += 22
	}
	if h := pn.marksLine(i); h > 0 {
		flowMarks(c, panelMarks(v, i), pn.letters, image.Rect(x0+54, y+playerH-6, x0+pn.w-16, y+playerH-6+h), marksH-6, small)
	}
}

// drawBreakdown draws the table of points per player and kind of score, from the score log, in
// the order of the places, and returns the y under it.
func (pn *panel) drawBreakdown(c *canvas, x, y int) int {
	v := pn.v
	head := fontFace(true, 17)
	cell := fontFace(false, 17)
	bold := fontFace(true, 17)
	c.text(head, head.fit(pn.words.T("pic_points_by_kind", nil), pn.w-32), x, y+18, cText)
	y += 34
	colX := func(k int) int { return x + 54 + pn.placeW + pn.nameW + k*pn.colW }
	hdr := fontFace(true, 14)
	for k, kind := range pn.kinds {
		c.text(hdr, pn.words.scoreKind(kind), colX(k), y+14, cTextMuted)
	}
	c.text(hdr, pn.words.T("pic_total", nil), colX(len(pn.kinds)), y+14, cTextMuted)
	sums := make([][]int, len(v.Players))
	for i := range sums {
		sums[i] = make([]int, len(pn.kinds))
	}
	for _, e := range v.Log {
		if e.Player >= 0 && e.Player < len(sums) {
			sums[e.Player][slices.Index(pn.kinds, e.Kind)] += e.Points
		}
	}
	for _, st := range ranking(v.Players) {
		p := v.Players[st.player]
		y += tableRowH
		if st.place == 1 {
			c.fill(image.Rect(x-6, y-4, x+pn.w-26, y+tableRowH-6), cCurrent)
		}
		c.text(bold, placeWord(st, pn.words), x-4, y+17, cText)
		blitCentred(c, meepleSprite(playerColor(st.player), pn.letters[st.player], false, false, 22), image.Pt(x+36+pn.placeW, y+10))
		c.text(cell, cell.fit(p.Name, pn.nameW-4), x+50+pn.placeW, y+17, cText)
		for k := range pn.kinds {
			c.text(cell, strconv.Itoa(sums[st.player][k]), colX(k), y+17, cText)
		}
		c.text(bold, strconv.Itoa(p.Score), colX(len(pn.kinds)), y+17, cText)
	}
	return y + tableRowH + 12
}
