package iberia

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// The AI prices a treat by who can reach it first (I7, I8): one next to a tile is worth most to
// the player to move, a share of it to the others, and one far from the landscape nothing yet.
func TestTheAIPricesTreatsByWhoReachesThemFirst(t *testing.T) {
	g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"ann", "bob", "cy"}, Seed: 1, Options: game.DefaultOptions()})
	if err != nil {
		t.Fatal(err)
	}
	var near, far game.Square
	found := 0
	g.Map.Squares(func(s game.Square, info *game.SquareInfo) {
		if _, tile := g.Face(s); tile || info.Kind != game.Playable {
			return
		}
		if _, chip := g.ChipOn(s); chip {
			return
		}
		if byTheTiles(g, s) && found&1 == 0 {
			near, found = s, found|1
		}
		if !byTheTiles(g, s) && found&2 == 0 {
			far, found = s, found|2
		}
	})
	if found != 3 {
		t.Fatal("no free square next to the tiles and none away from them")
	}
	g.MapChips = []game.MapChip{{Square: far, Chip: game.Chip{Color: game.Orange, Value: 2}, FaceUp: true}}
	w := make([]float64, 3)
	Variant{}.AppraiseChips(g, w)
	if w[0] != 0 || w[1] != 0 || w[2] != 0 {
		t.Errorf("a treat away from the tiles on %s is worth %v, want nothing to anyone", far, w)
	}
	g.MapChips = append(g.MapChips, game.MapChip{Square: near, Chip: game.Chip{Color: game.Orange, Value: 2}, FaceUp: true})
	Variant{}.AppraiseChips(g, w)
	mover := g.Current
	for p := range w {
		if p != mover && (w[p] <= 0 || w[p] >= w[mover]) {
			t.Errorf("a 4-point treat by the tiles on %s is worth %v: want most to the player to move (%d), a little to the others", near, w, mover)
		}
	}
	if w[mover] >= 4 {
		t.Errorf("a 4-point treat is worth %.2f to the player to move, want less than certain", w[mover])
	}
}
