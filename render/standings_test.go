package render

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"strings"
	"testing"
)

func standingsRows(n int) []StandingsRow {
	rows := make([]StandingsRow, n)
	for i := range rows {
		rows[i] = StandingsRow{Rank: i + 1, Player: fmt.Sprintf("player %d", i+1), Points: fmt.Sprint(float64(n-i) / 2),
			Diff: 40 - 17*i, H2H: "0", Wins: n - i, Games: n}
	}
	return rows
}

// inkIn counts the pixels of text colour inside r.
func inkIn(c *canvas, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c.ColorIndexAt(x, y) == cText {
				n++
			}
		}
	}
	return n
}

// TestStandingsPictureDrawsEveryRow: the standings picture is a table 800 pixels wide with a
// heading row and one row per player, each with its place, name and numbers written in its own
// band; its smallest type stays at least 9 pixels high shown 550 wide on a phone; a name too long
// for its column is shortened rather than written over the points; a league larger than the
// picture holds says how many more players the text lists. The PNG decodes to the same size.
func TestStandingsPictureDrawsEveryRow(t *testing.T) {
	for _, n := range []int{2, 6, MaxStandingsRows, MaxStandingsRows + 5} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			s := Standings{Title: "Cup, season 1: after 15 of 15 games", Rows: standingsRows(n)}
			if n > 2 {
				// A league's name is its players' choice: a long one wraps, never cut.
				s.Title = "The Friday evening Carcassonne Maps league of the Taipei board game café, season 12: after 15 of 15 games"
			}
			s.Rows[0].Player = "A player whose name is far too long for the column of names"
			c := drawStandings(s)
			shown, more := min(n, MaxStandingsRows), n > MaxStandingsRows
			title := fontFace(true, standingsTitle)
			lines := wrap(title, s.Title, standingsW-2*standingsPad)
			if n > 2 && len(lines) < 2 {
				t.Fatalf("the long title takes %d line", len(lines))
			}
			if got, want := c.Rect.Size(), image.Pt(standingsW, standingsHeight(len(lines), shown, more)); got != want {
				t.Fatalf("the picture is %v, want %v", got, want)
			}
			if c.Rect.Dy() > maxSide {
				t.Fatalf("the picture is %d pixels high: it would be halved", c.Rect.Dy())
			}
			if px := float64(*c.smallest) * 550 / float64(c.Rect.Dx()); px < 9 {
				t.Errorf("the smallest text is %.1f pixels at 550 wide", px)
			}
			top := standingsPad + len(lines)*title.height() + 16
			// Every word of the title is written: its lines hold all of it, and each line has ink.
			if got := strings.Join(lines, " "); got != s.Title {
				t.Errorf("the title reads %q, want %q", got, s.Title)
			}
			for i := range lines {
				band := image.Rect(standingsPad, standingsPad+i*title.height(), standingsW-standingsPad, standingsPad+(i+1)*title.height())
				if inkIn(c, band) == 0 {
					t.Errorf("title line %d is blank", i+1)
				}
			}
			x := standingsPad
			var cols []image.Rectangle
			for _, col := range standingsColumns {
				w := col.w
				if w == 0 {
					w = standingsW - 2*standingsPad
					for _, other := range standingsColumns {
						w -= other.w
					}
				}
				cols = append(cols, image.Rect(x, 0, x+w, 0))
				x += w
			}
			for row := range shown + 1 {
				band := image.Rect(0, top+row*standingsRowH, standingsW, top+(row+1)*standingsRowH)
				for i, col := range cols {
					cell := image.Rect(col.Min.X, band.Min.Y, col.Max.X, band.Max.Y)
					if inkIn(c, cell) == 0 {
						t.Errorf("row %d (0 is the heading) has nothing written in column %s", row, standingsColumns[i].head)
					}
				}
			}
			// The long name ends before the points: the gap left of the points' digits is blank.
			first := top + standingsRowH
			gap := image.Rect(cols[2].Min.X, first, cols[2].Max.X-12-fontFace(false, standingsBody).width(s.Rows[0].Points)-1, first+standingsRowH)
			if ink := inkIn(c, gap); ink != 0 {
				t.Errorf("the long name spills into the points column (%d pixels)", ink)
			}
			below := image.Rect(0, top+(shown+1)*standingsRowH, standingsW, c.Rect.Dy())
			if got := inkIn(c, below) > 0 || hasColour(c, below, cTextMuted); got != more {
				t.Errorf("a line below the rows: %v, want %v", got, more)
			}
			data, err := StandingsPNG(s)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil || img.Bounds().Size() != c.Rect.Size() {
				t.Fatalf("the PNG decodes to %v (%v), want %v", img.Bounds().Size(), err, c.Rect.Size())
			}
		})
	}
}

func hasColour(c *canvas, r image.Rectangle, col uint8) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c.ColorIndexAt(x, y) == col {
				return true
			}
		}
	}
	return false
}
