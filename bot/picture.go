package bot

import (
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/render"
)

// Picture draws the picture of a reply from the table's redacted view. A turn's board, public or
// in the acting player's private panel, is the turn picture (render.Turn: the squares around the
// action, readable inline on a phone). A private board that offers no choice (/carc board,
// /carc status) is someone looking at the whole game: the full map. Then the private preview of
// a proposed placement, the end screen, and the tiles still to come (counted as every player can
// count them). Nothing hidden can reach the image: it never sees the full state.
func Picture(t *table.Table, r commands.Reply) ([]byte, error) {
	if t == nil || t.Game == nil || r.Image == commands.NoImage {
		return nil, nil
	}
	v := t.Game.View(false)
	code := r.Lang
	if code == "" {
		code = commands.PictureLanguage(t, "")
	}
	w := commands.WordsFor(code)
	switch r.Image {
	case commands.PreviewImage:
		if r.Preview != nil && v.Drawn != nil {
			return render.PNG(v, render.Options{Kind: render.Preview, Center: r.Preview.Square, Radius: 2,
				Preview: &render.PreviewMove{Tile: *v.Drawn, At: *r.Preview}, Words: w})
		}
	case commands.EndImage:
		return render.PNG(v, render.Options{Kind: render.End, Words: w})
	case commands.TilesImage:
		s := tileStock(commands.CountTilesLeft(t))
		s.Title = w.T("pic_stock_title", map[string]any{"Map": w.MapTitle(t.Entry()), "Turn": t.Game.Turn})
		s.Words = w
		return render.TilesPNG(s)
	}
	if r.Ephemeral && r.Select == nil && len(r.Buttons) == 0 {
		return board(t, v, render.Full, w)
	}
	return board(t, v, render.Turn, w)
}

// tileStock is the picture's copy of the tiles still to come; the tiles out of the game are
// counted by kind.
func tileStock(tl commands.TilesLeft) render.TileStock {
	s := render.TileStock{Title: tl.Title, Stack: tl.Stack, FaceDown: tl.FaceDown, HiddenExpansion: tl.HiddenExpansion}
	for _, c := range tl.ToCome {
		s.ToCome = append(s.ToCome, render.TileCount(c))
	}
	for _, c := range tl.FaceUp {
		s.FaceUp = append(s.FaceUp, render.TileCount(c))
	}
	for _, id := range tl.Out {
		if i := slices.IndexFunc(s.Out, func(c render.TileCount) bool { return c.Tile == id }); i >= 0 {
			s.Out[i].Count++
		} else {
			s.Out = append(s.Out, render.TileCount{Tile: id, Count: 1})
		}
	}
	return s
}

// FullBoard draws the whole map as everyone sees it, the picture to keep one click away from a
// turn picture.
func FullBoard(t *table.Table) ([]byte, error) {
	if t == nil || t.Game == nil {
		return nil, nil
	}
	return board(t, t.Game.View(false), render.Full, commands.WordsFor(commands.PictureLanguage(t, "")))
}

// board draws the board of view v: the spot markers of a pending meeple step and, while a tile
// waits to be placed, its legal squares. The drawn tile is public, so everyone may see where it
// fits.
func board(t *table.Table, v *game.View, kind render.Kind, w render.Words) ([]byte, error) {
	o := render.Options{Kind: kind, Markers: true, Words: w}
	if t.Game.Phase == game.PhasePlace && v.Drawn != nil {
		o.Legal = t.Game.LegalPlacements(*v.Drawn)
	}
	return render.PNG(v, o)
}

// endFiles are what the end of a game attaches beside its final board: the chart of the scores
// and the animated GIF of the whole game; one that cannot be drawn is logged and left out.
func (b *Host) endFiles(t *table.Table, code string) []File {
	files, err := EndFiles(t, commands.WordsFor(code))
	if err != nil {
		b.log.Error("could not draw the end of the game's files", "game", t.ID, "err", err)
	}
	return files
}

// EndFiles draws what the end of a game attaches beside its final board: the chart of the scores
// turn by turn and the whole game as an animated GIF, one frame per turn (none when it would pass
// Discord's limit). It returns what it could draw, and why the rest could not be.
func EndFiles(t *table.Table, w commands.PictureWords) ([]File, error) {
	if t == nil || t.Game == nil {
		return nil, nil
	}
	var files []File
	chart, err := render.ScoreChart(t.Game.View(false), w)
	if err != nil {
		return nil, fmt.Errorf("the score chart: %w", err)
	}
	files = append(files, File{Name: "scores.png", Data: chart, Description: commands.ChartAlt(t, w.Code())})
	a := render.Animation{Words: w}
	err = commands.EachTurn(t, func(g *game.Game) error { return a.Add(g.View(false)) })
	var data []byte
	if err == nil {
		data, err = a.GIF()
	}
	if err == nil && len(data) > render.MaxGIF {
		err = fmt.Errorf("%d bytes, over Discord's limit", len(data))
	}
	if err != nil {
		return files, fmt.Errorf("the game's animation: %w", err)
	}
	return append(files, File{Name: "game.gif", Data: data, Description: commands.AnimationAlt(t, w.Code())}), nil
}

// picture is the host's drawing of a reply's picture (Config.Draw), none when it fails, which is
// logged.
func (b *Host) picture(t *table.Table, r commands.Reply) []byte {
	if r.Image == commands.NoImage || t == nil || t.Game == nil {
		return nil
	}
	png, err := b.draw(t, r)
	if err != nil {
		b.log.Error("could not draw the board", "game", t.ID, "err", err)
		return nil
	}
	return png
}

// BoardFile is a picture of the board as an attachment, described by alt (none for no picture).
func BoardFile(png []byte, alt string) []File {
	if len(png) == 0 {
		return nil
	}
	return []File{{Name: "board.png", Data: png, Description: alt}}
}

// docFile is a reply's document as an attachment (none for no document).
func docFile(f *commands.File) []File {
	if f == nil {
		return nil
	}
	return []File{{Name: f.Name, Data: f.Data, Description: f.Description}}
}
