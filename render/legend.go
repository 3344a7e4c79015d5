package render

import (
	"slices"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/fogleman/gg"
)

// The legend explains every mark the picture shows, and only those: the frames of the last tile,
// the legal squares and the start squares, the spot markers, towns by colour, coats of arms,
// chips, border connections, and each map's own marks. A map says what its marks mean with legend
// lines in its file (game.Map.Legend); a mark without one gets a plain description.

// legendItem is one entry of the legend: a small picture of the mark and what it means.
type legendItem struct {
	key, value string
	text       string
}

// legendItems lists the marks the picture of frame fr shows, in a fixed order.
func legendItems(v *game.View, o Options, fr *frame) []legendItem {
	m, w := v.Map, fr.w
	var items []legendItem
	// add is a mark the map may explain in its own words; own one it does not.
	add := func(key, value, id string, a map[string]any) {
		text, ok := w.legendText(m, key, value)
		if !ok {
			text = w.T(id, a)
		}
		items = append(items, legendItem{key, value, text})
	}
	own := func(key, value, id string, a map[string]any) {
		items = append(items, legendItem{key, value, w.T(id, a)})
	}
	placed := map[game.Square]bool{}
	for _, t := range v.Board {
		placed[t.Square] = true
	}
	switch {
	case o.Preview != nil:
		own("last", "", "pic_lg_proposed", nil)
	case v.Last != game.NoSquare && fr.visible(v.Last):
		own("last", "", "pic_lg_last", nil)
	}
	if slices.ContainsFunc(o.Legal, func(p game.Placement) bool { return fr.visible(p.Square) }) {
		own("legal", "", "pic_lg_legal", nil)
	}
	if o.Markers && placed[v.Last] && len(v.Spots) > 0 && fr.visible(v.Last) {
		own("marker", "", "pic_lg_marker", nil)
	}
	used := usedStarts(v)
	if slices.ContainsFunc(m.Starts, func(s game.StartSquare) bool { return used[s.Square] && fr.visible(s.Square) }) {
		add("start", "", "pic_lg_start", nil)
	}
	if slices.ContainsFunc(m.Starts, func(s game.StartSquare) bool { return !used[s.Square] && !placed[s.Square] && fr.visible(s.Square) }) {
		own("start-unused", "", "pic_lg_start_unused", nil)
	}
	var colours []string
	for _, t := range m.Towns {
		if fr.visible(t.Square) && !slices.Contains(colours, t.Color) {
			colours = append(colours, t.Color)
		}
	}
	for _, col := range colours {
		if col == "" {
			add("town", col, "pic_lg_town", nil)
		} else {
			add("town", col, "pic_lg_town_colour", map[string]any{"Colour": w.colour(col)})
		}
	}
	if armsInView(m, fr) {
		add("arms", "", "pic_lg_arms", nil)
	}
	faceDown, faceUp := chipsInView(v, fr)
	if faceDown {
		add("piece", string(game.MarkChip), "pic_lg_chip_down", nil)
	}
	if faceUp {
		own("chip-up", "", "pic_lg_chip_up", nil)
	}
	for _, kind := range []string{"road", "city", "city+arms"} {
		if slices.ContainsFunc(m.Borders, func(b game.BorderConnection) bool { return game.BorderWord(b) == kind && fr.visible(b.Square) }) {
			add("border", kind, map[string]string{"road": "pic_lg_border_road", "city": "pic_lg_border_city", "city+arms": "pic_lg_border_city_arms"}[kind], nil)
		}
	}
	var chipSquares, markKinds []string
	fr.each(func(col, row int) {
		info := fr.info(col, row)
		if c := info.Attrs["chip"]; info.Kind == game.Playable && c != "" && !slices.Contains(chipSquares, c) {
			chipSquares = append(chipSquares, c)
		}
		if info.Kind == game.Marked && !slices.Contains(markKinds, info.Mark) {
			markKinds = append(markKinds, info.Mark)
		}
	})
	for _, c := range chipSquares {
		add("chip", c, "pic_lg_chip_square", map[string]any{"Colour": w.colour(c)})
	}
	var rows []string
	for row := fr.win.Min.Y; row < fr.win.Max.Y; row++ {
		if c := m.RowAttrs[row]["color"]; c != "" && !slices.Contains(rows, c) {
			rows = append(rows, c)
		}
	}
	for _, c := range rows {
		add("row", c, "pic_lg_row", map[string]any{"Colour": w.colour(c)})
	}
	for _, k := range markKinds {
		add("mark", k, "pic_lg_mark", map[string]any{"Mark": k})
	}
	for _, a := range m.Areas {
		if fr.visible(areaNear(m, a)) {
			add("area", a.ID, "pic_lg_area", map[string]any{"Area": w.Place(a.Name)})
		}
	}
	if slices.ContainsFunc(m.Ferries, func(f game.Ferry) bool { return fr.visible(f.Harbour) || fr.visible(f.Landing) }) {
		add("ferry", "", "pic_lg_ferry", nil)
	}
	if _, ok := w.legendText(m, "island", ""); ok && slices.ContainsFunc(m.Islands, func(i game.Island) bool {
		return slices.ContainsFunc(i.Squares, fr.visible)
	}) {
		add("island", "", "", nil)
	}
	if _, ok := w.legendText(m, "city", ""); ok && slices.ContainsFunc(m.Cities, func(c game.LargeCity) bool {
		return slices.ContainsFunc(c.Squares, func(cs game.CitySquare) bool { return fr.visible(cs.Square) })
	}) {
		add("city", "", "", nil)
	}
	if meepleShown(v, fr, func(mp game.Meeple) bool { return mp.Weight > 1 }) || markShown(v, fr, game.MarkMeepleChip) {
		add("piece", string(game.MarkMeepleChip), "pic_lg_upgraded", nil)
	}
	if meepleShown(v, fr, func(mp game.Meeple) bool { return strings.HasPrefix(mp.Spot, "field:") }) {
		own("farmer", "", "pic_lg_farmer", nil)
	}
	if meepleShown(v, fr, func(mp game.Meeple) bool { return mp.Kind == game.PieceBig }) {
		own("big", "", "pic_lg_big", nil)
	}
	for _, k := range []game.PieceKind{game.PieceBuilder, game.PiecePig} {
		if slices.ContainsFunc(v.Pieces, func(mp game.Meeple) bool { return mp.Kind == k && fr.visible(mp.Square) }) {
			own(string(k), "", map[game.PieceKind]string{game.PieceBuilder: "pic_lg_builder", game.PiecePig: "pic_lg_pig"}[k], nil)
		}
	}
	for k, name := range game.GoodNames {
		if slices.ContainsFunc(v.Players, func(p game.Player) bool { return p.Goods[k] > 0 }) {
			own("good", name, "pic_lg_good", map[string]any{"Good": w.good(name)})
		}
	}
	for _, k := range []game.MarkKind{game.MarkTile, game.MarkTileBacks, game.MarkMeeples} {
		if markShown(v, fr, k) {
			add("piece", string(k), map[game.MarkKind]string{game.MarkTile: "pic_lg_tile",
				game.MarkTileBacks: "pic_lg_backs", game.MarkMeeples: "pic_lg_meeples"}[k], nil)
		}
	}
	return items
}

