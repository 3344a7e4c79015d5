package render

import (
	"fmt"
	"image"
	"strconv"
)

// The standings picture of /league standings: a table of place, player, league points and the
// tie-breaks, in type that stays readable when Discord shows it 550 pixels wide on a phone.

// StandingsRow is one player's line of a league's standings, as the text shows it.
type StandingsRow struct {
	Rank   int
	Player string
	Points string // league points: halves as .5, whole numbers bare
	Diff   int    // sum of score differences
	H2H    string // head-to-head league points
	Wins   int
	Games  int
}

// Standings is a league's standings to draw: a title line and the rows in order.
type Standings struct {
	Title string
	Rows  []StandingsRow
	// Words are the picture's words in its reader's language (nil writes message ids).
	Words Words
}

// MaxStandingsRows is how many rows the picture shows; a larger league's picture says how many
// more there are (the text lists them all).
const MaxStandingsRows = 40

// Geometry of the standings picture, in pixels.
const (
	standingsW     = 800
	standingsPad   = 20
	standingsTitle = 30 // type sizes
	standingsHead  = 22
	standingsBody  = 26
	standingsRowH  = 40
)

// maxTitleLines is how many lines the title may take: with MaxStandingsRows rows the picture
// stays under the 2,000 pixels at which it would be halved.
const maxTitleLines = 4

// standingsColumn is a column: its heading (a message), its least width and whether its values
// sit on the right.
type standingsColumn struct {
	head  string
	w     int
	right bool
}

// standingsColumns are the columns from the left; a column is as wide as its heading needs, and
// the player's column takes what the others leave.
var standingsColumns = []standingsColumn{
	{"pic_col_rank", 56, true}, {"pic_col_player", 0, false}, {"pic_col_points", 100, true}, {"pic_col_diff", 96, true},
	{"pic_col_h2h", 80, true}, {"pic_col_wins", 80, true}, {"pic_col_games", 96, true},
}

// StandingsPNG draws the standings as a PNG.
func StandingsPNG(s Standings) ([]byte, error) {
	c := drawStandings(s)
	png, err := encode(c.Paletted)
	if err != nil {
		return nil, fmt.Errorf("standings picture: %w", err)
	}
	return png, nil
}

// standingsHeight is the picture's height for a title of titleLines lines and n rows shown, with
// the line saying how many more there are when more is true.
func standingsHeight(titleLines, n int, more bool) int {
	h := standingsPad + titleLines*fontFace(true, standingsTitle).height() + 16 + standingsRowH*(n+1) + standingsPad
	if more {
		h += standingsRowH
	}
	return h
}

func drawStandings(s Standings) *canvas {
	w := wordsOf(s.Words)
	rows := s.Rows[:min(len(s.Rows), MaxStandingsRows)]
	more := len(s.Rows) - len(rows)
	title, head, body := fontFace(true, standingsTitle), fontFace(true, standingsHead), fontFace(false, standingsBody)
	x0, inner := standingsPad, standingsW-2*standingsPad
	// The title names the league and the season, which players choose: it wraps; only a title
	// longer than maxTitleLines lines (some 180 characters) is cut.
	lines := wrap(title, s.Title, inner)
	if len(lines) > maxTitleLines {
		lines = lines[:maxTitleLines]
		lines[maxTitleLines-1] = title.fit(lines[maxTitleLines-1]+" …", inner)
	}
	c := newCanvas(standingsW, standingsHeight(len(lines), len(rows), more > 0))
	c.fill(c.Rect, cPaper)
	y := standingsPad
	for _, l := range lines {
		c.text(title, l, x0, y+title.ascent, cText)
		y += title.height()
	}
	y += 16

	heads := make([]string, len(standingsColumns))
	widths := make([]int, len(standingsColumns))
	rest := inner
	for i, col := range standingsColumns {
		heads[i] = w.T(col.head, nil)
		if i != 1 {
			widths[i] = max(col.w, head.width(heads[i])+24)
		}
		rest -= widths[i]
	}
	widths[1] = rest
	line := func(top int, f *face, cells []string, col uint8) {
		x := x0
		base := top + (standingsRowH+f.ascent-f.descent)/2
		for i, cell := range cells {
			cell = f.fit(cell, widths[i]-12)
			if standingsColumns[i].right {
				c.text(f, cell, x+widths[i]-12-f.width(cell), base, col)
			} else {
				c.text(f, cell, x+12, base, col)
			}
			x += widths[i]
		}
	}
	c.fill(image.Rect(x0, y, x0+inner, y+standingsRowH), cCurrent)
	line(y, head, heads, cText)
	y += standingsRowH
	for i, r := range rows {
		if i%2 == 1 {
			c.fill(image.Rect(x0, y, x0+inner, y+standingsRowH), cLand)
		}
		line(y, body, []string{strconv.Itoa(r.Rank), shownName(r.Player, r.Rank-1, w), r.Points, fmt.Sprintf("%+d", r.Diff), r.H2H,
			strconv.Itoa(r.Wins), strconv.Itoa(r.Games)}, cText)
		y += standingsRowH
	}
	c.fill(image.Rect(x0, y, x0+inner, y+2), cLandGrid)
	if more > 0 {
		note := w.N("pic_more_players", more, nil)
		c.text(body, body.fit(note, inner-24), x0+12, y+(standingsRowH+body.ascent-body.descent)/2, cTextMuted)
	}
	return c
}
