package jcz

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

func tile(t *testing.T, id string) *game.TileType {
	t.Helper()
	tt, ok := game.Tiles().Tile(id)
	if !ok {
		t.Fatalf("no tile %s", id)
	}
	return tt
}

// TestLocationsUseJCloisterZoneNames: a meeple's feature is named by its class and the sides (or
// half-edges, for fields) it covers in map directions, as JCloisterZone's Location names them.
func TestLocationsUseJCloisterZoneNames(t *testing.T) {
	for _, c := range []struct {
		tile     string
		rotation game.Rotation
		spot     string
		feature  string
		location string
	}{
		{"D", 0, "city:N", "City", "N"},
		{"D", 0, "road:W", "Road", "WE"},
		{"D", 0, "field:EL", "Field", "EL.WR"},
		{"D", 0, "field:SL", "Field", "ER.SL.SR.WL"},
		{"D", 1, "city:E", "City", "E"},
		{"D", 1, "road:N", "Road", "NS"},
		{"N", 2, "city:S", "City", "SE"},
		{"N", 1, "city:N", "City", "NE"},
		{"N", 3, "city:W", "City", "SW"},
		{"N", 0, "city:W", "City", "NW"},
		{"R", 0, "city:N", "City", "_S"},
		{"R", 1, "city:N", "City", "_W"},
		{"R", 2, "city:S", "City", "_N"},
		{"R", 3, "city:S", "City", "_E"},
		{"C", 0, "city:N", "City", "NWSE"},
		{"E", 2, "field:NL", "Field", "NL.NR.EL.ER.WL.WR"},
		{"A", 0, "cloister", "Monastery", "I"},
		{"A", 0, "road:S", "Road", "S"},
		{"X", 0, "field:NL", "Field", "NL.WR"},
	} {
		face := tile(t, c.tile).Face(c.rotation)
		i, ok := face.SpotFeature(c.spot)
		if !ok {
			t.Fatalf("%s at %s has no spot %s", c.tile, c.rotation, c.spot)
		}
		feature, loc, err := location(face, i)
		if err != nil || feature != c.feature || loc != c.location {
			t.Errorf("%s at %s, %s: %s %s (%v), want %s %s", c.tile, c.rotation, c.spot, feature, loc, err, c.feature, c.location)
		}
	}
}

