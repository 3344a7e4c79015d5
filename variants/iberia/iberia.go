// Package iberia is Map-Chips Iberian Peninsula (its rules: RULES.md): the map of Spain and Portugal,
// whose 12 rows are coloured tracks. A chip a tile turns over scores its value and goes back on
// the map face up as a treat, in the rows of its colour; a tile placed on a treat scores twice its
// value. The Balearic Islands, reached by ferry, score 2 points per coat of arms.
package iberia

import (
	_ "embed"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

//go:embed iberia.map
var mapFile []byte

var iberiaMap = game.MustParseMap("variants/iberia/iberia.map", mapFile)

// Map is the project's map of the Iberian Peninsula.
func Map() *game.Map { return iberiaMap }

// Variant is the Iberian Peninsula rules: the plain game with the hooks below.
type Variant struct{}

// The hooks of the Iberian Peninsula (game.Variant).
var (
	_ game.Stateful         = Variant{} // the chip waiting to be laid as a treat
	_ game.Preparer         = Variant{} // lays the chips
	_ game.PlacementReactor = Variant{} // collects a chip, finds a treat, scores coats of arms
	_ game.Actor            = Variant{} // lays the treat (treat.go)
	_ game.Holder           = Variant{} // the chip waiting to be laid
	_ game.Finisher         = Variant{} // puts out a treat still waiting at the end
)

// state is the variant's part of the game: the chip turned over this turn while its player
// chooses where the treat goes.
type state struct {
	Treat *game.Chip `json:"treat,omitempty"`
}

func (s *state) Clone() game.VariantState {
	c := *s
	if s.Treat != nil {
		t := *s.Treat
		c.Treat = &t
	}
	return &c
}

// CloneInto is Clone made in the memory of dst, a state of a copy the search has done with.
func (s *state) CloneInto(dst game.VariantState) game.VariantState {
	d, ok := dst.(*state)
	if !ok {
		return s.Clone()
	}
	treat := d.Treat
	*d = *s
	if s.Treat != nil {
		if treat == nil {
			treat = new(game.Chip)
		}
		*treat = *s.Treat
		d.Treat = treat
	}
	return d
}

func st(g *game.Game) *state { return game.StateOf[*state](g) }

// NewState is an empty state for a snapshot to be decoded into.
func (Variant) NewState() game.VariantState { return &state{} }

// Setup lays the 30 chips face down by R4.0.3, never on the Balearic Islands (I2).
func (Variant) Setup(g *game.Game) error {
	return mapchips.LayStandard(g, mapchips.Layout{Count: 30, NoIslands: true,
		AnyLargeCitySquare: FlagAnyLargeCitySquare.On(g.Opts)})
}

// AfterPlacement applies the on-placement effects in the order of the rules (game/RULES.md, a turn,
// step 3): a face-down chip is collected and must go back as a treat (I4), a treat is found (I7),
// coats of arms score (I3). A square holds one chip at most, and never one on the Balearics, so at
// most one of them happens.
func (Variant) AfterPlacement(g *game.Game, sq game.Square) {
	if c, ok := mapchips.Collect(g, sq, false); ok {
		putBack(g, sq, c)
	}
	findTreat(g, sq)
	mapchips.ScoreArms(g, sq)
}

// Held is the chip waiting to be laid as a treat: neither on the map nor in a supply.
func (Variant) Held(g *game.Game) game.Held {
	if t := st(g).Treat; t != nil {
		return game.Held{Chips: []game.Chip{*t}}
	}
	return game.Held{}
}

// Final puts out of the game a treat still waiting to be laid when the game ends (the other
// players resigned meanwhile): chips left score nothing (I10).
func (Variant) Final(g *game.Game) {
	if s := st(g); s.Treat != nil {
		g.ChipsOut = append(g.ChipsOut, *s.Treat)
		s.Treat = nil
	}
}