func armsInView(m *game.Map, fr *frame) bool {
	for _, c := range m.Cities {
		if c.Arms > 0 && slices.ContainsFunc(c.Squares, func(cs game.CitySquare) bool { return fr.visible(cs.Square) }) {
			return true
		}
	}
	if slices.ContainsFunc(m.Borders, func(b game.BorderConnection) bool { return b.Arms && fr.visible(b.Square) }) {
		return true
	}
	found := false
	fr.each(func(col, row int) { found = found || fr.info(col, row).Arms > 0 })
	return found
}

// chipsInView reports whether the picture shows face-down and face-up chips (map chips or marks).
func chipsInView(v *game.View, fr *frame) (down, up bool) {
	for _, c := range v.MapChips {
		if fr.visible(c.Square) {
			down, up = down || !c.FaceUp, up || c.FaceUp
		}
	}
	for _, mk := range v.Marks {
		if mk.Kind == game.MarkChip && shown(v, fr, mk) {
			down, up = down || !mk.FaceUp, up || mk.FaceUp
		}
	}
	return down, up
}

// shown reports whether the picture of frame fr shows mark mk.
func shown(v *game.View, fr *frame, mk game.Mark) bool {
	switch placeOf(v.Map, mk) {
	case onSquare:
		return fr.visible(mk.Square)
	case inArea:
		return slices.ContainsFunc(v.Map.Areas, func(a game.Area) bool { return a.ID == mk.Area && fr.visible(areaNear(v.Map, a)) })
	}
	return true
}

