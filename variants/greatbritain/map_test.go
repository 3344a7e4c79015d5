package greatbritain

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips/mapchipstest"
)

func squares(text string) []game.Square {
	var out []game.Square
	for _, f := range strings.Fields(text) {
		out = append(out, game.MustParseSquare(f))
	}
	return out
}

// TestMapFacts checks the drawn map of Great Britain against what its RULES.md says of it and
// against the geography: every named place on its square.
func TestMapFacts(t *testing.T) {
	m := Map()
	want := mapchipstest.Census{
		Cols: 14, Rows: 17,
		Playable: 119, Mainland: 87, // about 110-120; Ireland, reached by ferry too, is the island
		Printed: 4, Marked: 0, Cities: 4, Islands: 1, Ferries: 3,
		Starts: 3, StartsUsed: 3, DefaultTiles: 96, Meeples: 9,
	}
	if got := mapchipstest.CensusOf(m); got != want {
		t.Errorf("the map counts\n%+v, want\n%+v", got, want)
	}

	p := mapchipstest.PlacesOf(m)
	mapchipstest.Named(t, "start squares", p.Starts, map[string]string{"Kilkenny": "D13", "Carlisle": "I8", "Bristol": "J15"})
	mapchipstest.Named(t, "large cities", p.Cities, map[string]string{"London": "L15", "Edinburgh": "I6", "Manchester": "J11", "Dublin": "E11"})
	for name, n := range p.Arms {
		if n < 1 {
			t.Errorf("%s has no coat of arms", name)
		}
	}
	mapchipstest.Named(t, "towns", p.Towns, map[string]string{"Kilkenny": "D13", "Carlisle": "I8", "Bristol": "J15",
		"Inverness": "H3", "Aberdeen": "J4", "Glasgow": "H6", "Newcastle": "K8", "Belfast": "E9", "Leeds": "K10",
		"Liverpool": "I11", "Galway": "B11", "Birmingham": "J13", "Cambridge": "M13", "Norwich": "N13",
		"Oxford": "K14", "Cork": "C14", "Cardiff": "I15", "Plymouth": "H17"})
	for name, sq := range map[string]string{"Thurso": "H1", "Fort William": "G4", "Dundee": "I5", "Stranraer": "G8",
		"Malin Head": "D7", "Derry": "D8", "Sligo": "C9", "Holyhead": "G11", "Limerick": "C13", "Waterford": "D14",
		"Rosslare": "E13", "Fishguard": "G14", "Swansea": "H15", "Southampton": "K16", "Dover": "N16", "Penzance": "F17"} {
		if got := m.Info(game.MustParseSquare(sq)).Name; got != name {
			t.Errorf("%s shows %q, want %s", sq, got, name)
		}
	}
	if len(m.Borders) != 0 {
		t.Errorf("%d border connections, want none: every coast is neutral", len(m.Borders))
	}

	// Ireland is an island across the sea: no square of it touches Great Britain.
	if len(m.Islands) != 1 || m.Islands[0].Name != "Ireland" || len(m.Islands[0].Squares) != 32 {
		t.Fatalf("islands %v, want Ireland with 32 playable squares", m.Islands)
	}
	for _, s := range m.Islands[0].Squares {
		for d := game.Dir(0); d < 4; d++ {
			n, ok := s.Step(d)
			if info := m.Info(n); ok && info.Kind == game.Playable && info.Island < 0 {
				t.Errorf("%s in Ireland touches %s in Great Britain", s, n)
			}
		}
	}
	if info := m.Info(game.MustParseSquare("E11")); info.Kind != game.Printed {
		t.Errorf("Dublin's square E11 is %v, want a printed large city", info.Kind)
	}
	ferries := map[string]string{}
	for _, f := range m.Ferries {
		ferries[m.Info(f.Harbour).Name] = fmt.Sprintf("%s:%s %s:%s", f.Harbour, f.HarbourDir, f.Landing, f.LandingDir)
	}
	mapchipstest.Named(t, "ferries", ferries, map[string]string{"Stranraer": "G8:W E8:E", "Holyhead": "G11:W E12:E", "Fishguard": "G14:W E13:E"})

	// The Isle of Man is an area in the Irish Sea, no square.
	if len(m.Areas) != 1 || m.Areas[0].ID != IsleArea || m.Areas[0].Name != "Isle of Man" || m.Areas[0].Near != game.MustParseSquare("G10") {
		t.Errorf("areas %v, want the Isle of Man near G10", m.Areas)
	}
	if info := m.Info(game.MustParseSquare("G10")); info.Kind != game.Void {
		t.Errorf("G10, where the Isle of Man is drawn, is %v, want sea", info.Kind)
	}
}

