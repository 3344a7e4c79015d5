package render

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// TestTownColourStaysReadableUnderTheLegalOverlay: a square where the drawn tile fits is tinted
// green, except a town's house, whose roof is its grape colour: in France that colour decides a
// sale, chosen exactly on such a square, so it is drawn as the map draws it.
func TestTownColourStaysReadableUnderTheLegalOverlay(t *testing.T) {
	m := franceMap(t)
	g := newGame(t, m, []string{"ann", "bob"}, nil)
	v := g.View(false)
	placed := map[game.Square]bool{}
	for _, b := range v.Board {
		placed[b.Square] = true
	}
	town := game.NoSquare
	for _, tw := range m.Towns {
		if tw.Color != "" && !placed[tw.Square] {
			town = tw.Square
			break
		}
	}
	if town == game.NoSquare {
		t.Fatal("France has no free town square with a grape colour")
	}
	o := Options{Kind: Zoom, Center: town, Radius: 2}
	plain, _ := encoded(t, v, o)
	o.Legal = []game.Placement{{Square: town}}
	legal, _ := encoded(t, v, o)
	fr, err := pickFrame(v, o)
	if err != nil {
		t.Fatal(err)
	}
	r := fr.rect(town)
	house := townHouseRect(r)
	if n, _ := changed(plain, legal, house, house); n != 0 {
		t.Errorf("the overlay changed %d pixels of the town's house", n)
	}
	if n, _ := changed(plain, legal, r, r); n < r.Dx()*r.Dy()/2 {
		t.Errorf("the overlay changed only %d pixels of the square", n)
	}
	roof, ok := chipColor(m.Towns[m.Info(town).Town].Color)
	if !ok || !contains(legal, house, roof) {
		t.Errorf("the town's grape colour (%d) is not on its house", roof)
	}
}