// markShown reports whether the picture shows a mark of kind k.
func markShown(v *game.View, fr *frame, k game.MarkKind) bool {
	return slices.ContainsFunc(v.Marks, func(mk game.Mark) bool { return mk.Kind == k && shown(v, fr, mk) })
}

func meepleShown(v *game.View, fr *frame, want func(game.Meeple) bool) bool {
	return slices.ContainsFunc(v.Meeples, func(mp game.Meeple) bool { return want(mp) && fr.visible(mp.Square) })
}

// legendLayout places legend items in cols columns of a box w pixels wide, each with its icon of
// d pixels and its text wrapped in face f.
type legendLayout struct {
	items []legendItem
	lines [][]string
	f     *face
	d     int
	colW  int
	cols  int
	rowH  []int
	h     int
}

func newLegendLayout(items []legendItem, f *face, d, w, cols int) *legendLayout {
	l := &legendLayout{items: items, f: f, d: d, cols: cols, colW: w / cols}
	for _, it := range items {
		l.lines = append(l.lines, wrap(f, it.text, l.colW-d-14))
	}
	for i := 0; i < len(items); i += cols {
		h := d
		for j := i; j < min(i+cols, len(items)); j++ {
			h = max(h, len(l.lines[j])*f.height())
		}
		l.rowH = append(l.rowH, h+6)
		l.h += h + 6
	}
	return l
}

// draw draws the legend with its top-left corner at (x, y).
func (l *legendLayout) draw(c *canvas, x, y int) {
	for i, it := range l.items {
		col, row := i%l.cols, i/l.cols
		if col == 0 && row > 0 {
			y += l.rowH[row-1]
		}
		x0 := x + col*l.colW
		c.blit(legendIcon(it.key, it.value, l.d), x0, y)
		ty := y + max(0, (l.d-len(l.lines[i])*l.f.height())/2) + l.f.ascent
		for _, line := range l.lines[i] {
			c.text(l.f, line, x0+l.d+8, ty, cText)
			ty += l.f.height()
		}
	}
}

// legendIcon is the small picture of a legend item, d pixels square.
func legendIcon(key, value string, d int) *sprite {
	switch key {
	case "marker":
		return markerSprite(1, d, d*2/3)
	case "town":
		return townSprite(value, d)
	case "arms":
		return armsSprite(1, d)
	case "piece":
		switch game.MarkKind(value) {
		case game.MarkChip:
			return chipSprite(game.MapChip{}, d)
		case game.MarkTileBacks:
			return backsSprite(d)
		case game.MarkMeeples:
			return meepleSprite(cTextMuted, "", false, false, d*2/3)
		}
	case "chip-up":
		return chipSprite(game.MapChip{Chip: game.Chip{Color: game.Orange, Value: 2}, FaceUp: true}, d)
	case "farmer":
		return meepleSprite(cTextMuted, "", true, false, d*2/3)
	case "big":
		return figureSprite(pieceBig, cTextMuted, "", false, false, d*2/3, 40, drawBigMeeple)
	case "builder":
		return figureSprite(pieceBuilder, cTextMuted, "", false, false, d*2/3, 40, drawBuilder)
	case "pig":
		return figureSprite(piecePig, cTextMuted, "", false, false, d*2/3, 40, drawPig)
	case "good":
		return goodSprite(slices.Index(game.GoodNames[:], value), d)
	}
	return pieces.get(pieceKey{kind: pieceLegend, text: key + "=" + value, size: d}, func() *sprite {
		return paint(d, d, func(dc *gg.Context) { drawLegendIcon(pen{dc, float64(d), 0, 0}, key, value) })
	})
}

