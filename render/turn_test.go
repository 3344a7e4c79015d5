package render

import (
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// phoneText is the size in pixels of the smallest text of picture o of view v once the picture is
// scaled to the 550 pixels Discord gives an image on a phone: the smallest font size the canvas
// saw drawn (sprites' own text included), times the scale.
func phoneText(t *testing.T, v *game.View, o Options) float64 {
	t.Helper()
	c, err := compose(v, o)
	if err != nil {
		t.Fatal(err)
	}
	if *c.smallest == 0 {
		t.Fatalf("%+v: no text was drawn", o.Kind)
	}
	return float64(*c.smallest) * 550 / float64(c.Rect.Dx())
}

// placing is a game at turn n or later, in the placing step, with the legal squares of its tile.
func placing(t testing.TB, m *game.Map, players []string, n int) (*game.View, []game.Placement) {
	t.Helper()
	g := newGame(t, m, players, nil)
	playUntil(t, g, n)
	if err := g.Play(game.Move{Kind: game.MoveMeeple, Player: g.Current, Spot: "none"}); err != nil {
		t.Fatal(err)
	}
	return g.View(false), g.LegalPlacements(g.Drawn)
}

// TestTurnPictureReadableOnAPhone renders turn pictures, scales them to 550 pixels wide as a phone
// shows them, and checks that their smallest text is at least 9 pixels high: a France board with
// its legal squares and players' chips, a meeple step with its markers, and the synthetic map
// with six players and every kind of mark. The whole map, for contrast, is not readable there.
func TestTurnPictureReadableOnAPhone(t *testing.T) {
	fv, legal := placing(t, franceMap(t), []string{"ann", "bob", "cy"}, 40)
	fv.Players[0].Chips = []game.Chip{{Color: game.Orange, Value: 1}, {Color: game.Purple, Value: 2}}
	g := newGame(t, franceMap(t), three, nil)
	playUntil(t, g, 30)
	mv := g.View(false)
	s := newGame(t, testmaps.SyntheticMap(), []string{"ann", "bob", "cy", "abe", "Bo", "zed"}, hiddenChips(game.Blue, 1))
	playUntil(t, s, 20)
	sv := s.View(false)
	sv.Marks = sampleMarks(sv)
	for name, c := range map[string]struct {
		v *game.View
		o Options
	}{
		"france legal": {fv, Options{Kind: Turn, Legal: legal}},
		"meeple step":  {mv, Options{Kind: Turn, Markers: true}},
		"every mark":   {sv, Options{Kind: Turn, Markers: true}},
		"every mark, upgrade in view": {sv, Options{Kind: Turn,
			Preview: &PreviewMove{Tile: 0, At: game.Placement{Square: sv.Meeples[0].Square}}}},
	} {
		if px := phoneText(t, c.v, c.o); px < 9 {
			t.Errorf("%s: the smallest text is %.1f pixels high at 550 pixels wide", name, px)
		}
	}
	if px := phoneText(t, fv, Options{Legal: legal}); px >= 9 {
		t.Errorf("the whole map's smallest text is %.1f pixels at 550 wide: the measure cannot tell", px)
	}
}

// TestTurnWindow checks that the turn picture's window holds the last tile and as many legal
// squares as a window can, and that the panel names the legal squares left outside.
func TestTurnWindow(t *testing.T) {
	v, legal := placing(t, franceMap(t), three, 40)
	o := Options{Kind: Turn, Legal: legal}
	fr := turnFrame(v, o, wordsOf(nil))
	in := func(win image.Rectangle, q game.Square) bool { return image.Pt(q.Col(), q.Row()).In(win) }
	if !in(fr.win, v.Last) {
		t.Fatalf("the last tile %s lies outside the window %v", v.Last, fr.win)
	}
	count := func(win image.Rectangle) int {
		n := 0
		for _, p := range legal {
			if in(win, p.Square) {
				n++
			}
		}
		return n
	}
	best := 0
	for y := range v.Map.Rows - phoneRows + 1 {
		for x := range v.Map.Cols - phoneCols + 1 {
			if win := image.Rect(x, y, x+phoneCols, y+phoneRows); in(win, v.Last) {
				best = max(best, count(win))
			}
		}
	}
	if fr.win.Dx() != phoneCols || fr.win.Dy() != phoneRows || count(fr.win) != best {
		t.Errorf("window %v holds %d legal squares; a window around the last tile can hold %d", fr.win, count(fr.win), best)
	}
	pn := newPhonePanel(v, o, fr, playerLetters(v.Players))
	for _, p := range legal {
		if named := strings.Contains(pn.elsewhere, p.Square.String()); named == in(fr.win, p.Square) {
			t.Errorf("legal square %s: inside the window %v, named outside it %v", p.Square, in(fr.win, p.Square), named)
		}
	}
	if w := fr.size().X; w > phoneWidth || w < phoneWidth*9/10 {
		t.Errorf("the board is %d pixels wide, want about %d", w, phoneWidth)
	}
}

// TestTurnWindowWithoutLastTile centres the window on the legal squares when no tile was placed
// yet, and on the played area when there are none.
func TestTurnWindowWithoutLastTile(t *testing.T) {
	g := newGame(t, franceMap(t), three, nil)
	v := g.View(false)
	if v.Last != game.NoSquare {
		t.Fatal("a new game has a last tile")
	}
	legal := g.LegalPlacements(g.Drawn)
	win := turnWindow(v, Options{Legal: legal})
	if !slices.ContainsFunc(legal, func(p game.Placement) bool { return image.Pt(p.Square.Col(), p.Square.Row()).In(win) }) {
		t.Errorf("window %v holds none of the legal squares", win)
	}
	start := v.Board[0].Square
	if win := turnWindow(v, Options{}); !image.Pt(start.Col(), start.Row()).In(win) && !image.Pt(v.Board[1].Square.Col(), v.Board[1].Square.Row()).In(win) {
		t.Errorf("window %v shows neither start tile", win)
	}
}

// TestWindowsShareTheMapLayer checks that turn pictures of different windows copy their map
// layer from one cached drawing of the whole map, so a window that moves with the game is not
// drawn again.
func TestWindowsShareTheMapLayer(t *testing.T) {
	statics = newStatics()
	m := franceMap(t)
	v := &game.View{Map: m, Last: game.NoSquare}
	wins := map[image.Rectangle]bool{}
	for _, q := range []game.Square{game.At(0, 0), game.At(13, 12), game.At(6, 6)} {
		o := Options{Kind: Turn, Preview: &PreviewMove{Tile: 0, At: game.Placement{Square: q}}}
		wins[turnFrame(v, o, wordsOf(nil)).win] = true
		if _, err := compose(v, o); err != nil {
			t.Fatal(err)
		}
	}
	if len(wins) != 3 || statics.order.Len() != 1 {
		t.Errorf("%d windows drew %d map layers, want one", len(wins), statics.order.Len())
	}
}
