package iberia

import (
	"fmt"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips/mapchipstest"
)

// TestMapFacts checks the drawn map of the Iberian Peninsula against what its RULES.md says of it
// and against the geography: every named place on its square.
func TestMapFacts(t *testing.T) {
	m := Map()
	want := mapchipstest.Census{
		Cols: 18, Rows: 12, // 12 rows: the tracks
		Playable: 133, Mainland: 129, // about 130-140; 4 on the Balearic Islands
		Printed: 4, Marked: 0, Cities: 4, Islands: 3, Ferries: 3,
		Starts: 4, StartsUsed: 3, DefaultTiles: 114, Meeples: 9,
	}
	if got := mapchipstest.CensusOf(m); got != want {
		t.Errorf("the map counts\n%+v, want\n%+v", got, want)
	}
	for i, want := range []string{"orange", "orange", "orange", "orange", "blue", "blue", "blue", "blue", "purple", "purple", "purple", "purple"} {
		if got := m.RowAttrs[i]["color"]; got != want {
			t.Errorf("row %d has the colour bar %q, want %s", i+1, got, want)
		}
	}
	for c, rows := range map[string]string{game.Orange: "rows 1-4", game.Blue: "rows 5-8", game.Purple: "rows 9-12"} {
		if got := tracks[c].text; got != rows {
			t.Errorf("%s treats go in %q, want %s", c, got, rows)
		}
	}

	p := mapchipstest.PlacesOf(m)
	mapchipstest.Named(t, "start squares", p.Starts, map[string]string{"León": "F2", "Pamplona": "J2", "Évora": "C9", "Murcia": "K9"})
	mapchipstest.Named(t, "large cities", p.Cities, map[string]string{"Barcelona": "O4", "Madrid": "H6", "Lisbon": "A8", "Seville": "E10"})
	if p.Arms["Barcelona"] < 1 || p.Arms["Madrid"] < 1 {
		t.Errorf("coats of arms %v: Barcelona and Madrid must have some", p.Arms)
	}
	mapchipstest.Named(t, "towns", p.Towns, map[string]string{"León": "F2", "Pamplona": "J2", "Évora": "C9", "Murcia": "K9",
		"A Coruña": "B1", "Oviedo": "E1", "Bilbao": "I1", "Valladolid": "G4", "Zaragoza": "K4", "Porto": "B5",
		"Salamanca": "E5", "Coimbra": "B6", "Toledo": "G7", "Valencia": "L7", "Badajoz": "D8", "Alicante": "L9",
		"Córdoba": "G10", "Faro": "C11", "Málaga": "G11", "Granada": "H11", "Cádiz": "E12"})
	for name, sq := range map[string]string{"Finisterre": "A2", "Santiago": "B2", "Irun": "J1", "Burgos": "H3",
		"Jaca": "L2", "Girona": "P3", "Tarragona": "N5", "Mataró": "P4", "Dénia": "L8", "Gibraltar": "F12",
		"Palma": "P7", "Maó": "R6", "Eivissa": "N8"} {
		if got := m.Info(game.MustParseSquare(sq)).Name; got != name {
			t.Errorf("%s shows %q, want %s", sq, got, name)
		}
	}

	borders := map[string]int{}
	for _, b := range m.Borders {
		borders[b.Name]++
	}
	if borders["France"] != 4 || borders["Andorra"] != 1 || len(m.Borders) != 5 {
		t.Errorf("border connections %v, want 4 toward France and 1 toward Andorra", borders)
	}

	islands := map[string]string{}
	for _, isl := range m.Islands {
		var sqs []string
		for _, s := range isl.Squares {
			sqs = append(sqs, s.String())
			if info := m.Info(s); info.Arms != 1 || info.Town >= 0 {
				t.Errorf("%s on %s: %d coats of arms, town %d; want 1 coat of arms and no town", isl.Name, s, info.Arms, info.Town)
			}
			if trackColor(m, s) != "" {
				t.Errorf("%s on %s has a colour bar; the Balearic Islands have none", isl.Name, s)
			}
		}
		islands[isl.Name] = strings.Join(sqs, " ")
	}
	mapchipstest.Named(t, "islands", islands, map[string]string{"Mallorca": "P7 Q7", "Menorca": "R6", "Ibiza": "N8"})
	ferries := map[string]string{}
	for _, f := range m.Ferries {
		ferries[m.Islands[f.Island].Name] = fmt.Sprintf("%s:%s %s:%s", f.Harbour, f.HarbourDir, f.Landing, f.LandingDir)
	}
	mapchipstest.Named(t, "ferries", ferries, map[string]string{"Mallorca": "L7:E P7:W", "Ibiza": "L8:E N8:W", "Menorca": "P4:S R6:W"})
}

// TestEveryThreeStartsSeedAGame plays a game from each choice of 3 of the 4 start squares.
func TestEveryThreeStartsSeedAGame(t *testing.T) {
	m := Map()
	tiles := []string{"D", "U", "V"}
	for skip := range m.Starts {
		var starts []game.StartTile
		var names []string
		for i, s := range m.Starts {
			if i == skip {
				continue
			}
			tile, _ := game.Tiles().Tile(tiles[len(starts)])
			starts = append(starts, game.StartTile{Start: s.Name, Tile: tile.Index})
			names = append(names, s.Name)
		}
		g, err := game.NewGame(m, Variant{}, game.Setup{Players: []string{"a", "b"}, Seed: uint64(skip), Starts: starts})
		if err != nil {
			t.Fatalf("%v: %v", names, err)
		}
		rng := game.NewRNG(7)
		g.PlayOut(&rng)
		if len(g.Placed()) < 100 {
			t.Errorf("%v: only %d tiles placed", names, len(g.Placed()))
		}
	}
}

// TestEveryLargeCityAndIslandCanBeConnected: from the start squares, playable land reaches a
// square next to an open edge of every large city, the harbour of every island's ferry, and from
// its landing square every square of the island.
func TestEveryLargeCityAndIslandCanBeConnected(t *testing.T) {
	mapchipstest.CheckReach(t, Map())
}

// TestChipLayoutFollowsR403AndTheIberiaSeed lays the chips for 1,000 setups and checks every
// constraint of R4.0.3 with Iberia's own rules: no chip on the Balearic Islands (I2), and the
// seed's reading of constraint 5, no chip next to an open edge of a large city; closed sides do
// not keep chips away. With the flag chipNoAdjacentToAnyLargeCitySquare no chip lies next to any
// side of a large city.
func TestChipLayoutFollowsR403AndTheIberiaSeed(t *testing.T) {
	if mapchipstest.CheckLayouts(t, Rules(), FlagAnyLargeCitySquare, mapchips.Layout{Count: 30, NoIslands: true}, nil) == 0 {
		t.Fatal("no chip ever lay beside a large city's closed side: the seed's open-edge reading is not what is played")
	}
}
