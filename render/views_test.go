package render

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/france"
)

var three = []string{"ann", "bob", "cy"}

// hiddenChips lays chips of one colour and value on four squares of the synthetic map.
func hiddenChips(color string, value int) []game.MapChip {
	var out []game.MapChip
	for _, q := range []game.Square{game.At(3, 3), game.At(12, 7), game.At(6, 8), game.At(10, 2)} {
		out = append(out, game.MapChip{Square: q, Chip: game.Chip{Color: color, Value: value}})
	}
	return out
}

// TestHiddenChipsNotDrawn renders the same game with face-down chips of different values and
// colours: the redacted pictures must be identical, while the full views differ.
func TestHiddenChipsNotDrawn(t *testing.T) {
	var redacted, full [][]byte
	for _, chips := range [][]game.MapChip{hiddenChips(game.Purple, 2), hiddenChips(game.Orange, 1)} {
		g := newGame(t, testmaps.SyntheticMap(), three, chips)
		playUntil(t, g, 30)
		v := g.View(false)
		if len(v.MapChips) == 0 {
			t.Fatal("no chip left on the map to check")
		}
		for _, o := range []Options{{}, {Kind: Zoom, Center: v.MapChips[0].Square}} {
			_, b := encoded(t, v, o)
			redacted = append(redacted, b)
			_, b = encoded(t, g.View(true), o)
			full = append(full, b)
		}
	}
	for i := range 2 {
		if !bytes.Equal(redacted[i], redacted[i+2]) {
			t.Errorf("view %d: the pictures of the redacted views differ, so hidden chips show", i)
		}
		if bytes.Equal(full[i], full[i+2]) {
			t.Errorf("view %d: the full views draw no difference between the chips", i)
		}
	}
}

// TestFaceUpChips checks that a face-up chip shows its colour, and a face-down one in a redacted
// view shows none.
func TestFaceUpChips(t *testing.T) {
	g := newGame(t, testmaps.SyntheticMap(), three, nil)
	v := g.View(false)
	q := game.At(13, 4)
	v.MapChips = []game.MapChip{{Square: q, Chip: game.Chip{Color: game.Orange, Value: 2}, FaceUp: true}}
	img, _ := encoded(t, v, Options{Kind: Zoom, Center: q})
	fr, _ := pickFrame(v, Options{Kind: Zoom, Center: q})
	if !contains(img, fr.rect(q), cChipOrange) {
		t.Error("the face-up orange chip shows no orange")
	}
	v.MapChips[0] = game.MapChip{Square: q}
	img, _ = encoded(t, v, Options{Kind: Zoom, Center: q})
	if contains(img, fr.rect(q), cChipOrange) || !contains(img, fr.rect(q), cChipBack) {
		t.Error("a face-down chip is not drawn as a plain back")
	}
}

func contains(img *image.Paletted, r image.Rectangle, c uint8) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.ColorIndexAt(x, y) == c {
				return true
			}
		}
	}
	return false
}

// TestViewsBounded renders every kind of picture on every map, at the start, mid-game and at the
// end, and checks the limits of size and bytes.
func TestViewsBounded(t *testing.T) {
	six := []string{"ann", "bob", "cy", "dora", "eve", "fritz"}
	maps := map[string]*game.Map{"france": franceMap(t), "synthetic": testmaps.SyntheticMap(), "classic": game.ClassicMap()}
	for name, m := range maps {
		for _, turn := range []int{1, 25, -1} {
			g := newGame(t, m, six, nil)
			playUntil(t, g, turn)
			v := g.View(false)
			opts := []Options{{}, {Kind: End}, {Kind: Turn}}
			if turn == 25 {
				legal := g.LegalPlacements(g.Drawn)
				opts = append(opts, Options{Kind: Crop, Legal: legal, Markers: true}, Options{Kind: Zoom, Center: game.At(0, 0)},
					Options{Kind: Turn, Legal: legal, Markers: true},
					Options{Kind: Zoom, Center: game.NoSquare, Radius: maxRadius},
					Options{Kind: Preview, Preview: &PreviewMove{Tile: g.Drawn, At: legal[0]}})
			}
			for _, o := range opts {
				img, _ := encoded(t, v, o)
				if name == "classic" && o.Kind == Full && turn == 1 && img.Rect.Dx() > 1200 {
					t.Errorf("classic at the start is %v wide: not cropped to the played area", img.Rect.Dx())
				}
			}
		}
	}
}

