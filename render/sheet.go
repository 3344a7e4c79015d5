package render

import (
	"image"
	"strconv"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TileSheet draws the contact sheet of every tile type in its four rotations, scale pixels per
// tile, each group labelled with the tile id and count: a check that the tiles are drawn right.
func TileSheet(scale int) image.Image {
	scale = max(scale, 16)
	types := game.Tiles().Types
	label := fontFace(true, max(11, scale/5))
	const perRow = 5
	gap := max(8, scale/6)
	cellW, cellH := 4*scale+3*2+gap*2, scale+label.height()+gap*2
	rows := (len(types) + perRow - 1) / perRow
	c := newCanvas(perRow*cellW, rows*cellH)
	c.fill(c.Rect, cPaper)
	for i, t := range types {
		x0, y0 := (i%perRow)*cellW+gap, (i/perRow)*cellH+gap
		c.text(label, t.ID+" ×"+strconv.Itoa(t.Count), x0, y0+label.ascent, cText)
		for r := range game.Rotation(4) {
			c.blit(tileSprite(t.Index, r, scale), x0+int(r)*(scale+2), y0+label.height())
		}
	}
	return c.Paletted
}
