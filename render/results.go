package render

import (
	"image"
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// The end picture opens with a banner that names the winners (a tie for first is a shared
// victory) and every player's place, in type large enough to read at 550 pixels wide.

// standing is a player's place at the end: equal scores share a place; players who resigned come
// last and have none (place 0).
type standing struct{ player, place int }

// ranking orders the players by place.
func ranking(ps []game.Player) []standing {
	order := make([]int, len(ps))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if ps[a].Resigned != ps[b].Resigned {
			if ps[a].Resigned {
				return 1
			}
			return -1
		}
		return ps[b].Score - ps[a].Score
	})
	out := make([]standing, len(order))
	for k, i := range order {
		out[k] = standing{player: i, place: k + 1}
		switch {
		case ps[i].Resigned:
			out[k].place = 0
		case k > 0 && ps[order[k-1]].Score == ps[i].Score:
			out[k].place = out[k-1].place
		}
	}
	return out
}

// placeWord is how a place is written: "1." (as the language writes it), or "–" for a player who
// resigned.
func placeWord(st standing, w words) string {
	if st.place == 0 {
		return "–"
	}
	return w.T("pic_place", map[string]any{"Place": st.place})
}

// resultLines are the banner's headline and its list of places.
func resultLines(ps []game.Player, w words) (string, string) {
	var winners, places []string
	rank := ranking(ps)
	for _, st := range rank {
		p := ps[st.player]
		if st.place == 1 {
			winners = append(winners, p.Name)
		}
		if st.place == 0 {
			places = append(places, w.T("pic_place_resigned", map[string]any{"Player": p.Name, "Score": p.Score}))
			continue
		}
		places = append(places, w.T("pic_place_score", map[string]any{"Place": placeWord(st, w), "Player": p.Name, "Score": p.Score}))
	}
	head := w.T("pic_no_winner", nil)
	switch {
	case len(winners) == 1:
		head = w.N("pic_winner", ps[rank[0].player].Score, map[string]any{"Player": winners[0]})
	case len(winners) > 1:
		head = w.N("pic_shared_victory", ps[rank[0].player].Score, map[string]any{"Players": w.list(winners)})
	}
	return head, strings.Join(places, " · ")
}

// results is the banner of the end picture, w pixels wide.
type results struct {
	heads []string
	lines []string
	big   *face
	body  *face
	h     int
}

// Type sizes of the banner in pixels at phoneView pixels wide: it is read on a phone.
const (
	phoneView    = 550
	bannerHead   = 15
	bannerPlaces = 11
)

func newResults(v *game.View, w int, ws words) *results {
	head, places := resultLines(v.Players, ws)
	r := &results{big: fontFace(true, (bannerHead*w+phoneView-1)/phoneView),
		body: fontFace(false, (bannerPlaces*w+phoneView-1)/phoneView)}
	r.heads = wrap(r.big, head, w-32)
	r.lines = wrap(r.body, places, w-32)
	r.h = 16 + len(r.heads)*r.big.height() + 8 + len(r.lines)*r.body.height() + 16
	return r
}

func (r *results) draw(c *canvas) {
	c.fill(c.Rect, cCurrent)
	x, y := c.Rect.Min.X+16, c.Rect.Min.Y+16+r.big.ascent
	for i, l := range r.heads {
		if i > 0 {
			y += r.big.height()
		}
		c.text(r.big, l, x, y, cText)
	}
	y += r.big.descent + 8 + r.body.ascent
	for _, l := range r.lines {
		c.text(r.body, l, x, y, cText)
		y += r.body.height()
	}
	c.fill(image.Rect(c.Rect.Min.X, c.Rect.Max.Y-2, c.Rect.Max.X, c.Rect.Max.Y), cLandGrid)
}
