package france

import (
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips/mapchipstest"
)

// TestMapFacts checks the drawn map of France against what its RULES.md says of it.
func TestMapFacts(t *testing.T) {
	m := Map()
	if m.Cols != 14 || m.Rows != 13 {
		t.Errorf("grid %dx%d, want 14x13", m.Cols, m.Rows)
	}
	if n := m.PlayableCount(); n < 130 || n > 140 {
		t.Errorf("%d playable squares, want 130-140", n)
	}
	starts := map[string]string{"Nancy": "L4", "Le Mans": "F5", "Limoges": "G8"}
	if len(m.Starts) != 3 || m.StartsUsed != 2 {
		t.Errorf("%d start squares, %d used; want 3, 2", len(m.Starts), m.StartsUsed)
	}
	for _, s := range m.Starts {
		if starts[s.Name] != s.Square.String() {
			t.Errorf("start %s on %s, want %s", s.Name, s.Square, starts[s.Name])
		}
	}
	nancy := m.Info(game.MustParseSquare("L4"))
	if nancy.Town < 0 || m.Towns[nancy.Town].Color != game.Orange {
		t.Errorf("Nancy must be an orange town")
	}
	colours := map[string]int{}
	names := map[string]bool{}
	for _, town := range m.Towns {
		colours[town.Color]++
		names[town.Name] = true
		if m.Info(town.Square).Kind != game.Playable {
			t.Errorf("town %s is not on a playable square", town.Name)
		}
	}
	for _, c := range game.ChipColors() {
		if colours[c] < 3 {
			t.Errorf("%d %s towns, want at least 3", colours[c], c)
		}
	}
	for _, n := range []string{"Reims", "Épernay", "Colmar", "Dijon", "Beaune", "Tours", "Angers", "Sancerre", "Avignon",
		"Montpellier", "Cognac", "Saint-Émilion", "Cahors", "Strasbourg", "Nice", "Perpignan"} {
		if !names[n] {
			t.Errorf("no town %s", n)
		}
	}
	var paris *game.LargeCity
	for i := range m.Cities {
		if m.Cities[i].Name == "Paris" {
			paris = &m.Cities[i]
		}
	}
	if paris == nil || paris.Arms < 1 {
		t.Fatalf("Paris must be a large city with coats of arms")
	}
	countries := map[string]bool{}
	kinds := map[string]int{}
	for _, b := range m.Borders {
		countries[b.Name] = true
		switch {
		case b.Kind == game.BorderRoad:
			kinds["road"]++
		case b.Arms:
			kinds["city+arms"]++
		default:
			kinds["city"]++
		}
	}
	for _, c := range []string{"Belgium", "Luxembourg", "Germany", "Switzerland", "Italy", "Spain", "Andorra"} {
		if !countries[c] {
			t.Errorf("no border connection toward %s", c)
		}
	}
	if kinds["road"] < 3 || kinds["city+arms"] < 3 {
		t.Errorf("border connections %v, want at least 3 roads and 3 cities with arms", kinds)
	}
}

// TestEveryStartPairSeedsAGame plays games from each choice of 2 of the 3 start squares.
func TestEveryStartPairSeedsAGame(t *testing.T) {
	m := Map()
	for i := range m.Starts {
		for j := i + 1; j < len(m.Starts); j++ {
			d, _ := game.Tiles().Tile("D")
			u, _ := game.Tiles().Tile("U")
			g, err := game.NewGame(m, Variant{}, game.Setup{Players: []string{"a", "b"}, Seed: uint64(i*3 + j),
				Starts: []game.StartTile{{Start: m.Starts[i].Name, Tile: d.Index}, {Start: m.Starts[j].Name, Tile: u.Index}}})
			if err != nil {
				t.Fatalf("%s + %s: %v", m.Starts[i].Name, m.Starts[j].Name, err)
			}
			rng := game.NewRNG(7)
			g.PlayOut(&rng)
			if len(g.Placed()) < 100 {
				t.Errorf("%s + %s: only %d tiles placed", m.Starts[i].Name, m.Starts[j].Name, len(g.Placed()))
			}
		}
	}
}

// TestEveryLargeCityCanBeConnected: from the start squares, playable land reaches a square next to
// an open edge of every large city.
func TestEveryLargeCityCanBeConnected(t *testing.T) {
	mapchipstest.CheckReach(t, Map())
}

// TestChipLayoutFollowsR403AndTheFranceSeed lays the chips for 1,000 setups and checks every
// constraint of R4.0.3 with France's own reading of constraint 5 (its seed, footnote 2): no chip
// next to any side of a large-city square, Paris included. With the flag set to the other reading
// only open edges keep chips away, and some chips then lie next to a city's closed sides.
func TestChipLayoutFollowsR403AndTheFranceSeed(t *testing.T) {
	if mapchipstest.CheckLayouts(t, Rules(), FlagAnyLargeCitySquare, mapchips.Layout{Count: 30}, nil) == 0 {
		t.Fatal("with the open-edge reading no chip ever lay beside a large city's closed side: the flag changes nothing")
	}
}

// TestPlayoutsKeepTheEnginesPromises plays 2,000 complete random games with the test kit's
// invariants checked after every move: the 30 chips accounted for (on the map, in supplies, sold
// out of the game), no face-down chip in the redacted view, refused sales changing nothing, every
// sale listed accepted, the move log replaying to the same state.
func TestPlayoutsKeepTheEnginesPromises(t *testing.T) {
	gametest.Playouts(t, Rules(), 2000, 1)
}

// BenchmarkPlayoutFrance plays complete random games with chips on the map of France (target
// >= 3,000 games/s on one core).
func BenchmarkPlayoutFrance(b *testing.B) { gametest.BenchPlayouts(b, Rules()) }
