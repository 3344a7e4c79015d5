package greatbritain

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"

// FlagOnlyIfMeeplesOnIsle: by the literal rules a completed set is used at once even with no
// meeple on the Isle of Man, and its three chips leave the game for nothing (G9, OQ-21); with this
// flag a set is used only when the player has meeples there, and stays in hand otherwise.
var FlagOnlyIfMeeplesOnIsle = game.BoolFlag("gbResolveSetOnlyIfMeeplesOnIsle", false,
	"a completed set of three is used only when the player has meeples on the Isle of Man; by default it is used anyway and its chips leave the game (OQ-21)")

// FlagBuilderTileIsExtraTurn is the reading for tables that play the rules of Traders & Builders
// (rules:tb): by default a builder's second tile is part of the turn, and the Isle of Man's extra
// turn is offered once the whole double turn is over; with this flag the second tile is the
// round's one extra turn, so a double turn offers none. The published rules are silent.
var FlagBuilderTileIsExtraTurn = game.BoolFlag("gbBuilderTileIsExtraTurn", false,
	"with rules:tb, a builder's second tile is the round's extra turn, so no Isle of Man turn follows it; by default one may").When(game.Options.TB)

// Rules is Map-Chips Great Britain as the registry lists it.
func Rules() game.MapRules {
	return game.MapRules{
		ID: "greatbritain", Map: Map(), Variant: Variant{},
		Flags: []game.Flag{FlagOnlyIfMeeplesOnIsle, FlagBuilderTileIsExtraTurn},
		Actions: []game.ActionSpec{
			{Name: IsleAction, Step: game.StepDecide, Shortcut: "isle",
				Description: "After your turn: put a meeple from your supply on the Isle of Man and take an extra turn at once"},
			{Name: SetAction, Step: game.StepMeeple, Shortcut: "set",
				Description: "Choose which set of three leaves the game, when your new chip completes several",
				Options: []game.ActionOption{
					{Name: "chips", Description: "the three chips of the set, such as purple 2 + blue 2 + orange 1", Required: true, Normal: normalSet},
				}},
		},
	}
}