// TestClassicFullCrops checks that the whole-map view of the 229 x 229 open table shows the
// played area only.
func TestClassicFullCrops(t *testing.T) {
	g := newGame(t, game.ClassicMap(), three, nil)
	playUntil(t, g, -1)
	v := g.View(false)
	fr, err := pickFrame(v, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, t0 := range v.Board {
		if !image.Pt(t0.Square.Col(), t0.Square.Row()).In(fr.win) {
			t.Errorf("tile on %s lies outside the window %v", t0.Square, fr.win)
		}
	}
	if fr.win.Dx() > 60 || fr.win.Dy() > 60 {
		t.Errorf("window %v is not cropped", fr.win)
	}
}

// TestMarkers checks that the numbered markers are drawn on the tile just placed and nowhere else.
func TestMarkers(t *testing.T) {
	g := newGame(t, franceMap(t), three, nil)
	playUntil(t, g, 12)
	v := g.View(false)
	if len(v.Spots) == 0 || v.Last == game.NoSquare {
		t.Fatal("no spots to mark")
	}
	with, _ := encoded(t, v, Options{Markers: true})
	without, _ := encoded(t, v, Options{})
	fr, _ := pickFrame(v, Options{})
	near := fr.rect(v.Last).Inset(-fr.s / 3)
	changed := false
	// The panel beside the board gains the markers' legend line; the board must change only on
	// the tile.
	for y := range with.Rect.Dy() {
		for x := range fr.size().X {
			if with.Pix[y*with.Stride+x] == without.Pix[y*without.Stride+x] {
				continue
			}
			changed = true
			if !image.Pt(x, y).In(near) {
				t.Fatalf("a marker pixel at %d,%d lies outside the tile just placed (%v)", x, y, near)
			}
		}
	}
	if !changed {
		t.Error("the markers drew nothing")
	}
}

// TestPreviewDrawsTile checks that a preview draws the proposed tile on its square.
func TestPreviewDrawsTile(t *testing.T) {
	g := newGame(t, franceMap(t), three, nil)
	v := g.View(false)
	p := g.LegalPlacements(g.Drawn)[0]
	o := Options{Kind: Preview, Preview: &PreviewMove{Tile: g.Drawn, At: p}}
	with, _ := encoded(t, v, o)
	without, _ := encoded(t, v, Options{Kind: Zoom, Center: p.Square})
	fr, _ := pickFrame(v, o)
	r := fr.rect(p.Square)
	changed := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if with.ColorIndexAt(x, y) != without.ColorIndexAt(x, y) {
				changed++
			}
		}
	}
	if changed < r.Dx()*r.Dy()/2 {
		t.Errorf("the preview changes %d of the %d pixels of its square", changed, r.Dx()*r.Dy())
	}
}

func TestErrors(t *testing.T) {
	g := newGame(t, testmaps.SyntheticMap(), three, nil)
	v := g.View(false)
	bad := []Options{
		{Kind: Preview},
		{Kind: Zoom, Center: game.At(200, 3)},
		{Preview: &PreviewMove{Tile: 250, At: game.Placement{Square: game.At(1, 1)}}},
		{Preview: &PreviewMove{Tile: 1, At: game.Placement{Square: game.At(1, 300)}}},
	}
	for _, o := range bad {
		if _, err := Draw(v, o); err == nil {
			t.Errorf("Draw(%+v) gave no error", o)
		}
	}
	if _, err := PNG(nil, Options{}); err == nil {
		t.Error("PNG(nil) gave no error")
	}
}

func TestPlayerLetters(t *testing.T) {
	var players []game.Player
	for _, n := range []string{"ann", "Anna", "bob", "Bea", "b", "ab"} {
		players = append(players, game.Player{Name: n})
	}
	got := playerLetters(players)
	want := []string{"A", "N", "B", "E", "1", "2"}
	if !slices.Equal(got, want) {
		t.Errorf("letters %v, want %v", got, want)
	}
}

