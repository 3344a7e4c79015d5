package render

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
)

// labelPictures are pictures of a game on map e that show every label: the whole map at the start
// (chips not yet collected, island stacks full), in the middle and at the end, and turn pictures
// and zooms around the last tile.
func labelPictures(t *testing.T, e variants.Entry) map[string]*canvas {
	t.Helper()
	g, err := game.NewGame(e.Map, e.Variant, game.Setup{Players: []string{"Ann", "Bob", "AI normal", "AI hard"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*canvas{}
	draw := func(name string, v *game.View, o Options) {
		c, err := compose(v, o)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = c
	}
	draw("start full", g.View(false), Options{})
	draw("start turn", g.View(false), Options{Kind: Turn, Legal: g.LegalPlacements(g.Drawn)})
	playUntil(t, g, 30)
	v := g.View(false)
	draw("mid full", v, Options{Markers: true})
	draw("mid turn", v, Options{Kind: Turn, Markers: true})
	draw("mid zoom", v, Options{Kind: Zoom, Center: game.NoSquare, Radius: 3})
	playUntil(t, g, -1)
	draw("end", g.View(false), Options{Kind: End})
	return out
}

// TestNoLabelIsHidden draws every map of the registry (the test maps too) at the start, in the
// middle and at the end of a game, whole and in turn pictures and zooms, and checks the labels of
// the map (square, city, island, area and border names, coordinates): none overlaps a chip, a
// badge, a variant's piece or another label; on the pictures of the whole map each lies wholly
// inside the picture; and a town's name is never shortened.
func TestNoLabelIsHidden(t *testing.T) {
	for _, e := range variants.All(true) {
		t.Run(e.ID, func(t *testing.T) {
			for name, c := range labelPictures(t, e) {
				var labels, others []box
				for _, b := range *c.boxes {
					if b.kind == boxLabel {
						labels = append(labels, b)
					} else {
						others = append(others, b)
					}
				}
				if len(labels) == 0 {
					t.Fatalf("%s: no label noted", name)
				}
				kinds := map[boxKind]string{boxChip: "chip", boxBadge: "badge", boxPiece: "piece"}
				for i, l := range labels {
					for _, o := range others {
						if l.r.Overlaps(o.r) {
							t.Errorf("%s: label %q %v lies under a %s %v", name, l.text, l.r, kinds[o.kind], o.r)
						}
					}
					for _, m := range labels[i+1:] {
						if l.r.Overlaps(m.r) {
							t.Errorf("%s: labels %q %v and %q %v overlap", name, l.text, l.r, m.text, m.r)
						}
					}
					if (strings.HasSuffix(name, "full") || name == "end") && !l.r.In(c.Rect) {
						t.Errorf("%s: label %q %v is cut by the picture's edge %v", name, l.text, l.r, c.Rect)
					}
					if short, ok := strings.CutSuffix(l.text, "…"); ok {
						shortened(t, name, e.Map, short)
					}
				}
			}
		})
	}
}

// shortened checks a label shortened to prefix: it is a square's name that found no room in its
// square, on one line or two, nor beside it, and never a town's: no chip shares a town's square, so
// its name always has room on two lines.
func shortened(t *testing.T, picture string, m *game.Map, prefix string) {
	t.Helper()
	found := false
	m.Squares(func(q game.Square, info *game.SquareInfo) {
		if info.Name == "" || !strings.HasPrefix(info.Name, prefix) {
			return
		}
		found = true
		if info.Town >= 0 {
			t.Errorf("%s: the town %s is shortened to %q", picture, info.Name, prefix+"…")
		}
	})
	if !found {
		t.Errorf("%s: %q is shortened but is no square's name", picture, prefix+"…")
	}
}

// TestBreakdownWritesNamesInFull: the end's table of points by kind of score gives the names the
// room they need (it was cut at 62 pixels: "AI no…"), up to a column of maxNameW pixels; only a
// longer name is shortened.
func TestBreakdownWritesNamesInFull(t *testing.T) {
	g := newGame(t, franceMap(t), []string{"AI normal", "AI hard", "Ann", "Bartholomew-Jones", "Zoë", "An extraordinarily long display name"}, nil)
	playUntil(t, g, -1)
	v := withShownNames(g.View(false), wordsOf(nil))
	fr, err := pickFrame(v, Options{Kind: End})
	if err != nil {
		t.Fatal(err)
	}
	pn := newPanel(v, Options{Kind: End}, fr, playerLetters(v.Players))
	cell := fontFace(false, 17)
	for _, p := range v.Players {
		shown := cell.fit(p.Name, pn.nameW-4)
		if fits := cell.width(p.Name)+6 <= maxNameW; fits != (shown == p.Name) {
			t.Errorf("%q is written %q in a column of %d pixels", p.Name, shown, pn.nameW)
		}
	}
	if _, err := compose(v, Options{Kind: End}); err != nil {
		t.Fatal(err)
	}
}
