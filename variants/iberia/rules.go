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
		Summary: []string{
			"Map-Chips Iberian Peninsula: the 12 rows are tracks, rows 1-4 orange, 5-8 blue, 9-12 purple. Placing a tile on a face-down chip scores its value (1 or 2); then you put the chip back face up, as a treat, on a free square (no tile, no chip) of the rows of its colour (when the deadline passes: the free square farthest from every tile). If none is free, the chip leaves the game.",
			"Placing a tile on a treat scores twice its value (2 or 4) and the chip leaves the game. The Balearic Islands open by ferry; each coat of arms there scores 2 when a tile covers it. Chips left at the end score nothing.",
		},
		Help: "Iberian Peninsula: after your tile turns over a chip, /chips treat square:F2 (or treat:F2 on /place, or a button) lays it as a treat.",
	}
}
