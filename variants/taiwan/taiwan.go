// Package taiwan is Map-Chips Taiwan (its rules: RULES.md): the map of Taiwan and its off-shore islands,
// with both start squares (Mount Snow and Mount Jade) in use. A chip a tile turns over scores its
// value and stays face up with the player; chips worth exactly 4 upgrade one of the player's
// meeples on the map, which then counts as 2 in every majority until it scores. The islands,
// reached by ferry, score 2 points per coat of arms.
package taiwan

import (
	_ "embed"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

//go:embed taiwan.map
var mapFile []byte

var taiwanMap = game.MustParseMap("variants/taiwan/taiwan.map", mapFile)

// Map is the project's map of Taiwan.
func Map() *game.Map { return taiwanMap }

// Variant is the Taiwan rules: the plain game with the hooks below.
type Variant struct{}

// The hooks of Taiwan (game.Variant).
var (
	_ game.Stateful         = Variant{} // the chips under upgraded meeples
	_ game.Preparer         = Variant{} // lays the chips
	_ game.PlacementReactor = Variant{} // collects a chip, scores coats of arms
	_ game.Actor            = Variant{} // upgrades a meeple (upgrade.go)
	_ game.ReturnWatcher    = Variant{} // takes the chip from under a meeple that goes home
	_ game.Holder           = Variant{} // the chips under meeples
	_ game.Marker           = Variant{} // draws them
)

// state is the variant's part of the game: the chips lying under upgraded meeples.
type state struct {
	Under []under `json:"under,omitempty"`
}

// under is the chip under the upgraded meeple on Square. A tile takes a meeple only in the turn it
// is placed, so the square names the meeple for as long as it stands there.
type under struct {
	Square game.Square `json:"square"`
	Spot   string      `json:"spot"`
	Player int         `json:"player"`
	Chip   game.Chip   `json:"chip"`
}

func (s *state) Clone() game.VariantState {
	return &state{Under: slices.Clone(s.Under)}
}

// CloneInto is Clone made in the memory of dst, a state of a copy the search has done with.
func (s *state) CloneInto(dst game.VariantState) game.VariantState {
	d, ok := dst.(*state)
	if !ok {
		return s.Clone()
	}
	d.Under = game.CopyOver(d.Under, s.Under)
	return d
}

func st(g *game.Game) *state { return game.StateOf[*state](g) }

// NewState is an empty state for a snapshot to be decoded into.
func (Variant) NewState() game.VariantState { return &state{} }

// Setup lays the 30 chips face down by R4.0.3 (T3): island squares are allowed (R4.0.4), and the
// Taiwan seed keeps chips away from the open edges of large cities only (OQ-15).
func (Variant) Setup(g *game.Game) error {
	return mapchips.LayStandard(g, mapchips.Layout{Count: 30, AnyLargeCitySquare: FlagAnyLargeCitySquare.On(g.Opts)})
}

// AfterPlacement applies the on-placement effects in the order of the rules (game/RULES.md, a turn,
// step 3): a face-down chip is collected, scores its value and stays face up with the player (T5);
// coats of arms score (T4).
func (Variant) AfterPlacement(g *game.Game, sq game.Square) {
	mapchips.Collect(g, sq, true)
	mapchips.ScoreArms(g, sq)
}

// MeepleReturned takes the chip from under a meeple that scored out of the game: the meeple goes
// back to its supply an ordinary one (T10), whoever's turn it is (TE6).
func (Variant) MeepleReturned(g *game.Game, m game.Meeple) {
	s := st(g)
	i := slices.IndexFunc(s.Under, func(u under) bool { return u.Square == m.Square })
	if i < 0 {
		return
	}
	u := s.Under[i]
	s.Under = slices.Delete(s.Under, i, i+1)
	g.ChipsOut = append(g.ChipsOut, u.Chip)
	if !g.Tells() {
		return
	}
	g.Note(m.Square, game.Say(idTaiwanChipOut, "Chip", game.ChipValue(u.Chip), "Player", msg.Player(g.Players[u.Player].Name), "Role", game.RoleObject(u.Spot), "Square", m.Square))

}

// Held counts the chips under upgraded meeples: neither on the map nor in a supply. They stay
// there when the game ends and score nothing (T11).
func (Variant) Held(g *game.Game) game.Held {
	var h game.Held
	for _, u := range st(g).Under {
		h.Chips = append(h.Chips, u.Chip)
	}
	return h
}

// Marks draws the chip under each upgraded meeple. It lay face up in its owner's supply before,
// so every view shows it.
func (Variant) Marks(g *game.Game, _ bool) []game.Mark {
	var out []game.Mark
	for _, u := range st(g).Under {
		out = append(out, game.Mark{Kind: game.MarkMeepleChip, Square: u.Square, Spot: u.Spot, Player: u.Player, Chip: u.Chip, FaceUp: true})
	}
	return out
}
