package jcz

import (
	"bufio"
	"bytes"
	_ "embed"
	"fmt"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

//go:embed data/tiles.txt
var tilesFile []byte

// tileIDs maps each tile of the base game and of the two expansions to its JCloisterZone id.
var tileIDs = mustParseTileIDs("game/record/jcz/data/tiles.txt", tilesFile)

// tileSets are JCloisterZone's names of the tile sets of our tile table (its tile-set ids).
var tileSets = map[string]string{"base": "basic:1", "ic": "inns-and-cathedrals:1", "tb": "traders-and-builders:1"}

func mustParseTileIDs(name string, data []byte) map[game.TileID]string {
	ids, err := parseTileIDs(name, data)
	if err != nil {
		panic(err)
	}
	return ids
}

// parseTileIDs reads the tile table, checking that it names every tile of the base game and the
// two expansions once, each with a distinct JCloisterZone id and the edges our tile has at
// rotation 0.
func parseTileIDs(name string, data []byte) (map[game.TileID]string, error) {
	ids := map[game.TileID]string{}
	seen := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: want ID JCZ-ID EDGES, got %q", name, n, line)
		}
		t, ok := game.Tiles().Tile(f[0])
		if !ok || tileSets[t.Set] == "" {
			return nil, fmt.Errorf("%s:%d: %q is not a tile of the base game or the expansions in the tile list (game/data/tiles.txt)", name, n, f[0])
		}
		if _, dup := ids[t.Index]; dup {
			return nil, fmt.Errorf("%s:%d: tile %s is listed twice", name, n, t.ID)
		}
		if line, dup := seen[f[1]]; dup {
			return nil, fmt.Errorf("%s:%d: JCloisterZone id %s is already given to the tile on line %d", name, n, f[1], line)
		}
		if got := edgeLetters(t.Face(0)); got != f[2] {
			return nil, fmt.Errorf("%s:%d: %s has edges %s at rotation 0, the table says %s (JCloisterZone's %s): the orientations differ", name, n, t.ID, got, f[2], f[1])
		}
		ids[t.Index], seen[f[1]] = f[1], n
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	for _, t := range game.Tiles().Types {
		if _, ok := ids[t.Index]; tileSets[t.Set] != "" && !ok {
			return nil, fmt.Errorf("%s: tile %s (set %s) has no JCloisterZone id", name, t.ID, t.Set)
		}
	}
	return ids, nil
}

func edgeLetters(f *game.Face) string {
	var b strings.Builder
	for _, e := range f.Edges {
		b.WriteByte(strings.ToUpper(e.String())[0])
	}
	return b.String()
}
