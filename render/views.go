package render

import (
	"errors"
	"fmt"
	"image"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Kind is the kind of picture.
type Kind int

// Kinds of pictures.
const (
	// Full is the whole map; on an open table (classic) or a map too large to show legibly it is
	// the played area, as Crop.
	Full Kind = iota
	// Crop is the played area (placed tiles, legal squares, a preview) with one square around it.
	Crop
	// Zoom is Radius squares around Center, drawn larger.
	Zoom
	// Preview is a proposed move: Preview's tile drawn translucent at its square and rotation, in a
	// zoom around it.
	Preview
	// End is the final board with the winners and places above it and the score breakdown per
	// player and kind of score beside it.
	End
	// Turn is the picture of a turn for a phone: the squares around the action (the last tile,
	// the legal squares, a preview) drawn large, with the turn, the players and the legend under
	// them, all readable at 550 pixels wide, the width Discord gives an image on a phone.
	Turn
)

// Options choose what a picture shows. The zero value is the whole map.
type Options struct {
	Kind Kind
	// Center is the middle square of a Zoom: set it (the zero value is A1); NoSquare means the
	// square of the last move.
	Center game.Square
	// Radius is how many squares a Zoom or Preview shows on each side of its centre (default 2).
	Radius int
	// Preview is the proposed move of a Preview (it may be given with other kinds too).
	Preview *PreviewMove
	// Legal highlights these squares (the legal placements of the drawn tile).
	Legal []game.Placement
	// Markers draws the numbered markers of View.Spots on the tile just placed, numbered from 1
	// in that order (the bot's buttons use the same numbers).
	Markers bool
	// Words are the picture's words in its reader's language (nil writes message ids).
	Words Words
}

// PreviewMove is a proposed placement of a tile.
type PreviewMove struct {
	Tile game.TileID
	At   game.Placement
}

const (
	maxSide     = 2000 // pixels, per side of any picture
	boardMaxW   = 1400 // the board part of a Full or Crop picture, before margins
	boardMaxH   = 1400
	minSquare   = 40
	maxSquare   = 96
	zoomSquares = 1100
	maxZoom     = 176
	maxRadius   = 7
)

// Draw draws the picture o asks for from view v. Pass the redacted view (Game.View(false)) for
// anything players see: Draw shows exactly what the view holds.
func Draw(v *game.View, o Options) (image.Image, error) {
	c, err := compose(v, o)
	if err != nil {
		return nil, err
	}
	return c.Paletted, nil
}

func compose(v *game.View, o Options) (*canvas, error) {
	if v == nil || v.Map == nil {
		return nil, errors.New("render: no game view (or a view without its map)")
	}
	if o.Preview != nil {
		if int(o.Preview.Tile) >= len(game.Tiles().Types) {
			return nil, fmt.Errorf("render: preview tile %d is not a tile", o.Preview.Tile)
		}
		if !v.Map.In(o.Preview.At.Square) {
			return nil, fmt.Errorf("render: preview square %s is not on the map", o.Preview.At.Square)
		}
	} else if o.Kind == Preview {
		return nil, errors.New("render: a preview needs Options.Preview")
	}
	w := wordsOf(o.Words)
	v = withLabels(withShownNames(v, w), w)
	letters := playerLetters(v.Players)
	if o.Kind == Turn {
		return composeTurn(v, o, letters, w), nil
	}
	fr, err := pickFrame(v, o)
	if err != nil {
		return nil, err
	}
	pn := newPanel(v, o, fr, letters)
	// A wide panel (the end's breakdown with the variant's kinds of score) takes room from the
	// squares rather than have the whole picture halved.
	for fr.size().X+pn.w > maxSide && fr.s > minSquare {
		fr = newFrame(fr.m, fr.win, fr.s-8, w)
	}
	bs := fr.size()
	width := bs.X + pn.w
	var top int
	var res *results
	if o.Kind == End {
		res = newResults(v, bs.X+pn.w, w)
		top = res.h
	}
	c := newCanvas(width, top+max(bs.Y, pn.h))
	if res != nil {
		res.draw(c.sub(image.Rect(0, 0, width, top)))
	}
	fr.off = image.Pt(0, top)
	drawMapLayer(c, fr)
	c.fill(image.Rect(0, top+bs.Y, bs.X, c.Rect.Dy()), cPaper)
	drawBoard(c.sub(fr.board()), fr, v, o, letters)
	pn.draw(c.sub(image.Rect(bs.X, top, width, c.Rect.Dy())))
	return c, nil
}

// pickFrame chooses the window and the square size of the picture.
func pickFrame(v *game.View, o Options) (*frame, error) {
	w := wordsOf(o.Words)
	m := v.Map
	grid := image.Rect(0, 0, m.Cols, m.Rows)
	switch o.Kind {
	case Zoom, Preview:
		focus := o.Center
		if o.Kind == Preview {
			focus = o.Preview.At.Square
		}
		if focus == game.NoSquare {
			focus = v.Last
		}
		if focus == game.NoSquare {
			focus = m.Centre()
		}
		if !m.In(focus) {
			return nil, fmt.Errorf("render: %s is not on the map", focus)
		}
		r := o.Radius
		if r <= 0 {
			r = 2
		}
		r = min(r, maxRadius)
		win := image.Rect(focus.Col()-r, focus.Row()-r, focus.Col()+r+1, focus.Row()+r+1)
		s := min(maxZoom, zoomSquares/(2*r+1)/8*8)
		return newFrame(m, fitInside(win, grid), s, w), nil
	case Full, End:
		if !m.Open {
			if s := squareSize(grid.Dx(), grid.Dy()); s >= minSquare {
				return newFrame(m, grid, s, w), nil
			}
		}
	}
	win := playedArea(v, o)
	maxCols, maxRows := boardMaxW/minSquare, boardMaxH/minSquare
	if win.Dx() > maxCols || win.Dy() > maxRows {
		focus := v.Last
		if focus == game.NoSquare {
			focus = game.At((win.Min.X+win.Max.X)/2, (win.Min.Y+win.Max.Y)/2)
		}
		w, h := min(win.Dx(), maxCols), min(win.Dy(), maxRows)
		win = fitInside(image.Rect(focus.Col()-w/2, focus.Row()-h/2, focus.Col()-w/2+w, focus.Row()-h/2+h), win)
	}
	return newFrame(m, win, max(minSquare, squareSize(win.Dx(), win.Dy())), w), nil
}

// squareSize is the largest square size (a multiple of 8, at most maxSquare) that fits cols x rows
// squares in the board area.
func squareSize(cols, rows int) int {
	return min(maxSquare, boardMaxW/cols/8*8, boardMaxH/rows/8*8)
}

// playedArea is the bounding box of the placed tiles, legal squares and preview, with one square
// around it, at least 5 x 5 squares, inside the grid.
func playedArea(v *game.View, o Options) image.Rectangle {
	var r image.Rectangle
	add := func(q game.Square) {
		sq := image.Rect(q.Col(), q.Row(), q.Col()+1, q.Row()+1)
		if r.Empty() {
			r = sq
		} else {
			r = r.Union(sq)
		}
	}
	for _, t := range v.Board {
		add(t.Square)
	}
	for _, p := range o.Legal {
		add(p.Square)
	}
	if o.Preview != nil {
		add(o.Preview.At.Square)
	}
	if r.Empty() {
		add(v.Map.Centre())
	}
	r = r.Inset(-1)
	for r.Dx() < 5 {
		r.Min.X, r.Max.X = r.Min.X-1, r.Max.X+1
	}
	for r.Dy() < 5 {
		r.Min.Y, r.Max.Y = r.Min.Y-1, r.Max.Y+1
	}
	return fitInside(r, image.Rect(0, 0, v.Map.Cols, v.Map.Rows))
}

// fitInside moves r into grid where it fits, and cuts it to the grid where it does not.
func fitInside(r, grid image.Rectangle) image.Rectangle {
	shift := func(lo, hi, glo, ghi int) (int, int) {
		if hi-lo >= ghi-glo {
			return glo, ghi
		}
		if lo < glo {
			lo, hi = glo, hi+glo-lo
		}
		if hi > ghi {
			lo, hi = lo-(hi-ghi), ghi
		}
		return lo, hi
	}
	r.Min.X, r.Max.X = shift(r.Min.X, r.Max.X, grid.Min.X, grid.Max.X)
	r.Min.Y, r.Max.Y = shift(r.Min.Y, r.Max.Y, grid.Min.Y, grid.Max.Y)
	return r
}

// drawBoard draws the state of the game over the map layer: tiles, legal squares, chips, the
// marks that must stay visible over tiles, the preview, the last move, meeples and markers.
func drawBoard(c *canvas, fr *frame, v *game.View, o Options, letters []string) {
	s := fr.s
	placed := make(map[game.Square]game.PlacedTile, len(v.Board))
	for _, t := range v.Board {
		placed[t.Square] = t
		if fr.visible(t.Square) {
			p := fr.at(t.Square.Col(), t.Square.Row())
			c.blit(tileSprite(t.Tile, t.Rotation, s), p.X, p.Y)
		}
	}
	legal := map[game.Square]bool{}
	for _, p := range o.Legal {
		if legal[p.Square] {
			continue
		}
		legal[p.Square] = true
		r := fr.rect(p.Square)
		if v.Map.Info(p.Square).Town >= 0 {
			// A town's roof is its grape colour, read exactly where a sale is chosen: the tint
			// leaves the house as the map draws it.
			c.tintAround(r.Inset(2), townHouseRect(r), cLegal, 80)
		} else {
			c.tint(r.Inset(2), cLegal, 80)
		}
		c.frame(r.Inset(2), max(2, s/32), cLegal)
	}
	chipD := s * 42 / 100
	for _, mc := range v.MapChips {
		if fr.visible(mc.Square) {
			blitNoted(c, chipSprite(mc, chipD), fr.point(mc.Square, centre), boxChip)
		}
	}
	for q := range placed {
		info := v.Map.Info(q)
		if info.Town >= 0 {
			c.blit(townSprite(v.Map.Towns[info.Town].Color, s/4), fr.rect(q).Min.X+2, fr.rect(q).Min.Y+2)
		}
		if info.Arms > 0 {
			sp := armsSprite(info.Arms, s/4)
			c.blit(sp, fr.rect(q).Max.X-sp.w-2, fr.rect(q).Min.Y+2)
		}
	}
	used := usedStarts(v)
	for _, st := range v.Map.Starts {
		if _, covered := placed[st.Square]; used[st.Square] {
			c.frame(fr.rect(st.Square).Inset(1), max(2, s/24), cStart)
		} else if !covered {
			c.dashedFrame(fr.rect(st.Square).Inset(3), max(2, s/40), max(6, s/8), cTextMuted)
		}
	}
	if pv := o.Preview; pv != nil {
		p := fr.at(pv.At.Square.Col(), pv.At.Square.Row())
		c.blitFaded(tileSprite(pv.Tile, pv.At.Rotation, s), p.X, p.Y, 200)
		highlight(c, fr.rect(pv.At.Square), s)
	} else if v.Last != game.NoSquare {
		highlight(c, fr.rect(v.Last), s)
	}
	drawSquareMarks(c, fr, v, letters)
	h := meepleHeight(s)
	for _, m := range v.Meeples {
		t, ok := placed[m.Square]
		if !ok || !fr.visible(m.Square) {
			continue
		}
		a, _ := spotAnchor(t.Tile.Type().Face(t.Rotation), m.Spot)
		blitCentred(c, pieceSprite(m, letters[m.Player], h), fr.point(m.Square, a))
	}
	// A builder or pig stands beside the follower it joins, a little lower and to the right.
	for _, m := range v.Pieces {
		t, ok := placed[m.Square]
		if !ok || !fr.visible(m.Square) {
			continue
		}
		a, _ := spotAnchor(t.Tile.Type().Face(t.Rotation), m.Spot)
		at := fr.point(m.Square, a)
		blitCentred(c, pieceSprite(m, letters[m.Player], h*3/4), at.Add(image.Pt(h/2, h/4)))
	}
	if t, ok := placed[v.Last]; ok && o.Markers {
		drawMarkers(c, fr, t, v.Spots)
	}
	drawAreaMarks(c, fr, v, letters)
}

// usedStarts are the start squares this game uses: those the setup laid an initial tile on. A
// map may offer more start squares than a game uses (France: 2 of 3).
func usedStarts(v *game.View) map[game.Square]bool {
	used := map[game.Square]bool{}
	for _, t := range v.Board {
		if t.Player < 0 && v.Map.Info(t.Square).Start >= 0 {
			used[t.Square] = true
		}
	}
	return used
}

// drawMarkers numbers the legal meeple spots on the tile just placed. The markers are small and
// see-through, so the tile's art stays visible, and their numbers keep the frame's smallest type.
func drawMarkers(c *canvas, fr *frame, t game.PlacedTile, spots []string) {
	s := fr.s
	face := t.Tile.Type().Face(t.Rotation)
	d := max(22, fr.minFont*7/4, s/4)
	f := max(d*55/100, fr.minFont)
	at := make([]pt, len(spots))
	for i, spot := range spots {
		a, _ := spotAnchor(face, spot)
		at[i] = a.mul(float64(s))
	}
	spread(at, float64(d+2), -float64(d)/3, float64(s+d/3))
	origin := fr.at(t.Square.Col(), t.Square.Row())
	for i, p := range at {
		blitCentred(c, markerSprite(i+1, d, f), image.Pt(origin.X+int(p.x), origin.Y+int(p.y)))
	}
}

// spread pushes apart points closer than d (markers that would overlap), keeping them within
// [lo, hi] on both axes.
func spread(ps []pt, d, lo, hi float64) {
	for range 20 {
		moved := false
		for i := range ps {
			for j := i + 1; j < len(ps); j++ {
				gap := ps[j].sub(ps[i])
				l := gap.len()
				if l >= d {
					continue
				}
				dir := gap.unit()
				if l < 1e-6 {
					dir = [4]pt{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}[j%4]
				}
				push := dir.mul((d - l) / 2)
				ps[i], ps[j] = ps[i].sub(push), ps[j].add(push)
				moved = true
			}
		}
		for i := range ps {
			ps[i] = pt{min(hi, max(lo, ps[i].x)), min(hi, max(lo, ps[i].y))}
		}
		if !moved {
			return
		}
	}
}

// highlight frames a square: a bright band inside a dark line.
func highlight(c *canvas, r image.Rectangle, s int) {
	w := max(3, s/20)
	c.frame(r.Inset(-2), 2, cBlack)
	c.frame(r, w, cHighlight)
}

func blitCentred(c *canvas, s *sprite, p image.Point) {
	c.blit(s, p.X-s.w/2, p.Y-s.h/2)
}

// blitNoted is blitCentred for a piece whose box the canvas notes as kind k.
func blitNoted(c *canvas, s *sprite, p image.Point, k boxKind) {
	blitCentred(c, s, p)
	c.note(k, image.Rect(p.X-s.w/2, p.Y-s.h/2, p.X-s.w/2+s.w, p.Y-s.h/2+s.h), "")
}

// blitMeeple draws a meeple sprite h pixels tall centred at p and notes the meeple's box (its
// sprite has room around it for the outline).
func blitMeeple(c *canvas, s *sprite, p image.Point, h int) {
	blitCentred(c, s, p)
	c.note(boxPiece, image.Rect(p.X-h/2, p.Y-h/2, p.X-h/2+h, p.Y-h/2+h), "")
}