// TestTheTileTableIsChecked: a tile table naming a tile twice, a tile outside the base game, a
// JCloisterZone id twice, or edges other than ours at rotation 0 is refused at its line.
func TestTheTileTableIsChecked(t *testing.T) {
	for name, c := range map[string]struct{ text, want string }{
		"tile twice":       {"D BA/RCr CRFR\nD BA/X CRFR\n", "t.txt:2: tile D is listed twice"},
		"unknown tile":     {"# c\nZZ BA/Y FFRR\n", "t.txt:2: \"ZZ\" is not a tile of the base game or the expansions"},
		"expansion turned": {"IC-A IC/Rr.i RRFF\n", "t.txt:1: IC-A has edges FFRR at rotation 0, the table says RRFF"},
		"id twice":         {"D BA/RCr CRFR\nE BA/RCr CFFF\n", "t.txt:2: JCloisterZone id BA/RCr is already given to the tile on line 1"},
		"turned":           {"D BA/RCr RCRF\n", "t.txt:1: D has edges CRFR at rotation 0, the table says RCRF"},
		"short line":       {"D BA/RCr\n", "t.txt:1: want ID JCZ-ID EDGES"},
		"missing a tile":   {"D BA/RCr CRFR\n", "tile A (set base) has no JCloisterZone id"},
		"the real table":   {string(tilesFile), ""},
		"the real, edited": {strings.Replace(string(tilesFile), "BA/Rr ", "BA/RFr", 1), "is already given"},
	} {
		_, err := parseTileIDs("t.txt", []byte(c.text))
		if c.want == "" {
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

// TestATurnIsPlaceThenMeepleOrPassThenCommit follows a short game message by message: tile ids,
// clockwise rotations, positions east and south of the start tile, meeple pointers, and meeple
// numbers, the lowest one in the supply (a meeple back from a scored city is used again).
func TestATurnIsPlaceThenMeepleOrPassThenCommit(t *testing.T) {
	s := game.Setup{Map: "classic", Players: []string{"Ann", "Bob"}, Seed: 1, Options: game.DefaultOptions(),
		DeckTop: ids(t, "E", "U", "B", "V")}
	c := game.ClassicMap().Centre()
	at := func(dc, dr int) game.Square { return game.At(c.Col()+dc, c.Row()+dr) }
	moves := []game.Move{
		{Kind: game.MovePlace, Player: 0, Square: at(0, -1), Rotation: 2},
		{Kind: game.MoveMeeple, Player: 0, Spot: "city:S"},
		{Kind: game.MovePlace, Player: 1, Square: at(1, 0), Rotation: 0},
		{Kind: game.MoveMeeple, Player: 1, Spot: "field:NL"},
		{Kind: game.MovePlace, Player: 0, Square: at(0, 1), Rotation: 1},
		{Kind: game.MoveMeeple, Player: 0, Spot: "cloister"},
		{Kind: game.MovePlace, Player: 1, Square: at(-1, 0), Rotation: 2},
		{Kind: game.MoveMeeple, Player: 1, Spot: "none"},
	}
	sg, err := Export(s, moves, Meta{GameID: "t1", Name: "Classic"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range sg.Replay {
		p, _ := json.Marshal(m.Payload)
		got = append(got, m.Type+" "+string(p))
	}
	want := []string{
		`PLACE_TILE {"tileId":"BA/C","rotation":"R180","position":[0,-1]}`,
		`DEPLOY_MEEPLE {"pointer":{"position":[0,-1],"feature":"City","location":"S"},"meepleId":"0.small.1"}`,
		`COMMIT {"random":0}`,
		`PLACE_TILE {"tileId":"BA/RFr","rotation":"R0","position":[1,0]}`,
		`DEPLOY_MEEPLE {"pointer":{"position":[1,0],"feature":"Field","location":"NL.NR.EL.WR"},"meepleId":"1.small.1"}`,
		`COMMIT {"random":0}`,
		`PLACE_TILE {"tileId":"BA/L","rotation":"R90","position":[0,1]}`,
		`DEPLOY_MEEPLE {"pointer":{"position":[0,1],"feature":"Monastery","location":"I"},"meepleId":"0.small.1"}`,
		`COMMIT {"random":0}`,
		`PLACE_TILE {"tileId":"BA/Rr","rotation":"R180","position":[-1,0]}`,
		`PASS {}`,
		`COMMIT {"random":0}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("replay:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if sg.Setup.Start[0] != (StartTile{Tile: "BA/RCr"}) || sg.Players[1] != (Player{Name: "Bob", Slot: 1}) {
		t.Fatalf("start %v, players %v", sg.Setup.Start, sg.Players)
	}
	if d := sg.GameAnnotations.DrawOrder; len(d) != 71 || strings.Join(d[:4], " ") != "BA/C BA/RFr BA/L BA/Rr" {
		t.Fatalf("draw order %v", d)
	}
}

func ids(t *testing.T, names ...string) []game.TileID {
	var out []game.TileID
	for _, n := range names {
		out = append(out, tile(t, n).Index)
	}
	return out
}

// TestTheDrawOrderIsTheGamesDraws: over random games, the forced draw order is every tile the
// game drew, in order, the unplaceable ones it discarded included; each PLACE_TILE places the
// tile drawn for its turn; and every turn ends in one COMMIT.
func TestTheDrawOrderIsTheGamesDraws(t *testing.T) {
	for seed := range uint64(40) {
		s := game.Setup{Map: "classic", Seed: seed, Options: game.DefaultOptions(), Players: []string{"A", "B", "C", "D", "E", "F"}[:2+seed%5]}
		moves, turns := randomGame(t, s)
		sg, err := Export(s, moves, Meta{})
		if err != nil {
			t.Fatal(err)
		}
		g, _ := game.NewGame(game.ClassicMap(), nil, s)
		var draws, placed []string
		for _, d := range g.Discarded {
			draws = append(draws, tileIDs[d])
		}
		draws = append(draws, tileIDs[g.Drawn])
		placed = append(placed, tileIDs[g.Drawn])
		for _, m := range moves {
			events, _ := g.Apply(m)
			for _, e := range events {
				switch e.Kind {
				case game.EventTileDiscarded:
					draws = append(draws, tileIDs[e.Tile])
				case game.EventTurnStarted:
					draws = append(draws, tileIDs[e.Tile])
					placed = append(placed, tileIDs[e.Tile])
				}
			}
		}
		if strings.Join(draws, " ") != strings.Join(sg.GameAnnotations.DrawOrder, " ") {
			t.Fatalf("seed %d: draw order\n%v\nthe game drew\n%v", seed, sg.GameAnnotations.DrawOrder, draws)
		}
		var commits int
		var tiles []string
		for _, m := range sg.Replay {
			switch m.Type {
			case "PLACE_TILE":
				tiles = append(tiles, m.Payload.(PlaceTile).TileID)
			case "COMMIT":
				commits++
			}
		}
		if strings.Join(tiles, " ") != strings.Join(placed, " ") || commits != len(turns) {
			t.Fatalf("seed %d: placed %v, drawn for the turns %v; %d commits for %d turns", seed, tiles, placed, commits, len(turns))
		}
	}
}

// TestOnlyWhatJCloisterZoneReplaysExactlyIsWritten: another map, part of an expansion's tiles, or
// a move with no JCloisterZone equivalent (a skipped turn, a resignation) is refused as
// ErrUnsupported.
func TestOnlyWhatJCloisterZoneReplaysExactlyIsWritten(t *testing.T) {
	classic := game.Setup{Map: "classic", Players: []string{"Ann", "Bob"}, Seed: 3, Options: game.DefaultOptions()}
	partOfTheBoxes := classic
	partOfTheBoxes.Options.Pool, partOfTheBoxes.Options.TileCount = game.PoolCount, 100
	france := classic
	france.Map = "france"
	for name, c := range map[string]struct {
		setup game.Setup
		moves []game.Move
		want  string
	}{
		"a printed map":           {france, nil, "only games of the classic table"},
		"part of the expansions'": {partOfTheBoxes, nil, "dealt 100 tiles (tile pool count): JCloisterZone deals whole tile sets"},
		"a skipped turn":          {classic, []game.Move{{Kind: game.MoveSkip, Player: 0}}, "move 1 (turn 1, Ann): JCloisterZone cannot replay this game exactly: a skip move"},
		"a resignation":           {classic, []game.Move{{Kind: game.MoveResign, Player: 1}}, "a resign move has no JCloisterZone equivalent"},
	} {
		_, err := Export(c.setup, c.moves, Meta{})
		if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}
