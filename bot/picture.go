package bot

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
)

// Picture draws the picture of a reply from the table's redacted view: the board (with the spot
// markers of a pending meeple step), a private preview of a proposed placement, or the end screen.
// Nothing hidden can reach the image: it never sees the full state.
func Picture(t *commands.Table, r commands.Reply) ([]byte, error) {
	if t == nil || t.Game == nil || r.Image == commands.NoImage {
		return nil, nil
	}
	v := t.Game.View(false)
	o := render.Options{Kind: render.Full, Markers: true}
	switch r.Image {
	case commands.PreviewImage:
		if r.Preview != nil && v.Drawn != nil {
			o = render.Options{Kind: render.Preview, Center: r.Preview.Square, Radius: 2,
				Preview: &render.PreviewMove{Tile: *v.Drawn, At: *r.Preview}}
		}
	case commands.EndImage:
		o.Kind = render.End
	}
	if r.Image == commands.BoardImage && t.Game.Phase == game.PhasePlace && v.Drawn != nil && r.Ephemeral {
		// The private turn panel also shows where the drawn tile fits.
		o.Legal = t.Game.LegalPlacements(*v.Drawn)
	}
	return render.PNG(v, o)
}
