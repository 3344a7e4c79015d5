package taiwan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips/mapchipstest"
)

// TestMapFacts checks the drawn map of Taiwan against what its RULES.md says of it and against
// the geography: every named place on its square.
func TestMapFacts(t *testing.T) {
	m := Map()
	want := mapchipstest.Census{
		Cols: 17, Rows: 21,
		Playable: 121, Mainland: 115, // the room for 121 tiles, 115 on the main island
		Printed: 3, Marked: 0, Cities: 3, Islands: 5, Ferries: 5,
		Starts: 2, StartsUsed: 2, // both (T2)
		DefaultTiles: 105, Meeples: 9, // OQ-01
	}
	if got := mapchipstest.CensusOf(m); got != want {
		t.Errorf("the map counts\n%+v, want\n%+v", got, want)
	}

	p := mapchipstest.PlacesOf(m)
	mapchipstest.Named(t, "start squares", p.Starts, map[string]string{"Mount Snow": "L6", "Mount Jade": "J12"})
	mapchipstest.Named(t, "large cities", p.Cities, map[string]string{"Taipei": "N2", "Taichung": "I7", "Kaohsiung": "F17"})
	if p.Arms["Taipei"] != 2 {
		t.Errorf("Taipei has %d coats of arms, want 2", p.Arms["Taipei"])
	}
	mapchipstest.Named(t, "towns", p.Towns, map[string]string{"Mount Snow": "L6", "Mount Jade": "J12", "Keelung": "O1", "Taoyuan": "L2",
		"Hsinchu": "J3", "Yilan": "O4", "Hualien": "N8", "Chiayi": "G12", "Tainan": "F15", "Taitung": "K16",
		"Pingtung": "H17", "Kenting": "I21"})
	for name, sq := range map[string]string{"Tamsui": "M1", "Sandiao Cape": "P2", "Toucheng": "O3", "Miaoli": "I5",
		"Changhua": "H8", "Puli": "J8", "Taroko": "N7", "Sun Moon Lake": "J9", "Douliu": "H10", "Alishan": "I11",
		"Budai": "F12", "Donggang": "H18", "Magong": "B11"} {
		if got := m.Info(game.MustParseSquare(sq)).Name; got != name {
			t.Errorf("%s shows %q, want %s", sq, got, name)
		}
	}
	if len(m.Borders) != 0 {
		t.Errorf("%d border connections: Taiwan is an island, every coast is neutral", len(m.Borders))
	}

	islands := map[string]string{}
	for _, isl := range m.Islands {
		var sqs []string
		for _, s := range isl.Squares {
			sqs = append(sqs, s.String())
			if info := m.Info(s); info.Arms != 1 || info.Town >= 0 {
				t.Errorf("%s on %s: %d coats of arms, town %d; want 1 coat of arms and no town", isl.Name, s, info.Arms, info.Town)
			}
		}
		islands[isl.Name] = strings.Join(sqs, " ")
	}
	mapchipstest.Named(t, "islands", islands, map[string]string{"Penghu": "B10 B11", "Guishan": "Q3", "Lüdao": "M17",
		"Xiaoliuqiu": "G19", "Lanyu": "N20"})
	ferries := map[string]string{}
	for _, f := range m.Ferries {
		ferries[m.Islands[f.Island].Name] = fmt.Sprintf("%s:%s %s:%s", f.Harbour, f.HarbourDir, f.Landing, f.LandingDir)
	}
	mapchipstest.Named(t, "ferries", ferries, map[string]string{"Penghu": "F12:W B11:E", "Guishan": "O3:E Q3:W",
		"Lüdao": "K16:E M17:W", "Xiaoliuqiu": "H18:S G19:E", "Lanyu": "I21:E N20:W"})
}