// TestChipSquaresG3: 10 printed chip squares of each colour, light blue in Scotland, orange in
// Ireland, purple in England and Wales; none on a town (start squares included) or a large city.
func TestChipSquaresG3(t *testing.T) {
	m := Map()
	scotland := squares(`G1 H1 I1 G2 H2 F3 G3 H3 I3 J3 F4 G4 H4 I4 J4 F5 G5 H5 I5 F6 G6 H6 J6 F7 G7 H7 I7 G8 H8`)
	for _, c := range []struct {
		color, where string
		in           func(game.Square) bool
	}{
		{game.Blue, "Scotland", func(s game.Square) bool { return slices.Contains(scotland, s) }},
		{game.Orange, "Ireland", func(s game.Square) bool { return m.Info(s).Island == 0 }},
		{game.Purple, "England and Wales", func(s game.Square) bool { return m.Info(s).Island < 0 && !slices.Contains(scotland, s) }},
	} {
		got := chipSquares[c.color]
		if len(got) != 10 {
			t.Errorf("%d %s chip squares, want 10", len(got), c.color)
		}
		for _, s := range got {
			info := m.Info(s)
			switch {
			case !c.in(s):
				t.Errorf("%s chip square %s is not in %s", c.color, s, c.where)
			case info.Kind != game.Playable || info.Town >= 0:
				t.Errorf("%s chip square %s: %s", c.color, s, m.Describe(s))
			}
		}
	}
}

// TestEveryStartSquareSeedsAGame plays a game from the three start squares, each with a
// different initial tile in turn.
func TestEveryStartSquareSeedsAGame(t *testing.T) {
	m := Map()
	tiles := []string{"D", "U", "V"}
	for shift := range tiles {
		var starts []game.StartTile
		for i, s := range m.Starts {
			tile, _ := game.Tiles().Tile(tiles[(i+shift)%len(tiles)])
			starts = append(starts, game.StartTile{Start: s.Name, Tile: tile.Index})
		}
		g, err := game.NewGame(m, Variant{}, game.Setup{Players: []string{"a", "b"}, Seed: uint64(shift), Starts: starts})
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(7)
		g.PlayOut(&rng)
		if len(g.Placed()) < 80 {
			t.Errorf("starts %v: only %d tiles placed", starts, len(g.Placed()))
		}
	}
}

// TestEveryLargeCityAndIrelandCanBeConnected: from the start squares, playable land reaches a
// square next to an open edge of every large city and every playable square, Ireland's included.
func TestEveryLargeCityAndIrelandCanBeConnected(t *testing.T) {
	m := Map()
	mapchipstest.CheckReach(t, m)
	// Ireland is reached by ferry too, not only from Kilkenny.
	for _, f := range m.Ferries {
		if m.Info(f.Landing).Island != 0 || m.Info(f.Harbour).Island >= 0 {
			t.Errorf("the ferry %s-%s does not cross from Great Britain to Ireland", f.Harbour, f.Landing)
		}
	}
}

// TestChipLayoutG3 deals 1,000 setups: each colour's 10 chips (six 1s, four 2s) lie face down on
// that colour's chip squares, one per square, in an order that varies.
func TestChipLayoutG3(t *testing.T) {
	firstValues := map[string]bool{}
	for seed := range 1000 {
		g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: []string{"a", "b"}, Seed: uint64(seed)})
		if err != nil {
			t.Fatal(err)
		}
		if len(g.MapChips) != 30 || len(g.ChipsOut) != 0 {
			t.Fatalf("seed %d: %d chips laid, %d out; want 30 and 0", seed, len(g.MapChips), len(g.ChipsOut))
		}
		count := map[game.Chip]int{}
		var order []string
		for _, c := range g.MapChips {
			if c.FaceUp {
				t.Fatalf("seed %d: the chip on %s is face up", seed, c.Square)
			}
			if want := Map().Info(c.Square).Attrs["chip"]; c.Color != want {
				t.Fatalf("seed %d: a %s chip on %s, a %s chip square", seed, c.Color, c.Square, want)
			}
			count[c.Chip]++
			order = append(order, fmt.Sprint(c.Value))
		}
		for _, color := range game.ChipColors() {
			if count[game.Chip{Color: color, Value: 1}] != 6 || count[game.Chip{Color: color, Value: 2}] != 4 {
				t.Fatalf("seed %d: %s chips %v, want six 1s and four 2s", seed, color, count)
			}
		}
		firstValues[strings.Join(order, "")] = true
	}
	if len(firstValues) < 900 {
		t.Errorf("only %d different layouts in 1,000 deals: the chips are not shuffled", len(firstValues))
	}
}
