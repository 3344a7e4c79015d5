package render

import (
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

func legendTexts(items []legendItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.text)
	}
	return out
}

// TestLegendOfFrance checks the legend of the whole France board: the frames and pieces it shows,
// and the meaning of France's own marks from the legend lines of its map file.
func TestLegendOfFrance(t *testing.T) {
	m := franceMap(t)
	chips := []game.MapChip{{Square: game.At(1, 3), Chip: game.Chip{Color: game.Orange, Value: 1}}}
	g := newGame(t, m, three, chips)
	playUntil(t, g, 12)
	v := g.View(false)
	o := Options{Markers: true}
	fr, _ := pickFrame(v, o)
	got := legendTexts(legendItems(v, o, fr))
	want := []string{"the last tile placed", "free meeple spot, numbered as the buttons", "start square"}
	for _, e := range []struct{ key, value string }{{"town", "orange"}, {"town", "purple"}, {"town", "blue"}, {"town", ""},
		{"border", "road"}, {"border", "city+arms"}, {"border", "city"}, {"piece", "chip"}} {
		text, ok := m.LegendText(e.key, e.value)
		if !ok {
			t.Fatalf("france.map has no legend line for %s=%s", e.key, e.value)
		}
		want = append(want, text)
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("the legend lacks %q; it has %q", w, got)
		}
	}
	if slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "fits") }) {
		t.Errorf("the legend explains legal squares the picture does not show: %q", got)
	}
}

// TestLegendFollowsThePicture checks that the legend of a window explains the towns of exactly
// the colours it shows, and the markers and legal squares only when they are drawn.
func TestLegendFollowsThePicture(t *testing.T) {
	v, legal := placing(t, franceMap(t), three, 30)
	for _, o := range []Options{{Kind: Turn}, {Kind: Turn, Legal: legal}, {Kind: Zoom, Center: game.At(0, 4), Radius: 1},
		{Kind: Zoom, Center: game.At(11, 11), Radius: 1}} {
		fr := turnFrame(v, o, wordsOf(nil))
		if o.Kind == Zoom {
			fr, _ = pickFrame(v, o)
		}
		items := legendItems(v, o, fr)
		var shown []string
		for _, town := range v.Map.Towns {
			if fr.visible(town.Square) && !slices.Contains(shown, town.Color) {
				shown = append(shown, town.Color)
			}
		}
		var told []string
		for _, it := range items {
			if it.key == "town" {
				told = append(told, it.value)
			}
		}
		if !slices.Equal(shown, told) {
			t.Errorf("%v: towns of colours %q show, the legend explains %q", fr.win, shown, told)
		}
		hasLegal := slices.ContainsFunc(items, func(it legendItem) bool { return it.key == "legal" })
		if hasLegal != (len(o.Legal) > 0 && slices.ContainsFunc(o.Legal, func(p game.Placement) bool { return fr.visible(p.Square) })) {
			t.Errorf("%v: legal squares explained %v with %d legal squares", fr.win, hasLegal, len(o.Legal))
		}
		if slices.ContainsFunc(items, func(it legendItem) bool { return it.key == "marker" }) {
			t.Errorf("%v: markers explained though none are drawn", fr.win)
		}
	}
}

// TestLegendOfMarks checks that the legend explains the variant's pieces the picture shows, with
// the map's own words when its file has them, and leaves out a piece outside the picture.
func TestLegendOfMarks(t *testing.T) {
	g := newGame(t, testmaps.SyntheticMap(), three, nil)
	playUntil(t, g, 20)
	v := g.View(false)
	v.Marks = sampleMarks(v)
	o := Options{}
	fr, _ := pickFrame(v, o)
	got := legendTexts(legendItems(v, o, fr))
	for _, w := range []string{"face-up tile, +N tiles under it", "face-down tiles, and how many",
		"meeples off the board, and how many", "upgraded meeple: star, ring and chip", "Isle of Man", "chip, face up, with its value"} {
		if !slices.Contains(got, w) {
			t.Errorf("the legend lacks %q; it has %q", w, got)
		}
	}
	m, err := game.ParseMap("m.map", strings.NewReader("map t\ngrid\n####\n#~##\nend\nstart A1 S\nmark B2 stack\n"+
		"legend piece=tile \"island tile: take it with a chip of its colour\"\nlegend mark=stack \"island stack\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	v = &game.View{Map: m, Last: game.NoSquare, Marks: []game.Mark{{Kind: game.MarkTile, Square: game.At(1, 1), Player: -1, Tile: 3, Count: 2}}}
	fr, _ = pickFrame(v, o)
	got = legendTexts(legendItems(v, o, fr))
	for _, w := range []string{"island tile: take it with a chip of its colour", "island stack"} {
		if !slices.Contains(got, w) {
			t.Errorf("the legend lacks the map's %q; it has %q", w, got)
		}
	}
	fr.win.Min.X, fr.win.Max.X = 20, 24
	if got := legendTexts(legendItems(v, o, fr)); slices.Contains(got, "island tile: take it with a chip of its colour") {
		t.Errorf("the legend explains a tile outside the picture: %q", got)
	}
}
