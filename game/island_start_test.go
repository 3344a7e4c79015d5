package game

import (
	"strings"
	"testing"
)

// TestAnIslandWithAStartSquareIsReachedFromTheStart: an island whose start square holds a tile is
// reached from the first turn (Great Britain's Ireland, with Kilkenny): a square of it touching no
// tile is refused for that reason, not because no ferry reaches it, and a tile on the ferry's
// harbour later only adds the landing square, with no "island opened" event.
func TestAnIslandWithAStartSquareIsReachedFromTheStart(t *testing.T) {
	m, err := ParseMap("isle.map", strings.NewReader(`map isle
title Isle
grid
###.###
end
start B1 Mainland
start G1 Islander
island Isle E1 F1 G1
ferry C1:E E1:W
`))
	if err != nil {
		t.Fatal(err)
	}
	u, _ := Tiles().Tile("U")
	g, err := NewGame(m, nil, Setup{Players: []string{"a", "b"}, Seed: 1,
		Starts: []StartTile{{Start: "Mainland", Tile: u.Index}, {Start: "Islander", Tile: u.Index}}})
	if err != nil {
		t.Fatal(err)
	}
	if !g.IslandOpen(0) {
		t.Fatal("the island holds a start tile but is not reached")
	}
	if why := g.whyUnanchored(At(4, 0)); why.English() != "it touches no tile of the island Isle" {
		t.Errorf("E1, two squares from the island's start tile, is refused because %s", why)
	}
	g.put(At(2, 0), u.Face(0), 0, false)
	g.events = g.events[:0]
	g.extendFrontier(At(2, 0))
	for _, e := range g.events {
		if e.Kind == EventIslandOpened {
			t.Errorf("a ferry to an island already reached announced it opened: %v", e)
		}
	}
}
