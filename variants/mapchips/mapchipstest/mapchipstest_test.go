package mapchipstest

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"
)

// TestCheckLayoutNamesEachBrokenConstraint lays chips by hand on the synthetic map (Westville C5
// used; the large city Capital E3-F3-E4 with an open edge facing E2 and a wall facing D3; the town
// Vineyard C8; the island square D11) and checks that each broken constraint of R4.0.3 is named.
func TestCheckLayoutNamesEachBrokenConstraint(t *testing.T) {
	purple1 := game.Chip{Color: game.Purple, Value: 1}
	for _, c := range []struct {
		chips  []string
		layout mapchips.Layout
		want   string
		closed int
	}{
		{[]string{"G7"}, mapchips.Layout{Count: 1}, "", 0},
		{[]string{"G7+"}, mapchips.Layout{Count: 1}, "the chip on G7 is face up", 0},
		{[]string{"G7"}, mapchips.Layout{Count: 2}, "1 chips laid, want 2", 0},
		{[]string{"C8"}, mapchips.Layout{Count: 1}, "chip on C8, the town Vineyard", 0},
		{[]string{"D11"}, mapchips.Layout{Count: 1, NoIslands: true}, "chip on D11, on the island Isle", 0},
		{[]string{"D11"}, mapchips.Layout{Count: 1}, "", 0},
		{[]string{"G7", "G8"}, mapchips.Layout{Count: 2}, "chips on G7 and G8 are orthogonal neighbours", 0},
		{[]string{"C6"}, mapchips.Layout{Count: 1}, "chip on C6 next to the used start square C5", 0},
		{[]string{"E2"}, mapchips.Layout{Count: 1}, "chip on E2 next to an open edge of Capital", 0},
		{[]string{"D3"}, mapchips.Layout{Count: 1}, "", 1},
		{[]string{"D3"}, mapchips.Layout{Count: 1, AnyLargeCitySquare: true}, "chip on D3 next to a side of Capital", 0},
		{[]string{"G1", "I1", "K1", "G5", "G7", "I7", "K7"}, mapchips.Layout{Count: 7}, "the chips laid are not from the box", 0},
	} {
		var chips []game.MapChip
		for _, s := range c.chips {
			// A "+" marks a chip laid face up.
			name, up := strings.CutSuffix(s, "+")
			chips = append(chips, game.MapChip{Square: game.MustParseSquare(name), Chip: purple1, FaceUp: up})
		}
		u, _ := game.Tiles().Tile("U")
		g, err := game.NewGame(testmaps.SyntheticMap(), nil, game.Setup{Players: []string{"a", "b"}, Seed: 1, Chips: chips,
			Starts: []game.StartTile{{Start: "Westville", Tile: u.Index}}})
		if err != nil {
			t.Fatal(err)
		}
		closed, err := CheckLayout(g, c.layout)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%v %+v: %v, want no broken constraint", c.chips, c.layout, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%v %+v: %v, want %q", c.chips, c.layout, err, c.want)
		case err == nil && closed != c.closed:
			t.Errorf("%v %+v: %d chips beside a closed side, want %d", c.chips, c.layout, closed, c.closed)
		}
	}
}

// TestReachableCrossesFerries: on the synthetic map the land reaches the island Isle only by its
// ferry, and both large cities at an open edge.
func TestReachableCrossesFerries(t *testing.T) {
	m := testmaps.SyntheticMap()
	r := Reachable(m)
	if !r.Squares[game.MustParseSquare("D11")] || !r.Squares[game.MustParseSquare("E11")] {
		t.Errorf("the island squares D11 and E11 are not reached")
	}
	if len(r.Squares) != m.PlayableCount() || len(r.Cities) != len(m.Cities) {
		t.Errorf("%d of %d squares and %d of %d large cities reached", len(r.Squares), m.PlayableCount(), len(r.Cities), len(m.Cities))
	}
}

// TestReachProblemsNameWhatNoTileReaches: land beyond the sea, and a large city whose only open
// edge faces it, are named.
func TestReachProblemsNameWhatNoTileReaches(t *testing.T) {
	m, err := game.ParseMap("cut.map", strings.NewReader(`map cut
title Cut
grid
1 # . # #
2 # . @ #
3 # . # #
end
start A1 Home
city Beyond
  square C2 FCFF
`))
	if err != nil {
		t.Fatal(err)
	}
	_, problems := ReachProblems(m)
	want := []string{"no tile can ever reach an open edge of Beyond",
		"5 of 8 playable squares can never be reached from the start squares: C1, D1, D2, C3, D3"}
	if strings.Join(problems, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
	if _, problems := ReachProblems(testmaps.SyntheticMap()); len(problems) > 0 {
		t.Errorf("the synthetic map: %v", problems)
	}
}