// TestBreakdownKinds checks that the end panel has a column for every kind of score, the
// variants' unknown kinds included, after the engine's.
func TestBreakdownKinds(t *testing.T) {
	v := &game.View{Map: testmaps.SyntheticMap(), Players: []game.Player{{Name: "ann"}}, Log: []game.ScoreEntry{{Kind: "wine"}, {Kind: "city"}, {Kind: "treat"}}}
	o := Options{Kind: End}
	fr, err := pickFrame(v, o)
	if err != nil {
		t.Fatal(err)
	}
	pn := newPanel(v, o, fr, []string{"A"})
	want := []string{"road", "city", "cloister", "farm", "wine", "treat"}
	if !slices.Equal(pn.kinds, want) {
		t.Errorf("kinds %v, want %v", pn.kinds, want)
	}
}

// TestConcurrentRenders draws from many goroutines at once (run with -race).
func TestConcurrentRenders(t *testing.T) {
	g := newGame(t, testmaps.SyntheticMap(), three, nil)
	playUntil(t, g, 20)
	v := g.View(false)
	var wg sync.WaitGroup
	for i := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := []Options{{}, {Kind: Zoom, Center: v.Last, Radius: 1 + i%3}, {Kind: Crop, Markers: true}}[i%3]
			if _, err := PNG(v, o); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

func TestLRUBudget(t *testing.T) {
	c := newLRU[int, int](3, func(int) int { return 1 })
	for i := range 10 {
		if got := c.get(i, func() int { return i * i }); got != i*i {
			t.Fatalf("get(%d) = %d", i, got)
		}
	}
	if n := c.order.Len(); n != 3 || c.used != 3 {
		t.Errorf("cache holds %d entries costing %d, want 3", n, c.used)
	}
	if got := c.get(9, func() int { return -1 }); got != 81 {
		t.Errorf("recent entry was evicted")
	}
}

// TestSamples writes sample pictures for people to look at when RENDER_SAMPLES names a directory;
// its readme-board.png is the picture of README.md (render/testdata/readme-board.png).
func TestSamples(t *testing.T) {
	dir := os.Getenv("RENDER_SAMPLES")
	if dir == "" {
		t.Skip("set RENDER_SAMPLES to a directory to write sample pictures")
	}
	g := newGame(t, franceMap(t), []string{"ann", "bob", "cy", "dora"}, nil)
	playUntil(t, g, 45)
	v := g.View(false)
	write := func(name string, v *game.View, o Options) {
		_, b := encoded(t, v, o)
		if err := os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("france-full", v, Options{Markers: true})
	write("france-turn-meeple", v, Options{Kind: Turn, Markers: true})
	write("france-crop", v, Options{Kind: Crop, Markers: true})
	write("france-zoom", v, Options{Kind: Zoom, Center: v.Last, Markers: true})
	g2 := g.Clone()
	if err := g2.Play(game.Move{Kind: game.MoveMeeple, Player: g2.Current, Spot: "none"}); err != nil {
		t.Fatal(err)
	}
	legal := g2.LegalPlacements(g2.Drawn)
	write("france-legal", g2.View(false), Options{Kind: Crop, Legal: legal})
	write("france-turn", g2.View(false), Options{Kind: Turn, Legal: legal})
	write("france-preview", g2.View(false), Options{Kind: Preview, Preview: &PreviewMove{Tile: g2.Drawn, At: legal[0]}})
	playUntil(t, g, -1)
	write("france-end", g.View(false), Options{Kind: End})
	c := newGame(t, game.ClassicMap(), three, nil)
	playUntil(t, c, -1)
	write("classic-full", c.View(false), Options{})
	s := newGame(t, testmaps.SyntheticMap(), []string{"ann", "bob", "cy", "abe", "Bo", "zed"}, hiddenChips(game.Blue, 1))
	playUntil(t, s, 20)
	sv := s.View(false)
	sv.Marks = sampleMarks(sv)
	sv.MapChips = append(sv.MapChips, game.MapChip{Square: game.At(13, 4), Chip: game.Chip{Color: game.Orange, Value: 2}, FaceUp: true})
	sv.Players[1].Chips = []game.Chip{{Color: game.Blue, Value: 2}, {Color: game.Orange, Value: 1}}
	sv.Meeples[0].Weight = 2
	write("synthetic", sv, Options{Markers: true})
	write("synthetic-turn", sv, Options{Kind: Turn, Markers: true})
	write("synthetic-zoom", sv, Options{Kind: Zoom, Center: sv.Meeples[0].Square, Radius: 1})
	fg, err := game.NewGame(france.Map(), france.Variant{}, game.Setup{Players: []string{"ann", "bob", "cy"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	playUntil(t, fg, 52)
	write("readme-board", fg.View(false), Options{Markers: true})
	write("readme-turn", fg.View(false), Options{Kind: Turn, Markers: true})
	f, err := os.Create(filepath.Join(dir, "tiles.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := fastPNG.Encode(f, TileSheet(96)); err != nil {
		t.Fatal(err)
	}
}

// TestEncodeBounds feeds the encoder pictures too wide and too noisy to compress: it must halve
// them until they keep the limits.
func TestEncodeBounds(t *testing.T) {
	rng := game.NewRNG(7)
	for _, size := range []image.Point{{2100, 200}, {1900, 1900}} {
		noisy := image.NewPaletted(image.Rectangle{Max: size}, pal().colors)
		for i := range noisy.Pix {
			noisy.Pix[i] = uint8(rng.Intn(len(pal().colors)))
		}
		b, err := encode(noisy)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Size(); len(b) > maxBytes || got.X > maxSide || got.X >= size.X {
			t.Errorf("%v: encoded %d bytes, %v pixels", size, len(b), got)
		}
	}
}

// sampleMarks is one mark of every kind on the synthetic map: meeples on the Isle of Man, an
// island stack's top tile and a pile of backs on the stack squares, chips face up and down, an
// upgrade under the first meeple, a label, and chips and a count kept in players' rows.
func sampleMarks(v *game.View) []game.Mark {
	m := v.Meeples[0]
	return []game.Mark{
		{Kind: game.MarkMeeples, Area: "isle-of-man", Player: 0, Count: 2},
		{Kind: game.MarkMeeples, Area: "isle-of-man", Player: 1, Count: 1},
		{Kind: game.MarkMeeples, Area: "isle-of-man", Player: 3, Count: 3},
		{Kind: game.MarkTile, Square: game.At(14, 9), Player: -1, Tile: 3, Rotation: 90, Count: 4},
		{Kind: game.MarkTileBacks, Square: game.At(9, 3), Player: -1, Count: 5},
		{Kind: game.MarkChip, Square: game.At(9, 4), Player: -1, Chip: game.Chip{Color: game.Purple}},
		{Kind: game.MarkChip, Square: game.At(12, 6), Player: -1, Chip: game.Chip{Color: game.Blue, Value: 1}, FaceUp: true},
		{Kind: game.MarkMeepleChip, Square: m.Square, Spot: m.Spot, Player: m.Player, Chip: game.Chip{Color: game.Orange, Value: 2}},
		{Kind: game.MarkLabel, Square: game.At(6, 6), Player: -1, Text: "treat"},
		{Kind: game.MarkChip, Square: game.NoSquare, Player: 2, Chip: game.Chip{Color: game.Orange, Value: 1}, FaceUp: true},
		{Kind: game.MarkLabel, Square: game.NoSquare, Player: 2, Text: "extra turn used"},
		{Kind: game.MarkTileBacks, Square: game.NoSquare, Player: -1, Count: 12},
	}
}

// TestMarkersLeaveTheTileVisible checks that the numbered markers hide little of the tile just
// placed: they cover a small part of it, and over most of that part the tile's art shows through.
func TestMarkersLeaveTheTileVisible(t *testing.T) {
	g := newGame(t, franceMap(t), three, nil)
	playUntil(t, g, 12)
	v := g.View(false)
	with, _ := encoded(t, v, Options{Markers: true})
	without, _ := encoded(t, v, Options{})
	fr, _ := pickFrame(v, Options{})
	r := fr.rect(v.Last)
	touched, hidden := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			a, b := with.ColorIndexAt(x, y), without.ColorIndexAt(x, y)
			if a == b {
				continue
			}
			touched++
			if a == cWhite || a == cBlack {
				hidden++
			}
		}
	}
	area := r.Dx() * r.Dy()
	if touched > area*35/100 || hidden > area*10/100 {
		t.Errorf("%d markers touch %d and hide %d of the tile's %d pixels", len(v.Spots), touched, hidden, area)
	}
}