// drawLegendIcon paints the marks that have no sprite of their own in the unit square of p.
func drawLegendIcon(p pen, key, value string) {
	land := func() {
		p.rect(pt{0.05, 0.05}, pt{0.95, 0.95})
		p.fillStroke(cLand, cLandGrid, 0.05)
	}
	switch key {
	case "last":
		p.rect(pt{0.1, 0.1}, pt{0.9, 0.9})
		p.fillStroke(cLand, cBlack, 0.2)
		p.rect(pt{0.1, 0.1}, pt{0.9, 0.9})
		p.stroke(cHighlight, 0.12)
	case "legal":
		p.rect(pt{0.08, 0.08}, pt{0.92, 0.92})
		p.fillStroke(cLegal, cLegal, 0.1)
		p.rect(pt{0.2, 0.2}, pt{0.8, 0.8})
		p.fill(cLand)
	case "start":
		land()
		p.rect(pt{0.1, 0.1}, pt{0.9, 0.9})
		p.stroke(cStart, 0.12)
	case "start-unused":
		land()
		p.dc.SetDash(p.s*0.16, p.s*0.12)
		p.rect(pt{0.16, 0.16}, pt{0.84, 0.84})
		p.stroke(cTextMuted, 0.07)
		p.dc.SetDash()
	case "border":
		p.rect(pt{0, 0}, pt{1, 1})
		p.fill(cSea)
		p.rect(pt{0, 0}, pt{0.45, 1})
		p.fill(cLand)
		if value == "road" {
			p.path([]pt{{0.2, 0.5}, {1, 0.5}}, false)
			p.stroke(cRoadEdge, 2*roadHalf+0.1)
			p.path([]pt{{0.2, 0.5}, {1, 0.5}}, false)
			p.stroke(cRoad, 2*roadHalf+0.04)
		} else {
			shape := append([]pt{{0.45, 0.2}}, quad(pt{0.45, 0.2}, pt{1.1, 0.5}, pt{0.45, 0.8}, 12)...)
			p.path(shape, true)
			p.fillStroke(cCity, cWall, 0.06)
			if value == "city+arms" {
				drawShield(p, pt{0.62, 0.5}, 0.16)
			}
		}
	case "chip":
		land()
		c, _ := chipColor(value)
		p.path([]pt{{0.95, 0.5}, {0.95, 0.95}, {0.5, 0.95}}, true)
		p.fillStroke(c, cBlack, 0.04)
	case "row":
		c, _ := chipColor(value)
		p.rect(pt{0.3, 0.02}, pt{0.7, 0.98})
		p.fillStroke(c, cBlack, 0.04)
	case "mark":
		drawMark(p, &game.SquareInfo{Kind: game.Marked, Mark: value})
	case "area":
		p.dc.DrawRoundedRectangle(p.s*0.05, p.s*0.2, p.s*0.9, p.s*0.6, p.s*0.12)
		p.fillStroke(cPaper, cOutline, 0.06)
	case "ferry":
		p.rect(pt{0, 0}, pt{1, 1})
		p.fill(cSea)
		p.dc.SetDash(p.s*0.12, p.s*0.08)
		p.path([]pt{{0.15, 0.85}, {0.85, 0.15}}, false)
		p.stroke(cOutline, 0.06)
		p.dc.SetDash()
	case "piece":
		switch game.MarkKind(value) {
		case game.MarkTile:
			p.rect(pt{0.2, 0.2}, pt{0.98, 0.98})
			p.fillStroke(cChipBack, cBlack, 0.05)
			p.rect(pt{0.02, 0.02}, pt{0.8, 0.8})
			p.fillStroke(cField, cBlack, 0.05)
			p.path([]pt{{0.02, 0.41}, {0.8, 0.41}}, false)
			p.stroke(cRoad, 0.1)
		case game.MarkMeepleChip:
			p.circle(centre, 0.42)
			p.stroke(cBlack, 0.14)
			p.circle(centre, 0.42)
			p.stroke(cGold, 0.09)
			drawStar(p, centre, 0.3)
		default:
			p.rect(pt{0.1, 0.3}, pt{0.9, 0.7})
			p.fillStroke(cWhite, cBlack, 0.05)
		}
	case "island":
		p.rect(pt{0, 0}, pt{1, 1})
		p.fill(cSea)
		p.rect(pt{0.25, 0.25}, pt{0.75, 0.75})
		p.fillStroke(cLand, cOutline, 0.06)
	case "city":
		p.rect(pt{0.05, 0.05}, pt{0.95, 0.95})
		p.fillStroke(cCity, cWall, 0.08)
	}
}
