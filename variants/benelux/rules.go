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
		Summary: []string{
			"Map-Chips Benelux: 20 chips lie face down on the map. Placing a tile on one scores its value (1 or 2) and you keep the chip face up. Waves (IJsselmeer, Markermeer, Oosterschelde) never take a tile.",
			"The Wadden islands Texel (purple), Terschelling (light blue) and Ameland (orange) each hold two stacks of 5 tiles, the top one face up. At the start of your turn, instead of drawing, you may hand in a chip of an island's colour (held since before this turn) and take the top tile of one of its stacks; the stack's next tile is turned up at the end of your turn. Once you draw face down, you keep that tile. The game ends with the last face-down tile; chips and island tiles left score nothing.",
		},
		Help:  "Benelux: at the start of your turn, island:purple on /place (or /chips island, or a button) buys an island tile with a chip of its colour; /turn draw draws face down.",
		Fixes: fixes(),
	}
}
