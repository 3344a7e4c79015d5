package benelux

import (
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

// The rule options of Benelux (RULES.md).
var (
	// FlagIslandColourLocked: each island is printed in one chip colour and only a chip of that
	// colour buys its tiles; off, any chip buys any island's tile (OQ-26).
	FlagIslandColourLocked = game.BoolFlag("beneluxIslandColourLocked", true,
		"only a chip of an island's colour buys its tiles; off: any chip buys any island's tile (OQ-26)")
	// FlagAnyLargeCitySquare: the Benelux seed keeps setup chips away from the open edges of large
	// cities only (OQ-15).
	FlagAnyLargeCitySquare = mapchips.AnyLargeCitySquareFlag(false, "")
)

// Rules is Map-Chips Benelux as the registry lists it.
func Rules() game.MapRules {
	return game.MapRules{
		ID: "benelux", Map: Map(), Variant: Variant{},
		Flags: []game.Flag{FlagIslandColourLocked, FlagAnyLargeCitySquare},
		Actions: []game.ActionSpec{{Name: IslandAction, Step: game.StepSource, Shortcut: "island", ShortcutOptions: []string{"stack"},
			Description: "Instead of drawing, hand in a chip to take an island tile of its colour",
			Options: []game.ActionOption{
				{Name: "island", Description: "the island's colour: purple (Texel), blue (Terschelling), orange (Ameland)", Choices: slices.Clone(game.ChipColors()), Required: true},
				{Name: "stack", Description: "which of the island's two stacks (left out: the first with a tile)", Choices: []string{"1", "2"}},
			}}},
		Fixes: fixes(),
	}
}
