package benelux

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips/mapchipstest"
)

// TestMapFacts checks the drawn map of the Benelux against what its RULES.md says of it and against
// the geography: every named place on its square.
func TestMapFacts(t *testing.T) {
	m := Map()
	want := mapchipstest.Census{
		Cols: 14, Rows: 20,
		Playable: 132, Mainland: 132, // about 130-140
		Printed: 4, Marked: 9, Cities: 4, // 3 waves, 6 island stacks
		Islands: 0, Ferries: 0, // the Wadden islands take no tiles: their stacks are marks
		Starts: 3, StartsUsed: 2, DefaultTiles: 114, Meeples: 9,
	}
	if got := mapchipstest.CensusOf(m); got != want {
		t.Errorf("the map counts\n%+v, want\n%+v", got, want)
	}
	marks := map[string][]string{}
	m.Squares(func(s game.Square, info *game.SquareInfo) {
		if info.Kind == game.Marked {
			marks[info.Mark] = append(marks[info.Mark], s.String())
		}
	})
	// B7: three wave squares, in the IJsselmeer, the Markermeer and the Oosterschelde.
	if got := strings.Join(marks["wave"], " "); got != "I5 I6 E11" {
		t.Errorf("wave squares %s, want I5 I6 E11", got)
	}
	if len(marks) != 2 || len(marks["stack"]) != 6 {
		t.Errorf("marked squares %v, want 3 waves and 6 stacks", marks)
	}

	// B3, B6: three islands, one per chip colour, two stack squares each.
	for i, want := range []struct{ name, color, stacks, label string }{
		{"Texel", game.Purple, "G3 G4", "Texel"},
		{"Terschelling", game.Blue, "I2 J2", "Terschelling"},
		{"Ameland", game.Orange, "K1 L1", "Ameland"},
	} {
		isl := islands[i]
		got := isl.Stacks[0].String() + " " + isl.Stacks[1].String()
		if isl.Name != want.name || isl.Color != want.color || got != want.stacks {
			t.Errorf("island %d: %s %s on %s, want %s %s on %s", i, isl.Name, isl.Color, got, want.name, want.color, want.stacks)
		}
		if name := m.Info(isl.Stacks[0]).Name; name != want.label {
			t.Errorf("%s shows %q, want %s", isl.Stacks[0], name, want.label)
		}
	}

	p := mapchipstest.PlacesOf(m)
	mapchipstest.Named(t, "start squares", p.Starts, map[string]string{"Meppel": "L5", "Eindhoven": "I11", "Charleroi": "F16"})
	mapchipstest.Named(t, "large cities", p.Cities, map[string]string{"Amsterdam": "H7", "Rotterdam": "F9", "Brussels": "F14", "Luxembourg": "K20"})
	for name, n := range p.Arms {
		if n < 1 {
			t.Errorf("%s has no coat of arms", name)
		}
	}
	mapchipstest.Named(t, "towns", p.Towns, map[string]string{"Meppel": "L5", "Eindhoven": "I11", "Charleroi": "F16",
		"Leeuwarden": "J3", "Groningen": "M3", "Zwolle": "K6", "The Hague": "F8", "Utrecht": "H8", "Enschede": "N8",
		"Arnhem": "K9", "Nijmegen": "K10", "Middelburg": "D11", "Bruges": "C12", "Antwerp": "F12", "Ghent": "D13",
		"Maastricht": "J14", "Liège": "J15", "Namur": "H16", "Arlon": "J20"})
	for name, sq := range map[string]string{"Den Helder": "G5", "Alkmaar": "G6", "Haarlem": "G7", "Lelystad": "J6",
		"Breda": "G10", "Tilburg": "H10", "'s-Hertogenbosch": "I10", "Venlo": "K12", "Ostend": "B12", "Ypres": "B14",
		"Kortrijk": "C14", "Leuven": "G14", "Hasselt": "I14", "Tournai": "C15", "Mons": "E16", "Dinant": "G17",
		"Chimay": "F18", "Bastogne": "J18", "Bouillon": "H19", "Echternach": "L19"} {
		if got := m.Info(game.MustParseSquare(sq)).Name; got != name {
			t.Errorf("%s shows %q, want %s", sq, got, name)
		}
	}

	// Printed border connections toward Germany and France; the coast is neutral.
	borders := map[string]int{}
	for _, b := range m.Borders {
		borders[b.Name]++
		// The coast: every north edge, and the west edges down to De Panne (row 13).
		if b.Dir == game.North || b.Dir == game.West && b.Square.Row() < 13 {
			t.Errorf("border %s %s faces the North Sea, which is neutral", b.Square, b.Dir)
		}
	}
	if borders["Germany"] != 5 || borders["France"] != 4 || len(m.Borders) != 9 {
		t.Errorf("border connections %v, want 5 toward Germany and 4 toward France", borders)
	}
}

// TestEveryTwoStartsSeedAGame plays a game from each choice of 2 of the 3 start squares.
func TestEveryTwoStartsSeedAGame(t *testing.T) {
	m := Map()
	d, _ := game.Tiles().Tile("D")
	u, _ := game.Tiles().Tile("U")
	for skip := range m.Starts {
		var starts []game.StartTile
		var names []string
		for i, s := range m.Starts {
			if i != skip {
				tile := d.Index
				if len(starts) > 0 {
					tile = u.Index
				}
				starts = append(starts, game.StartTile{Start: s.Name, Tile: tile})
				names = append(names, s.Name)
			}
		}
		g, err := game.NewGame(m, Variant{}, game.Setup{Players: []string{"a", "b"}, Seed: uint64(skip), Starts: starts})
		if err != nil {
			t.Fatalf("%v: %v", names, err)
		}
		rng := game.NewRNG(7)
		g.PlayOut(&rng)
		if len(g.Placed()) < 70 {
			t.Errorf("%v: only %d tiles placed", names, len(g.Placed()))
		}
	}
}

// TestEveryLargeCityCanBeConnected: from the start squares, playable land reaches every playable
// square and a square next to an open edge of every large city; every island stack square lies
// off the playable land (no tile is ever placed there).
func TestEveryLargeCityCanBeConnected(t *testing.T) {
	m := Map()
	r := mapchipstest.CheckReach(t, m)
	for _, isl := range islands {
		for _, s := range isl.Stacks {
			if r.Squares[s] || m.Info(s).Kind != game.Marked {
				t.Errorf("the stack square %s of %s takes tiles", s, isl.Name)
			}
		}
	}
}

// TestChipLayoutFollowsR403AndTheBeneluxSeed lays the chips for 1,000 setups and checks B2 and
// every constraint of R4.0.3 with the Benelux seed's reading of constraint 5: no chip next to an
// open edge of a large city, while closed sides do not keep chips away; never on a wave or stack
// square (R4.0.4); 20 chips laid and 10 out of the game. With the flag
// chipNoAdjacentToAnyLargeCitySquare no chip lies next to any side of a large city.
func TestChipLayoutFollowsR403AndTheBeneluxSeed(t *testing.T) {
	besideClosedSide := mapchipstest.CheckLayouts(t, Rules(), FlagAnyLargeCitySquare, mapchips.Layout{Count: 20}, func(g *game.Game) {
		if len(g.ChipsOut) != 10 {
			t.Fatalf("seed %d: %d chips out of the game, want 10", g.Setup.Seed, len(g.ChipsOut))
		}
	})
	if besideClosedSide == 0 {
		t.Fatal("no chip ever lay beside a large city's closed side: the seed's open-edge reading is not what is played")
	}
}
