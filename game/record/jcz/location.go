package jcz

import (
	"fmt"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

// Pointer names a feature of a placed tile the way JCloisterZone does: the tile's position, the
// feature's class and its location in map directions.
type Pointer struct {
	Position [2]int `json:"position"`
	Feature  string `json:"feature"`
	Location string `json:"location"`
}

// sideNames are JCloisterZone's names for the sets of sides a city or road touches, indexed by
// a bit per side (N 1, E 2, S 4, W 8). Every non-empty set has a name there.
var sideNames = [16]string{
	1: "N", 2: "E", 4: "S", 8: "W",
	3: "NE", 6: "SE", 12: "SW", 9: "NW", 10: "WE", 5: "NS",
	14: "_N", 13: "_E", 11: "_S", 7: "_W", 15: "NWSE",
}

// halfNames are the half-edges in JCloisterZone's order, which is also the order of game.Half.
var halfNames = [8]string{"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"}

// location writes the JCloisterZone feature class and location of feature i of a placed face.
func location(f *game.Face, i int) (feature, loc string, err error) {
	ft := &f.Features[i]
	switch ft.Kind {
	case game.CloisterFeature:
		return "Monastery", "I", nil
	case game.CityFeature, game.RoadFeature:
		feature = "City"
		if ft.Kind == game.RoadFeature {
			feature = "Road"
		}
		return feature, sideNames[ft.Edges&15], nil
	case game.FieldFeature:
		if ft.Enclosed() {
			// A field closed in by cities touches no edge: JCloisterZone calls it the inner one.
			return "Field", "I", nil
		}
		var parts []string
		for h, name := range halfNames {
			if ft.HasHalf(game.Half(h)) {
				parts = append(parts, name)
			}
		}
		return "Field", strings.Join(parts, "."), nil
	}
	return "", "", fmt.Errorf("unknown feature kind %v", ft.Kind)
}
