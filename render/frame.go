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
	// minFont is the smallest type the board may use (pixels), 0 for the sizes of a desktop
	// picture: a picture meant for a phone raises every label to it.
	minFont int
	// off is where the board part lies in the picture (below a banner, say).
	off image.Point
	// w are the words of the picture: its names of places and its legend.
	w words
}

func newFrame(m *game.Map, win image.Rectangle, s int, w words) *frame {
	fr := &frame{m: m, win: win, s: s, margin: 28, pad: max(16, s*3/8), w: w}
	fr.fitBorderNames()
	return fr
}

// font is the face of the given weight and size, raised to the frame's smallest type.
func (fr *frame) font(bold bool, size int) *face { return fontFace(bold, max(size, fr.minFont)) }

// size is the pixel size of the board part, margins included.
func (fr *frame) size() image.Point {
	return image.Pt(2*(fr.margin+fr.pad)+fr.win.Dx()*fr.s, 2*(fr.margin+fr.pad)+fr.win.Dy()*fr.s)
}

// outer is the area of the board part in the picture, margins included.
func (fr *frame) outer() image.Rectangle {
	return image.Rectangle{fr.off, fr.off.Add(fr.size())}
}

// board is the area of the window and its pad, where squares are drawn.
func (fr *frame) board() image.Rectangle {
	return fr.outer().Inset(fr.margin)
}

// at is the top-left pixel of the square in column col and row row.
func (fr *frame) at(col, row int) image.Point {
	return image.Pt(fr.off.X+fr.margin+fr.pad+(col-fr.win.Min.X)*fr.s, fr.off.Y+fr.margin+fr.pad+(row-fr.win.Min.Y)*fr.s)
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
