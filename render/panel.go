package render

import (
	"image"
	"slices"
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// The side panel shows each player's score, meeples in supply and chips held, the tiles left and
// the drawn tile; at the end of the game, the ranking and the points per kind of score.

const (
	panelW    = 340
	headerH   = 84
	playerH   = 62
	drawnH    = 160
	tableRowH = 30
	drawnSize = 96
	colW      = 68
)

// scoreKinds orders the columns of the breakdown: the engine's kinds first, then the variants' in
// order of first appearance.
var scoreKinds = []string{"road", "city", "cloister", "farm"}

type panel struct {
	v       *game.View
	end     bool
	letters []string
	kinds   []string
	w, h    int
}

func newPanel(v *game.View, end bool, letters []string) *panel {
	pn := &panel{v: v, end: end, letters: letters, w: panelW}
	pn.h = headerH + len(v.Players)*playerH + 16
	if end {
		pn.kinds = slices.Clone(scoreKinds)
		for _, e := range v.Log {
			if !slices.Contains(pn.kinds, e.Kind) {
				pn.kinds = append(pn.kinds, e.Kind)
			}
		}
		pn.w = max(panelW, 130+(len(pn.kinds)+1)*colW)
		pn.h += 50 + (len(v.Players)+1)*tableRowH
	} else if v.Drawn != nil {
		pn.h += drawnH
	}
	return pn
}

func (pn *panel) draw(c *canvas) {
	v := pn.v
	c.fill(c.Rect, cPaper)
	x0, y := c.Rect.Min.X, c.Rect.Min.Y
	c.fill(image.Rect(x0, y, x0+2, c.Rect.Max.Y), cLandGrid)
	x := x0 + 16
	title := fontFace(true, 22)
	body := fontFace(false, 16)
	c.text(title, title.fit(v.Map.Title, pn.w-32), x, y+30, cText)
	status := "Turn " + strconv.Itoa(v.Turn)
	switch {
	case v.Over:
		status = "Game over after " + strconv.Itoa(v.Turn) + " turns"
	case v.Current < len(v.Players):
		status += " · " + v.Players[v.Current].Name + " " + phaseWords(v.Phase)
	}
	c.text(body, body.fit(status, pn.w-32), x, y+56, cText)
	c.text(body, strconv.Itoa(v.TilesLeft)+" tiles left", x, y+76, cTextMuted)
	y += headerH
	for i := range v.Players {
		pn.drawPlayer(c, i, x0, y)
		y += playerH
	}
	y += 16
	if pn.end {
		pn.drawBreakdown(c, x, y)
		return
	}
	if v.Drawn != nil {
		head := fontFace(true, 16)
		c.text(head, "Drawn tile: "+v.Drawn.String(), x, y+18, cText)
		c.blit(tileSprite(*v.Drawn, 0, drawnSize), x, y+30)
		if v.Current < len(v.Players) {
			c.text(body, body.fit("for "+v.Players[v.Current].Name, pn.w-drawnSize-48), x+drawnSize+14, y+30+drawnSize/2+6, cTextMuted)
		}
	}
}

func phaseWords(p game.Phase) string {
	switch p {
	case game.PhasePlace:
		return "places a tile"
	case game.PhaseMeeple:
		return "may place a meeple"
	}
	return "to play"
}

// drawPlayer draws one player's row: meeple and letter, name, score, meeples in supply, chips.
func (pn *panel) drawPlayer(c *canvas, i, x0, y int) {
	v, p := pn.v, pn.v.Players[i]
	if i == v.Current && !v.Over {
		c.fill(image.Rect(x0+2, y, x0+pn.w, y+playerH-4), cCurrent)
	}
	col := playerColor(i)
	blitCentred(c, meepleSprite(col, pn.letters[i], false, false, 32), image.Pt(x0+30, y+22))
	name := fontFace(true, 18)
	score := fontFace(true, 24)
	sc := strconv.Itoa(p.Score)
	label, ink := p.Name, cText
	if p.Resigned {
		label, ink = p.Name+" (resigned)", cTextMuted
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
	x += 10
	for k, ch := range p.Chips {
		if x > x0+pn.w-40 && k < len(p.Chips)-1 {
			c.text(small, "+"+strconv.Itoa(len(p.Chips)-k), x, y+49, cText)
			break
		}
		blitCentred(c, chipSprite(game.MapChip{Chip: ch, FaceUp: true}, 20), image.Pt(x+10, y+44))
		x += 22
	}
}

// drawBreakdown draws the table of points per player and kind of score, from the score log.
func (pn *panel) drawBreakdown(c *canvas, x, y int) {
	v := pn.v
	head := fontFace(true, 17)
	cell := fontFace(false, 17)
	bold := fontFace(true, 17)
	c.text(head, "Points by kind of score", x, y+18, cText)
	y += 34
	colX := func(k int) int { return x + 116 + k*colW }
	hdr := fontFace(true, 14)
	for k, kind := range pn.kinds {
		c.text(hdr, hdr.fit(kind, colW-4), colX(k), y+14, cTextMuted)
	}
	c.text(hdr, "total", colX(len(pn.kinds)), y+14, cTextMuted)
	sums := make([][]int, len(v.Players))
	for i := range sums {
		sums[i] = make([]int, len(pn.kinds))
	}
	for _, e := range v.Log {
		if e.Player >= 0 && e.Player < len(sums) {
			sums[e.Player][slices.Index(pn.kinds, e.Kind)] += e.Points
		}
	}
	order := make([]int, len(v.Players))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return v.Players[b].Score - v.Players[a].Score })
	if len(order) == 0 {
		return
	}
	best := v.Players[order[0]].Score
	for _, i := range order {
		p := v.Players[i]
		y += tableRowH
		if p.Score == best {
			c.fill(image.Rect(x-6, y-4, x+pn.w-26, y+tableRowH-6), cCurrent)
		}
		blitCentred(c, meepleSprite(playerColor(i), pn.letters[i], false, false, 22), image.Pt(x+8, y+10))
		c.text(cell, cell.fit(p.Name, 86), x+24, y+17, cText)
		for k := range pn.kinds {
			c.text(cell, strconv.Itoa(sums[i][k]), colX(k), y+17, cText)
		}
		c.text(bold, strconv.Itoa(p.Score), colX(len(pn.kinds)), y+17, cText)
	}
}
