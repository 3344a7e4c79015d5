package render

import (
	"image"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// frame is the geometry of the board part of a picture: which squares it shows (the window), how
// many pixels a square takes, and the margins. Around the window lies a strip (pad) that shows
// what is beyond it (sea, border connections, neighbouring squares); coordinates run along the
// outer margins.
type frame struct {
	m *game.Map
	// win holds the columns (X) and rows (Y) shown, from Min to Max-1.
	win    image.Rectangle
	s      int
	margin int
	pad    int
}

func newFrame(m *game.Map, win image.Rectangle, s int) *frame {
	return &frame{m: m, win: win, s: s, margin: 28, pad: max(16, s*3/8)}
}

// size is the pixel size of the board part.
func (fr *frame) size() image.Point {
	return image.Pt(2*(fr.margin+fr.pad)+fr.win.Dx()*fr.s, 2*(fr.margin+fr.pad)+fr.win.Dy()*fr.s)
}

// board is the area of the window and its pad, where squares are drawn.
func (fr *frame) board() image.Rectangle {
	sz := fr.size()
	return image.Rect(fr.margin, fr.margin, sz.X-fr.margin, sz.Y-fr.margin)
}

// at is the top-left pixel of the square in column col and row row.
func (fr *frame) at(col, row int) image.Point {
	return image.Pt(fr.margin+fr.pad+(col-fr.win.Min.X)*fr.s, fr.margin+fr.pad+(row-fr.win.Min.Y)*fr.s)
}

// rect is the pixel area of square q.
func (fr *frame) rect(q game.Square) image.Rectangle {
	p := fr.at(q.Col(), q.Row())
	return image.Rectangle{p, p.Add(image.Pt(fr.s, fr.s))}
}

// point is the pixel of tile point t on square q.
func (fr *frame) point(q game.Square, t pt) image.Point {
	p := fr.at(q.Col(), q.Row())
	return image.Pt(p.X+int(t.x*float64(fr.s)+0.5), p.Y+int(t.y*float64(fr.s)+0.5))
}

// visible reports whether square q shows at least partly (in the window or its pad).
func (fr *frame) visible(q game.Square) bool {
	return fr.rect(q).Overlaps(fr.board())
}

// each calls fn for every grid position that shows at least partly, on the grid or not.
func (fr *frame) each(fn func(col, row int)) {
	for row := fr.win.Min.Y - 1; row <= fr.win.Max.Y; row++ {
		for col := fr.win.Min.X - 1; col <= fr.win.Max.X; col++ {
			fn(col, row)
		}
	}
}

// info describes the grid position (col, row), Void off the grid.
func (fr *frame) info(col, row int) *game.SquareInfo {
	if col < 0 || row < 0 {
		return fr.m.Info(game.NoSquare)
	}
	return fr.m.Info(game.At(col, row))
}
