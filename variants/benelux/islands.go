package benelux

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// island is a Wadden island of the map: its name, its chip colour (B6) and its two stack squares
// (slot 1 and slot 2), read from the map's "mark SQ stack island=NAME color=COLOUR slot=N" lines.
type island struct {
	Name   string
	Color  string
	Stacks [2]game.Square
}

// islands are the map's islands in the order of the chip colours (purple, blue, orange).
var islands = readIslands(Map())

// readIslands collects the stack squares of m by island. Each chip colour must have exactly one
// island with a slot 1 and a slot 2 (B3, B6): the map file is wrong otherwise.
func readIslands(m *game.Map) []island {
	var out []island
	seen := map[game.Square]bool{}
	for _, color := range game.ChipColors() {
		isl := island{Color: color, Stacks: [2]game.Square{game.NoSquare, game.NoSquare}}
		m.Squares(func(s game.Square, info *game.SquareInfo) {
			if info.Kind != game.Marked || info.Mark != "stack" || info.Attrs["color"] != color {
				return
			}
			slot, err := strconv.Atoi(info.Attrs["slot"])
			if err != nil || slot < 1 || slot > 2 || isl.Stacks[slot-1] != game.NoSquare || (isl.Name != "" && isl.Name != info.Attrs["island"]) {
				panic(fmt.Sprintf("%s: the stack on %s needs island=NAME and slot=1 or 2, one of each per %s island", m.ID, s, color))
			}
			isl.Name, isl.Stacks[slot-1] = info.Attrs["island"], s
			seen[s] = true
		})
		if isl.Name == "" || isl.Stacks[1] == game.NoSquare || isl.Stacks[0] == game.NoSquare {
			panic(fmt.Sprintf("%s: the %s island needs two stack squares, slot=1 and slot=2", m.ID, color))
		}
		out = append(out, isl)
	}
	m.Squares(func(s game.Square, info *game.SquareInfo) {
		if info.Kind == game.Marked && info.Mark == "stack" && !seen[s] {
			panic(fmt.Sprintf("%s: the stack on %s has no chip colour (color=purple, blue or orange)", m.ID, s))
		}
	})
	return out
}

// stackSquare is the square of stack i.
func stackSquare(i int) game.Square { return islands[i/2].Stacks[i%2] }

// stackWords name stack i: "Texel's stack 1".
func stackWords(i int) game.Words {
	return game.Say(idBeneluxStack, "Island", msg.Place(islands[i/2].Name), "N", msg.Count(i%2+1))
}

// islandOf finds an island by its colour: the colour is what players type, as on every map's chip
// actions (light blue and lightblue are blue).
func islandOf(text string) (int, bool) {
	c, err := game.ParseColor(text)
	if err != nil {
		return -1, false
	}
	for i, isl := range islands {
		if isl.Color == c {
			return i, true
		}
	}
	return -1, false
}

// parseStacks reads a fixed deal of one island's two stacks: "V,U,E,D,U/E,E,E,E,E", each stack
// top first, up to StackSize tiles, "-" for an empty stack.
func parseStacks(text string) ([2][]game.TileID, error) {
	var out [2][]game.TileID
	parts := strings.Split(strings.Join(strings.Fields(text), ""), "/")
	if len(parts) != 2 {
		return out, fmt.Errorf("give the two stacks separated by /")
	}
	for k, p := range parts {
		if p == "-" {
			continue
		}
		for _, name := range strings.Split(p, ",") {
			t, ok := game.Tiles().Tile(name)
			if !ok {
				return out, fmt.Errorf("stack %d: %q is not a tile (A..X, IC-A.., TB-A..)", k+1, game.Echo(name))
			}
			out[k] = append(out[k], t.Index)
		}
		if len(out[k]) > StackSize {
			return out, fmt.Errorf("stack %d has %d tiles; a stack holds at most %d", k+1, len(out[k]), StackSize)
		}
	}
	return out, nil
}

// fixes are the table scripts' !setup lines for the island stacks, one per island.
func fixes() []game.Fix {
	var out []game.Fix
	for _, isl := range islands {
		out = append(out, game.Fix{Name: isl.Name,
			Usage: "!setup " + isl.Name + " V,U,E,D,U/E,E,E,E,E (the two stacks of " + isl.Name + ", each top first, - for an empty one)",
			Check: func(v string) error { _, err := parseStacks(v); return err }})
	}
	return out
}
