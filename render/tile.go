package render

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

// TilePNG is the picture of one tile in its reference orientation, size pixels square (kept
// between 32 and 512): the tile a player drew, shown in the direct message that tells them it is
// their turn.
func TilePNG(id game.TileID, size int) ([]byte, error) {
	size = min(max(size, 32), 512)
	c := newCanvas(size, size)
	c.fill(c.Rect, cPaper)
	c.blit(tileSprite(id, 0, size), 0, 0)
	return encode(c.Paletted)
}
