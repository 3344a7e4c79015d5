// Package france is Map-Chips France (its rules: RULES.md): the map of France, where players collect
// grape chips, make wine of one colour worth exactly 2, and sell at most one wine a turn abroad
// (5 points) or to a town of the matching grape colour (9 points).
package france

import (
	_ "embed"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

//go:embed france.map
var mapFile []byte

var franceMap = game.MustParseMap("variants/france/france.map", mapFile)

// Map is the project's map of France.
func Map() *game.Map { return franceMap }

// Variant is the France rules: the plain game with the hooks below.
type Variant struct{}

// The hooks of France (game.Variant).
var (
	_ game.Preparer         = Variant{} // lays the chips
	_ game.PlacementReactor = Variant{} // collects the chip a tile covers
	_ game.Actor            = Variant{} // sells wine (wine.go)
	_ game.Viewer           = Variant{} // shows each player's wines
)

// Setup lays the 30 chips face down (F2, R4.0.3).
func (Variant) Setup(g *game.Game) error {
	return mapchips.LayStandard(g, mapchips.Layout{Count: 30, AnyLargeCitySquare: FlagAnyLargeCitySquare.On(g.Opts)})
}

// AfterPlacement collects the chip on the square (F3).
func (Variant) AfterPlacement(g *game.Game, sq game.Square) { mapchips.Collect(g, sq, true) }

// View shows each player's wines (derived from their face-up chips).
func (Variant) View(g *game.Game, _ bool) map[string]any {
	wines := map[string]map[string]int{}
	for _, p := range g.Players {
		wines[p.Name] = Wines(p.Chips)
	}
	return map[string]any{"wines": wines}
}
