package france

import (
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

// The rule options of France (RULES.md).
var (
	// FlagBorderCityNeedsArms: a printed border city allows a sale abroad only with a coat of arms
	// (OQ-19).
	FlagBorderCityNeedsArms = game.BoolFlag("franceBorderCityNeedsArms", true,
		"a border city allows a sale abroad only with a coat of arms (OQ-19)")
	// FlagAnyLargeCitySquare: the France seed (footnote 2, after the German original) keeps setup
	// chips away from every side of a large-city square (OQ-15). Games opened before this was the
	// default were dealt with the other reading.
	FlagAnyLargeCitySquare = mapchips.AnyLargeCitySquareFlag(true, "false")
	// FlagSaleOnBuilderTile: with the rules of Traders & Builders (rules:tb), a builder's second
	// tile is a placement like any other, and a sale may follow it as it may follow the first
	// (one sale per tile placed); with false only the turn's first tile sells.
	FlagSaleOnBuilderTile = game.BoolFlag("franceSaleOnBuilderTile", true,
		"with rules:tb, a sale may follow a builder's second tile as it may follow the first; false: only the first tile sells").When(game.Options.TB)
)

// Rules is Map-Chips France as the registry lists it.
func Rules() game.MapRules {
	return game.MapRules{
		ID: "france", Map: Map(), Variant: Variant{},
		Flags: []game.Flag{FlagBorderCityNeedsArms, FlagAnyLargeCitySquare, FlagSaleOnBuilderTile},
		Actions: []game.ActionSpec{{Name: "sell", Step: game.StepMeeple,
			Description: "Sell one wine (2 points of one grape colour) abroad or to a town",
			Options: []game.ActionOption{
				{Name: "wine", Description: "the grape colour", Choices: slices.Clone(game.ChipColors()), Required: true},
				{Name: "to", Description: "abroad (5 points) or the town your tile covers (9 points)", Choices: []string{"abroad", "town"}, Required: true},
				{Name: "pay", Description: "which chips: 2 or 1+1 (when you could pay either)", Choices: []string{"2", "1+1"}},
			}}},
	}
}
