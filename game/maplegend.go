package game

import (
	"maps"
	"slices"
	"strings"
	"unicode/utf8"
)

// LegendEntry says what one kind of a map's marks means, for the legend of the board picture.
// Key names the mark and Value narrows it, as the directive that prints it does: a town colour, a
// border kind, a chip or row colour, a mark kind, an area id, or a piece kind of the variant.
type LegendEntry struct {
	Key, Value, Text string
}

// legendKeys lists the marks a legend line can explain, with the value each needs: "" none,
// "colour?" an optional colour.
var legendKeys = map[string]string{
	"start":  "",
	"city":   "",
	"island": "",
	"ferry":  "",
	"arms":   "",
	"town":   "colour?",
	"border": "road, city or city+arms",
	"chip":   "the colour of chip=COLOUR squares",
	"row":    "the colour of color=COLOUR rows",
	"mark":   "the kind of a mark line",
	"area":   "the id of an area line",
	"piece":  "a kind of the variant's pieces",
}

// pieceKinds are the variant's pieces a legend line may explain (a chip also stands for the
// engine's own map chips, drawn alike).
var pieceKinds = []MarkKind{MarkTile, MarkTileBacks, MarkChip, MarkMeeples, MarkMeepleChip, MarkLabel}

// maxLegendText keeps a legend line short enough for one line of the picture's legend.
const maxLegendText = 60

// LegendText is what the map file says the mark key=value means, if it says so.
func (m *Map) LegendText(key, value string) (string, bool) {
	for _, e := range m.Legend {
		if e.Key == key && e.Value == value {
			return e.Text, true
		}
	}
	return "", false
}

// legend reads "legend KEY[=VALUE] TEXT".
func (p *mapParser) legend(l mapLine) error {
	usage := "legend KEY[=VALUE] \"TEXT\" (KEY: " + strings.Join(slices.Sorted(maps.Keys(legendKeys)), ", ") + ")"
	if len(l.args) != 3 {
		return p.errf(l.n, "legend: usage: %s", usage)
	}
	key, value, _ := strings.Cut(l.args[1], "=")
	need, ok := legendKeys[key]
	switch {
	case !ok:
		return p.errf(l.n, "legend %q: unknown mark; usage: %s", key, usage)
	case need == "" && value != "":
		return p.errf(l.n, "legend %s takes no value", key)
	case need != "" && need != "colour?" && value == "":
		return p.errf(l.n, "legend %s needs =VALUE: %s", key, need)
	}
	text := strings.TrimSpace(l.args[2])
	if text == "" || utf8.RuneCountInString(text) > maxLegendText {
		return p.errf(l.n, "legend %s: the text must have 1 to %d characters", l.args[1], maxLegendText)
	}
	for i, e := range p.m.Legend {
		if e.Key == key && e.Value == value {
			return p.errf(l.n, "legend %s is already given at line %d", l.args[1], p.legendLine[i])
		}
	}
	p.m.Legend = append(p.m.Legend, LegendEntry{Key: key, Value: value, Text: text})
	p.legendLine = append(p.legendLine, l.n)
	return nil
}

// checkLegend makes sure every legend line explains a mark the map has, once all is read (start
// squares become towns only then).
func (p *mapParser) checkLegend() error {
	for i, e := range p.m.Legend {
		if !p.m.hasMark(e.Key, e.Value) {
			what := e.Key
			if e.Value != "" {
				what += "=" + e.Value
			}
			return p.errf(p.legendLine[i], "legend %s: the map has no such mark", what)
		}
	}
	return nil
}

// hasMark reports whether the map prints the mark key=value (pieces are the variant's, so any
// known kind may be explained).
func (m *Map) hasMark(key, value string) bool {
	found := false
	m.Squares(func(_ Square, info *SquareInfo) {
		switch key {
		case "arms":
			found = found || info.Arms > 0
		case "chip":
			found = found || info.Kind == Playable && info.Attrs["chip"] == value
		case "mark":
			found = found || info.Kind == Marked && info.Mark == value
		}
	})
	switch key {
	case "start":
		return len(m.Starts) > 0
	case "city":
		return len(m.Cities) > 0
	case "island":
		return len(m.Islands) > 0
	case "ferry":
		return len(m.Ferries) > 0
	case "arms":
		return found || slices.ContainsFunc(m.Cities, func(c LargeCity) bool { return c.Arms > 0 }) ||
			slices.ContainsFunc(m.Borders, func(b BorderConnection) bool { return b.Arms })
	case "town":
		return slices.ContainsFunc(m.Towns, func(t Town) bool { return t.Color == value })
	case "border":
		return slices.ContainsFunc(m.Borders, func(b BorderConnection) bool { return BorderWord(b) == value })
	case "row":
		for _, attrs := range m.RowAttrs {
			if attrs["color"] == value {
				return true
			}
		}
		return false
	case "area":
		return slices.ContainsFunc(m.Areas, func(a Area) bool { return a.ID == value })
	case "piece":
		return slices.Contains(pieceKinds, MarkKind(value))
	}
	return found
}

// BorderWord is the word of the map file for a border connection's kind: road, city or
// city+arms.
func BorderWord(b BorderConnection) string {
	switch {
	case b.Kind == BorderRoad:
		return "road"
	case b.Arms:
		return "city+arms"
	}
	return "city"
}
