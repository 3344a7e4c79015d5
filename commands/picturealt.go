package commands

import (
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// MaxAlt is the most characters a picture's description may hold: Discord's limit on an
// attachment's description, which screen readers read for the picture.
const MaxAlt = 1024

// PictureAlt is what the picture of reply r shows, for a reader who cannot see it, in the
// language the picture is drawn in: the map and the turn, the move shown, the scores and whose
// turn it is (the preview: the placement proposed; the end: the final standings; the tiles: how
// many are still to come). Empty where r has no picture.
func PictureAlt(t *table.Table, r Reply) string {
	if t == nil || t.Game == nil || r.Image == NoImage {
		return ""
	}
	code := r.Lang
	if code == "" {
		code = PictureLanguage(t, "")
	}
	p := lang.For(code).Plain()
	g := t.Game
	head := p.T("alt_head", lang.A{"Map": mapTitle(p, t.Entry()), "Turn": g.Turn})
	var parts []string
	switch r.Image {
	case PreviewImage:
		if pl := r.Preview; pl != nil {
			parts = append(parts, p.T("alt_preview", lang.A{"Tile": g.Drawn.String(), "Square": pl.Square.String(), "Rotation": pl.Rotation.String()}))
		}
	case EndImage:
		parts = append(parts, p.T("alt_end", nil), standings(p, t))
	case TilesImage:
		parts = append(parts, p.N("alt_tiles", g.TilesLeft(), nil))
	default:
		parts = append(parts, boardAlt(p, t)...)
	}
	return AltText(sentences(head, parts...))
}

// sentences joins sentences as their language does: with a space, but none after a full-width
// stop (Chinese, whose sentences follow each other unspaced).
func sentences(first string, rest ...string) string {
	text := first
	for _, s := range rest {
		if !strings.HasSuffix(text, "。") && !strings.HasSuffix(text, "！") && !strings.HasSuffix(text, "？") {
			text += " "
		}
		text += s
	}
	return text
}

// boardAlt is what a board shows: the last tile placed, the scores and whose turn it is.
func boardAlt(p *lang.Printer, t *table.Table) []string {
	g := t.Game
	var out []string
	if placed := g.Placed(); len(placed) > 0 && g.Turn > 1 {
		last := placed[len(placed)-1]
		out = append(out, p.T("alt_last_tile", lang.A{"Tile": last.Tile.String(), "Square": last.Square.String(), "Rotation": last.Rotation.String()}))
	}
	out = append(out, scoresLine(p, t))
	if t.Status == table.Playing {
		if cur, ok := t.Current(); ok {
			switch g.Phase {
			case game.PhasePlace:
				out = append(out, p.T("status_place", lang.A{"Player": lang.Name(cur.Name), "Tile": g.Drawn.String()}))
			default:
				out = append(out, p.T("alt_to_play", lang.A{"Player": lang.Name(cur.Name)}))
			}
		}
	}
	return out
}

// AltText is a picture's description cut to Discord's limit, at a word where it must be cut.
func AltText(s string) string {
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > MaxAlt {
		return Truncate(s, MaxAlt)
	}
	return s
}

// ChartAlt describes the chart of the scores at a game's end.
func ChartAlt(t *table.Table, code string) string {
	if t == nil || t.Game == nil {
		return ""
	}
	p := lang.For(code).Plain()
	return AltText(p.T("alt_chart", lang.A{"Map": mapTitle(p, t.Entry()), "Scores": scoresLine(p, t)}))
}

// AnimationAlt describes the animation of a whole game.
func AnimationAlt(t *table.Table, code string) string {
	if t == nil || t.Game == nil {
		return ""
	}
	p := lang.For(code).Plain()
	return AltText(p.N("alt_animation", t.Game.Turn, lang.A{"Map": mapTitle(p, t.Entry())}))
}
