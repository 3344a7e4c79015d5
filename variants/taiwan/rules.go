package taiwan

import (
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

// FlagAnyLargeCitySquare is the rule option of OQ-15: the Taiwan seed keeps setup chips away from
// the open edges of large cities only.
var FlagAnyLargeCitySquare = mapchips.AnyLargeCitySquareFlag(false, "")

// FlagBigMeepleUpgrade is the reading of OQ-41 for tables that play the rules of Inns & Cathedrals
// (rules:ic): an upgrade adds one to what a meeple counts, so an upgraded big meeple counts 3
// (true); with false a big meeple cannot be upgraded. The published rules are silent.
var FlagBigMeepleUpgrade = game.BoolFlag("taiwanBigMeepleUpgrade", true,
	"with rules:ic, an upgraded big meeple counts 3; false: a big meeple cannot be upgraded (OQ-41)").When(game.Options.IC)

// Rules is Map-Chips Taiwan as the registry lists it.
func Rules() game.MapRules {
	return game.MapRules{
		ID: "taiwan", Map: Map(), Variant: Variant{},
		Flags: []game.Flag{FlagAnyLargeCitySquare, FlagBigMeepleUpgrade},
		Actions: []game.ActionSpec{{Name: UpgradeAction, Step: game.StepFinish, Shortcut: "upgrade",
			Description: "Upgrade one of your meeples on the map with chips worth exactly 4: it counts 2 until it scores",
			Options: []game.ActionOption{
				{Name: "square", Description: "the square of your meeple (the one just placed or an earlier one)", Required: true},
				{Name: "spot", Description: "where on that tile your meeple stands (there is only one)"},
				{Name: "pay", Description: "your chips worth exactly 4: 2+2, 2+1+1 or 1+1+1+1, as blue 2 + orange 2", Normal: normalPay},
			}}},
	}
}
