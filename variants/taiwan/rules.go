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
		Summary: []string{
			"Map-Chips Taiwan: both start squares, Mount Snow and Mount Jade, are used. Placing a tile on a face-down chip scores its value (1 or 2); you keep the chip face up. The islands (Penghu, Guishan, Lüdao or Green Island, Xiaoliuqiu, Lanyu or Orchid Island) open by ferry; each coat of arms there scores 2 when a tile covers it.",
			"Chips worth exactly 4 (1+1+1+1, 2+2 or 2+1+1; colours do not matter, no change is given) upgrade one of your meeples on the map, in your turn after the meeple step and before the scoring, as often as you can pay: one chip goes under the meeple, the others leave the game. An upgraded meeple counts as 2 in every majority, farmers at the end included, and carries one upgrade at a time; when it scores, its chip leaves the game and it comes back an ordinary meeple. Chips left score nothing.",
		},
		Help: "Taiwan: after your meeple, /chips upgrade square:F7 pay:\"blue 2 + orange 2\" (or upgrade:F7 on /place, or a button) upgrades your meeple on F7.",
	}
}
