package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strconv"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// The score chart posted at the end of a game: one line per player, the score after each turn,
// and a last step for the final scoring. Players are told apart three ways, as people with the
// common forms of colour blindness need: the Okabe-Ito colours of their meeples, a dash pattern
// each, and their name written at the end of their line.

// ScoreSeries is each player's score after each turn (index 0 is the start, at 0 points) and,
// when the game was scored at its end, one more point with the final scoring.
func ScoreSeries(v *game.View) [][]int {
	turns := v.Turn
	final := false
	for _, e := range v.Log {
		final = final || e.Final
		turns = max(turns, e.Turn)
	}
	n := turns + 1
	if final {
		n++
	}
	series := make([][]int, len(v.Players))
	for p := range series {
		series[p] = make([]int, n)
	}
	for _, e := range v.Log {
		if e.Player < 0 || e.Player >= len(series) {
			continue
		}
		at := e.Turn
		if e.Final {
			at = n - 1
		}
		for i := at; i < n; i++ {
			series[e.Player][i] += e.Points
		}
	}
	return series
}

// ChartWidth and ChartHeight are the score chart's size in pixels, so that a page can reserve its
// place before the picture arrives.
const ChartWidth, ChartHeight = 1100, 620

// chart geometry, in pixels.
const (
	chartW, chartH               = ChartWidth, ChartHeight
	chartLeft, chartRight        = 70, 190
	chartTop, chartBottom        = 60, 60
	chartTitleSize, chartTextSiz = 28, 20
)

var chartGrid = color.RGBA{0xd8, 0xd2, 0xc4, 0xff}

var chartDashes = [][]float64{nil, {14, 6}, {4, 5}, {14, 5, 4, 5}, {22, 8}, {8, 4, 2, 4}}

// ScoreChart draws the score chart of a finished (or running) game as a PNG.
func ScoreChart(v *game.View, ws Words) ([]byte, error) {
	w := wordsOf(ws)
	v = withShownNames(v, w)
	series := ScoreSeries(v)
	top := 10
	for _, s := range series {
		top = max(top, s[len(s)-1])
	}
	top = niceCeil(top)
	n := len(series[0]) - 1
	img := image.NewRGBA(image.Rect(0, 0, chartW, chartH))
	dc := gg.NewContextForRGBA(img)
	dc.SetColor(base[cPaper])
	dc.Clear()
	plotW := float64(chartW - chartLeft - chartRight)
	plotH := float64(chartH - chartTop - chartBottom)
	x := func(i int) float64 { return chartLeft + plotW*float64(i)/float64(max(n, 1)) }
	y := func(score int) float64 { return chartTop + plotH*(1-float64(score)/float64(top)) }

	dc.SetFontFace(chartFace(true, chartTitleSize))
	dc.SetColor(base[cText])
	dc.DrawString(fontFace(true, chartTitleSize).fit(w.T("pic_chart_title", map[string]any{"Map": w.mapTitle(v.Map)}), chartW-chartLeft-20), chartLeft, 38)
	dc.SetFontFace(chartFace(false, chartTextSiz))
	step := niceCeil(top / 5)
	for s := 0; s <= top; s += step {
		dc.SetColor(chartGrid)
		dc.SetLineWidth(1)
		dc.DrawLine(chartLeft, y(s), chartLeft+plotW, y(s))
		dc.Stroke()
		dc.SetColor(base[cText])
		dc.DrawStringAnchored(strconv.Itoa(s), chartLeft-10, y(s), 1, 0.35)
	}
	turnStep := niceCeil(max(n/8, 1))
	final := len(series[0]) > v.Turn+1
	for t := 0; t <= n; t += turnStep {
		if final && x(n)-x(t) < 50 {
			break
		}
		dc.DrawStringAnchored(strconv.Itoa(t), x(t), chartTop+plotH+22, 0.5, 0)
	}
	if final {
		dc.DrawStringAnchored(w.T("pic_chart_final", nil), x(n), chartTop+plotH+22, 0.5, 0)
	}
	dc.DrawStringAnchored(w.T("pic_chart_turn", nil), chartLeft+plotW/2, chartH-12, 0.5, 0)

	line := func(p int, s []int) {
		dc.SetDash(chartDashes[p%len(chartDashes)]...)
		dc.MoveTo(x(0), y(s[0]))
		for i := 1; i < len(s); i++ {
			dc.LineTo(x(i), y(s[i]))
		}
		dc.Stroke()
		dc.SetDash()
	}
	for p, s := range series {
		// A dark rim under the colour keeps the light colours (yellow, sky blue) visible on paper.
		dc.SetColor(base[cText])
		dc.SetLineWidth(6)
		line(p, s)
		dc.SetColor(base[playerColor(p)])
		dc.SetLineWidth(4)
		line(p, s)
		dc.DrawCircle(x(n), y(s[n]), 6)
		dc.Fill()
	}
	dc.SetFontFace(chartFace(true, chartTextSiz))
	for p, ly := range labelPlaces(series, y) {
		dc.SetColor(base[cText])
		dc.DrawRectangle(x(n)+12, ly-7, 22, 14)
		dc.Fill()
		dc.SetColor(base[playerColor(p)])
		dc.DrawRectangle(x(n)+14, ly-5, 18, 10)
		dc.Fill()
		dc.SetColor(base[cText])
		dc.DrawStringAnchored(fmt.Sprintf("%s %d", v.Players[p].Name, series[p][n]), x(n)+40, ly, 0, 0.35)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// labelPlaces puts each player's end label beside the line's end, moved apart so that no two
// labels overlap.
func labelPlaces(series [][]int, y func(int) float64) []float64 {
	n := len(series[0]) - 1
	at := make([]float64, len(series))
	order := make([]int, len(series))
	for p := range series {
		at[p], order[p] = y(series[p][n]), p
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && at[order[j]] < at[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	const gap = chartTextSiz + 4
	for i := 1; i < len(order); i++ {
		if at[order[i]]-at[order[i-1]] < gap {
			at[order[i]] = at[order[i-1]] + gap
		}
	}
	return at
}

// niceCeil rounds up to 1, 2 or 5 times a power of ten.
func niceCeil(v int) int {
	if v <= 1 {
		return 1
	}
	for p := 1; ; p *= 10 {
		for _, m := range []int{1, 2, 5} {
			if m*p >= v {
				return m * p
			}
		}
	}
}

// chartFace is a gg font face of the font stack.
func chartFace(bold bool, size int) font.Face { return stackFace{fontFace(bold, size)} }
