package iberia

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

// The rule options of the Iberian Peninsula (RULES.md).
var (
	// FlagTreatMultiplier: a treat scores twice its value by the current rules; the original
	// German rules said three times (seed, footnote 4; OQ-31).
	FlagTreatMultiplier = game.Flag{Name: "iberiaTreatMultiplier", Default: "2", Choices: []string{"2", "3"},
		Description: "a treat scores 2 × its value (current rules) or 3 × (the original German rules) (OQ-31)"}
	// FlagAnyLargeCitySquare: the Iberia seed keeps setup chips away from the open edges of large
	// cities only (OQ-15).
	FlagAnyLargeCitySquare = mapchips.AnyLargeCitySquareFlag(false, "")
)

// Rules is Map-Chips Iberian Peninsula as the registry lists it.
func Rules() game.MapRules {
	return game.MapRules{
		ID: "iberia", Map: Map(), Variant: Variant{},
		Flags: []game.Flag{FlagTreatMultiplier, FlagAnyLargeCitySquare},
		Actions: []game.ActionSpec{{Name: TreatAction, Step: game.StepMeeple, Shortcut: "treat",
			Description: "Put the chip your tile turned over back on the map face up, as a treat",
			Options: []game.ActionOption{
				{Name: "square", Description: "a free square (no tile, no chip) in the rows of the chip's colour", Required: true},
			}}},
	}
}
