package france

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
)

// TestMapFacts checks the drawn map of France against what the rules need (§1.14, §1.15, §4.1).
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
	nancy := m.Info(sqr("L4"))
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
	for _, c := range game.ChipColors {
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

func byChip(a, b game.Chip) int { return cmp.Or(strings.Compare(a.Color, b.Color), a.Value-b.Value) }

func sqr(s string) game.Square {
	q, err := game.ParseSquare(s)
	if err != nil {
		panic(err)
	}
	return q
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
	m := Map()
	seen := map[game.Square]bool{}
	queue := []game.Square{}
	for _, s := range m.Starts {
		seen[s.Square] = true
		queue = append(queue, s.Square)
	}
	reached := map[int]bool{}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		info := m.Info(s)
		for d := game.Dir(0); d < 4; d++ {
			n, _ := s.Step(d)
			switch info.Sides[d] {
			case game.SideLand:
				if !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			case game.SideCity:
				if info.Need.On(d) == game.City {
					reached[m.Info(n).City] = true
				}
			}
		}
	}
	for i, c := range m.Cities {
		if !reached[i] {
			t.Errorf("no tile can ever reach an open edge of %s", c.Name)
		}
	}
	if len(seen) != m.PlayableCount() {
		t.Errorf("%d of %d playable squares can be reached from the start squares", len(seen), m.PlayableCount())
	}
}

// TestChipLayoutFollowsR403AndTheFranceSeed lays the chips for 1,000 setups and checks every
// constraint of R4.0.3 with France's own reading of constraint 5 (its seed, footnote 2): no chip
// next to any side of a large-city square, Paris included. With the flag set to the other reading
// only open edges keep chips away, and some chips then lie next to a city's closed sides.
func TestChipLayoutFollowsR403AndTheFranceSeed(t *testing.T) {
	m := Map()
	openOnly := game.DefaultOptions()
	if err := openOnly.Set(FlagAnyLargeCitySquare, "false"); err != nil {
		t.Fatal(err)
	}
	besideClosedSide := 0
	for seed := range 1000 {
		for _, opts := range []game.Options{game.DefaultOptions(), openOnly} {
			anySide := FlagAnyLargeCitySquare.On(opts)
			if !anySide && seed%4 != 0 {
				continue
			}
			g, err := game.NewGame(m, Variant{}, game.Setup{Players: []string{"a", "b"}, Seed: uint64(seed), Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			if len(g.MapChips) != 30 {
				t.Fatalf("seed %d: %d chips laid, want 30", seed, len(g.MapChips))
			}
			var colours []game.Chip
			for _, c := range g.MapChips {
				colours = append(colours, c.Chip)
				info := m.Info(c.Square)
				if info.Kind != game.Playable || info.Town >= 0 || c.FaceUp {
					t.Fatalf("seed %d: chip on %s breaks R4.0.3 (town, not playable or face up)", seed, c.Square)
				}
				for d := game.Dir(0); d < 4; d++ {
					n, _ := c.Square.Step(d)
					if _, ok := g.ChipOn(n); ok {
						t.Fatalf("seed %d: chips on %s and %s are orthogonal neighbours", seed, c.Square, n)
					}
					if _, used := g.TileOn(n); used && m.Info(n).Start >= 0 {
						t.Fatalf("seed %d: chip on %s next to the used start square %s", seed, c.Square, n)
					}
					if info.Sides[d] != game.SideCity {
						continue
					}
					city := m.Cities[m.Info(n).City].Name
					switch {
					case anySide:
						t.Fatalf("seed %d: chip on %s next to a side of %s (France's seed forbids it)", seed, c.Square, city)
					case info.Need.On(d) == game.City:
						t.Fatalf("seed %d: chip on %s next to an open edge of %s", seed, c.Square, city)
					default:
						besideClosedSide++
					}
				}
			}
			slices.SortFunc(colours, byChip)
			want := game.StandardChips()
			slices.SortFunc(want, byChip)
			if !slices.Equal(colours, want) {
				t.Fatalf("seed %d: the 30 chips laid are not the box's 30", seed)
			}
		}
	}
	if besideClosedSide == 0 {
		t.Fatal("with the open-edge reading no chip ever lay beside a large city's closed side: the flag changes nothing")
	}
}

// TestPlayoutsKeepTheEnginesPromises plays 2,000 complete random games with the test kit's
// invariants checked after every move: the 30 chips accounted for (on the map, in supplies, sold
// out of the game), no face-down chip in the redacted view, refused sales changing nothing, every
// sale listed accepted, the move log replaying to the same state.
func TestPlayoutsKeepTheEnginesPromises(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	gametest.Playouts(t, Rules(), games, 1)
}

// BenchmarkPlayoutFrance plays complete random games with chips on the map of France (target
// >= 3,000 games/s on one core).
func BenchmarkPlayoutFrance(b *testing.B) { gametest.BenchPlayouts(b, Rules()) }
