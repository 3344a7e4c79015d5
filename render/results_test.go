package render

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

func TestResultLines(t *testing.T) {
	for _, c := range []struct {
		players      []game.Player
		head, places string
	}{
		{[]game.Player{{Name: "ann", Score: 40}, {Name: "bob", Score: 65}, {Name: "cy", Score: 49}},
			"Winner: bob with 65 points", "1. bob 65 · 2. cy 49 · 3. ann 40"},
		{[]game.Player{{Name: "ann", Score: 49}, {Name: "bob", Score: 31}, {Name: "cy", Score: 49}, {Name: "dora", Score: 31}},
			"Shared victory: ann and cy with 49 points", "1. ann 49 · 1. cy 49 · 3. bob 31 · 3. dora 31"},
		{[]game.Player{{Name: "ann", Score: 12}, {Name: "bob", Score: 12}, {Name: "cy", Score: 12}},
			"Shared victory: ann, bob and cy with 12 points", "1. ann 12 · 1. bob 12 · 1. cy 12"},
		{[]game.Player{{Name: "ann", Score: 70, Resigned: true}, {Name: "bob", Score: 20}},
			"Winner: bob with 20 points", "1. bob 20 · ann resigned (70)"},
		{[]game.Player{{Name: "ann", Score: 3, Resigned: true}, {Name: "bob", Score: 5, Resigned: true}},
			"No winner: every player resigned", "bob resigned (5) · ann resigned (3)"},
	} {
		head, places := resultLines(c.players, wordsOf(nil))
		if head != c.head || places != c.places {
			t.Errorf("%+v:\n got %q / %q\nwant %q / %q", c.players, head, places, c.head, c.places)
		}
	}
}

// TestEndPictureNamesTheWinner checks that the end picture opens with the results banner, in type
// that stays at least 9 pixels high when the picture is shown 550 pixels wide.
func TestEndPictureNamesTheWinner(t *testing.T) {
	g := newGame(t, franceMap(t), []string{"ann", "bob", "cy", "dora"}, nil)
	playUntil(t, g, -1)
	v := g.View(false)
	// Two kinds of score of a variant widen the breakdown.
	v.Log = append(v.Log, game.ScoreEntry{Player: 1, Kind: "chip", Points: 2}, game.ScoreEntry{Player: 2, Kind: "wine", Points: 9})
	c, err := compose(v, Options{Kind: End})
	if err != nil {
		t.Fatal(err)
	}
	w := c.Rect.Dx()
	if w > maxSide || c.Rect.Dy() > maxSide {
		t.Errorf("the end picture is %v: it would be halved", c.Rect.Size())
	}
	r := newResults(v, w, wordsOf(nil))
	banner := newCanvas(w, r.h)
	r.draw(banner)
	if px := float64(*banner.smallest) * 550 / float64(w); px < 9 {
		t.Errorf("the banner's smallest text is %.1f pixels at 550 wide", px)
	}
	for y := range r.h {
		for x := range w {
			if c.ColorIndexAt(x, y) != banner.ColorIndexAt(x, y) {
				t.Fatalf("the end picture does not open with the banner (pixel %d,%d)", x, y)
			}
		}
	}
}