// TestTheMapLooksLikeTaiwan: the main island is about 2.7 times as long as it is wide
// (geography.md); measured across its rows, it is 21 rows long and at most 9 squares wide, and
// the places lie in their order from north to south and west to east.
func TestTheMapLooksLikeTaiwan(t *testing.T) {
	m := Map()
	widest := 0
	for r := range m.Rows {
		w := 0
		for c := range m.Cols {
			if info := m.Info(game.At(c, r)); info.Kind != game.Void && info.Island < 0 {
				w++
			}
		}
		widest = max(widest, w)
	}
	if widest < 7 || widest > 9 {
		t.Errorf("the main island is %d squares wide at most, want 7 to 9 for 21 rows", widest)
	}
	order := []string{"O1", "N2", "J3", "L6", "I7", "N8", "J12", "F15", "K16", "F17", "I21"} // Keelung .. Kenting
	for i := 1; i < len(order); i++ {
		if game.MustParseSquare(order[i]).Row() < game.MustParseSquare(order[i-1]).Row() {
			t.Errorf("%s lies north of %s", order[i], order[i-1])
		}
	}
	for _, pair := range [][2]string{{"B11", "F12"}, {"F12", "G12"}, {"G12", "J12"}, {"K16", "M17"}, {"O3", "Q3"}} {
		if game.MustParseSquare(pair[0]).Col() >= game.MustParseSquare(pair[1]).Col() {
			t.Errorf("%s should lie west of %s", pair[0], pair[1])
		}
	}
}

// TestBothStartSquaresSeedAGame plays complete games from Mount Snow and Mount Jade with different
// initial tiles (T2).
func TestBothStartSquaresSeedAGame(t *testing.T) {
	m := Map()
	for i, tiles := range [][2]string{{"D", "U"}, {"V", "D"}, {"U", "V"}} {
		var starts []game.StartTile
		for j, s := range m.Starts {
			tile, _ := game.Tiles().Tile(tiles[j])
			starts = append(starts, game.StartTile{Start: s.Name, Tile: tile.Index})
		}
		g, err := game.NewGame(m, Variant{}, game.Setup{Players: []string{"a", "b"}, Seed: uint64(i), Starts: starts})
		if err != nil {
			t.Fatalf("%v: %v", tiles, err)
		}
		for _, s := range m.Starts {
			if _, ok := g.TileOn(s.Square); !ok {
				t.Errorf("%v: no initial tile on %s", tiles, s.Name)
			}
		}
		rng := game.NewRNG(7)
		g.PlayOut(&rng)
		if len(g.Placed()) < 90 {
			t.Errorf("%v: only %d tiles placed", tiles, len(g.Placed()))
		}
	}
}

// TestEveryLargeCityAndIslandCanBeConnected: from the start squares, playable land reaches a
// square next to an open edge of every large city, the harbour of every island's ferry, and from
// its landing square every square of the island.
func TestEveryLargeCityAndIslandCanBeConnected(t *testing.T) {
	mapchipstest.CheckReach(t, Map())
}

// TestChipLayoutFollowsR403AndTheTaiwanSeed lays the chips for 1,000 setups and checks every
// constraint of R4.0.3 with the Taiwan seed's reading (T3): island squares allowed (R4.0.4), no
// chip next to a used start square or an open edge of a large city, while closed sides do not keep
// chips away. With the flag chipNoAdjacentToAnyLargeCitySquare no chip lies next to any side of a
// large city.
func TestChipLayoutFollowsR403AndTheTaiwanSeed(t *testing.T) {
	onIslands := 0
	besideClosedSide := mapchipstest.CheckLayouts(t, Rules(), FlagAnyLargeCitySquare, mapchips.Layout{Count: 30}, func(g *game.Game) {
		for _, c := range g.MapChips {
			if g.Map.Info(c.Square).Island >= 0 {
				onIslands++
			}
		}
	})
	if besideClosedSide == 0 {
		t.Error("no chip ever lay beside a large city's closed side: the seed's open-edge reading is not what is played")
	}
	if onIslands == 0 {
		t.Error("no chip ever lay on an island square, which R4.0.4 allows")
	}
}
