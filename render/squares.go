package render

import (
	"errors"
	"image"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// SquareBoxes tells where squares lie in the picture Draw(v, o) makes of a board (Full, Crop or
// Zoom): the picture's size and the pixel area of each square of squares that shows in it. The
// game's page lays its buttons for the legal squares over the picture with it, so the two must
// be measured alike: it follows compose's choice of frame without drawing anything.
func SquareBoxes(v *game.View, o Options, squares []game.Square) (image.Point, map[game.Square]image.Rectangle, error) {
	if v == nil || v.Map == nil {
		return image.Point{}, nil, errors.New("render: no game view (or a view without its map)")
	}
	if o.Kind != Full && o.Kind != Crop && o.Kind != Zoom {
		return image.Point{}, nil, errors.New("render: square boxes are measured on a board picture only")
	}
	w := wordsOf(o.Words)
	v = withLabels(withShownNames(v, w), w)
	fr, err := pickFrame(v, o)
	if err != nil {
		return image.Point{}, nil, err
	}
	pn := newPanel(v, o, fr, playerLetters(v.Players))
	for fr.size().X+pn.w > maxSide && fr.s > minSquare {
		fr = newFrame(fr.m, fr.win, fr.s-8, w)
	}
	bs := fr.size()
	size := image.Pt(bs.X+pn.w, max(bs.Y, pn.h))
	boxes := map[game.Square]image.Rectangle{}
	for _, q := range squares {
		if r := fr.rect(q); fr.visible(q) {
			boxes[q] = r
		}
	}
	return size, boxes, nil
}
