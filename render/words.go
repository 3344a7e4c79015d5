package render

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// Words are the words of a picture in its reader's language: the messages of the bot's
// catalogues (render's own are the pic_ ones, in render/catalog), which the caller
// gives so that render needs nothing beyond the game. The bot passes the printer of the language
// the reply is written in (commands.PictureWords).
type Words interface {
	// Code is the language's code; pictures cached with words in them are kept per language.
	Code() string
	// T is message id with its named values; N the plural message id for count n ({{.Count}}).
	T(id string, a map[string]any) string
	N(id string, n int, a map[string]any) string
	// Has reports whether the catalogues have message id (a map's legend line may have none).
	Has(id string) bool
	// Place is a place's common name in the language, the map's own name where it has none.
	Place(name string) string
}

// noWords writes each message as its id and values: what a picture shows when its caller gave no
// words (a tool that measures the drawing, not a picture a player reads).
type noWords struct{}

func (noWords) Code() string { return "" }

func (noWords) T(id string, a map[string]any) string {
	if len(a) == 0 {
		return id
	}
	var vals []string
	for _, k := range slices.Sorted(maps.Keys(a)) {
		vals = append(vals, fmt.Sprint(a[k]))
	}
	return id + " " + strings.Join(vals, " ")
}

func (w noWords) N(id string, n int, a map[string]any) string {
	b := maps.Clone(a)
	if b == nil {
		b = map[string]any{}
	}
	b["Count"] = n
	return w.T(id, b)
}

func (noWords) Has(string) bool { return false }

func (noWords) Place(name string) string { return name }

// words are a picture's Words with the phrases render builds from them.
type words struct{ Words }

// noneGiven are the words of a picture whose caller gave none: message ids (the tests of this
// package set English).
var noneGiven Words = noWords{}

func wordsOf(w Words) words {
	if w == nil {
		return words{noneGiven}
	}
	return words{w}
}

// mapTitle is the map's name in the language (map_ID), its own title where the catalogues have
// none.
func (w words) mapTitle(m *game.Map) string {
	if id := "map_" + m.ID; w.Has(id) {
		return w.T(id, nil)
	}
	return m.Title
}

// legendText is what the map says a mark means (its legend line), in the language: the message
// legend_MAP_KEY[_VALUE] of the catalogues, the map file's own words where they have none.
func (w words) legendText(m *game.Map, key, value string) (string, bool) {
	text, ok := m.LegendText(key, value)
	if !ok {
		return "", false
	}
	if id := legendID(m.ID, key, value); w.Has(id) {
		return w.T(id, nil), true
	}
	return text, true
}

// legendID is the message id of a map's legend line: legend_MAP_KEY[_VALUE], each part in
// lower-case letters and digits with _ between words.
func legendID(mapID, key, value string) string {
	id := "legend_" + idPart(mapID) + "_" + idPart(key)
	if value != "" {
		id += "_" + idPart(value)
	}
	return id
}

func idPart(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return '_'
	}, s)
}

// colour is a chip colour's name (colour_NAME), the map's word for it where the catalogues have
// none.
func (w words) colour(c string) string {
	if id := "colour_" + idPart(c); w.Has(id) {
		return w.T(id, nil)
	}
	return c
}

// scoreKind names a kind of score entry, as the breakdown's column heading: the engine's as the
// replies name them (src_...), a variant's by its own message.
func (w words) scoreKind(kind string) string {
	id := map[string]string{"road": "src_roads", "city": "src_cities", "cloister": "src_cloisters", "farm": "src_fields", "chip": "src_chips"}[kind]
	if id == "" {
		id = "pic_kind_" + idPart(kind)
	}
	if w.Has(id) {
		return w.T(id, nil)
	}
	return kind
}

// good is a trade good's name (good_NAME).
func (w words) good(name string) string {
	if id := "good_" + idPart(name); w.Has(id) {
		return w.T(id, nil)
	}
	return name
}

// tileSet is a tile set's name (tileset_ID), the tile file's where the catalogues have none.
func (w words) tileSet(s game.SetInfo) string {
	if id := "tileset_" + idPart(s.ID); w.Has(id) {
		return w.T(id, nil)
	}
	return s.Name
}

// list joins items as the language writes a list: "a, b and c".
func (w words) list(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], w.T("list_sep", nil)) + w.T("list_and", nil) + items[len(items)-1]
}

// withLabels is v with the labels of its marks in the language: a variant labels its pieces by
// the places they stand for ("Texel:"), which go by their common names, or by a message.
func withLabels(v *game.View, w words) *game.View {
	if !slices.ContainsFunc(v.Marks, func(mk game.Mark) bool { return mk.Kind == game.MarkLabel }) {
		return v
	}
	c := *v
	c.Marks = slices.Clone(v.Marks)
	for i, mk := range c.Marks {
		if mk.Kind == game.MarkLabel && !mk.Words.IsZero() {
			c.Marks[i].Text = w.message(mk.Words)
			continue
		}
		if mk.Kind == game.MarkLabel {
			name, colon := strings.CutSuffix(mk.Text, ":")
			if name = w.Place(name); colon {
				name += ":"
			}
			c.Marks[i].Text = name
		}
	}
	return &c
}

// message writes the engine's or a map's words in the language: each value by its kind (a
// place by its common name, a count in the language's digits, a colour or a feature by its
// word), each part in its turn.
func (w words) message(m game.Words) string {
	a := make(map[string]any, len(m.Args))
	count, plural := 0, false
	for k, v := range m.Args {
		a[k] = v
		switch v := v.(type) {
		case msg.Message:
			a[k] = w.message(v)
		case msg.Value:
			a[k] = v.Text
			switch {
			case v.Kind == msg.KindPlace:
				a[k] = w.Place(v.Text)
			case v.Kind == msg.KindCount:
				a[k] = v.Count
				if k == "Count" {
					count, plural = v.Count, true
				}
			case v.Kind == msg.KindColour && w.Has("engine_colour_"+v.Text):
				a[k] = w.T("engine_colour_"+v.Text, nil)
			case v.Kind == msg.KindFeature && w.Has("engine_feature_"+v.Text):
				a[k] = w.T("engine_feature_"+v.Text, nil)
			}
		}
	}
	if plural {
		return w.N(m.ID, count, a)
	}
	return w.T(m.ID, a)
}
