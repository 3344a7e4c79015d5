// Package greatbritain is Map-Chips Great Britain (its rules: RULES.md): the map of Great Britain and
// Ireland, with the Isle of Man in the Irish Sea. The 30 chips lie face down on 30 printed chip
// squares of their colour (ten light blue in Scotland, ten orange in Ireland, ten purple in
// England and Wales), so a face-down chip's colour is public and its value hidden. A tile on a chip
// square collects the chip: it scores 1 or 2 and stays face up with its player. After a normal turn
// a player may put a meeple from supply on the Isle of Man for an extra turn at once; a chip that
// completes a set of three (same number, or all three colours) takes the set out of the game and
// brings every one of the player's meeples back from the island.
package greatbritain

import (
	_ "embed"
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

//go:embed greatbritain.map
var mapFile []byte

var gbMap = game.MustParseMap("variants/greatbritain/greatbritain.map", mapFile)

// Map is the project's map of Great Britain and Ireland.
func Map() *game.Map { return gbMap }

// IsleArea is the id of the Isle of Man in the map file (area isle-of-man).
const IsleArea = "isle-of-man"

// chipSquares are the printed chip squares of each colour (the map file's attr SQ chip=COLOUR),
// in reading order: G3 lays each colour's chips on its own squares.
var chipSquares = func() map[string][]game.Square {
	out := map[string][]game.Square{}
	Map().Squares(func(s game.Square, info *game.SquareInfo) {
		if c := info.Attrs["chip"]; info.Kind == game.Playable && c != "" {
			out[c] = append(out[c], s)
		}
	})
	return out
}()

// Variant is the Great Britain rules: the plain game with the hooks below.
type Variant struct{}

// The hooks of Great Britain (game.Variant).
var (
	_ game.Stateful         = Variant{} // the meeples on the Isle of Man, the chip completing sets
	_ game.Preparer         = Variant{} // lays each colour's chips on its squares
	_ game.PlacementReactor = Variant{} // collects a chip, resolves the set it completes
	_ game.Actor            = Variant{} // chooses a set, buys an extra turn (isle.go)
	_ game.TurnEnder        = Variant{} // offers the extra turn (isle.go)
	_ game.Finisher         = Variant{} // settles a set choice still open at the end
	_ game.Holder           = Variant{} // the meeples on the Isle of Man
	_ game.Marker           = Variant{} // draws them
	_ game.Viewer           = Variant{} // counts them
	_ game.ChipColorShower  = Variant{} // a face-down chip's colour is its square's
)

// state is the variant's part of the game: the meeples waiting on the Isle of Man, by seat, and
// the chip just collected while its player chooses which of several sets it completes.
type state struct {
	Isle    []int      `json:"isle"`
	Pending *game.Chip `json:"pending,omitempty"`
}

func (s *state) Clone() game.VariantState {
	c := *s
	c.Isle = slices.Clone(s.Isle)
	if s.Pending != nil {
		p := *s.Pending
		c.Pending = &p
	}
	return &c
}

// CloneInto is Clone made in the memory of dst, a state of a copy the search has done with.
func (s *state) CloneInto(dst game.VariantState) game.VariantState {
	d, ok := dst.(*state)
	if !ok {
		return s.Clone()
	}
	isle, pending := d.Isle, d.Pending
	*d = *s
	d.Isle = game.CopyOver(isle, s.Isle)
	if s.Pending != nil {
		if pending == nil {
			pending = new(game.Chip)
		}
		*pending = *s.Pending
		d.Pending = pending
	}
	return d
}

func st(g *game.Game) *state { return game.StateOf[*state](g) }

// NewState is an empty state for a snapshot to be decoded into.
func (Variant) NewState() game.VariantState { return &state{} }

// Setup sorts the 30 chips by colour, shuffles each colour face down and lays it on the ten chip
// squares of that colour (G3); the adjacency rules of R4.0.3 do not apply. A table script that
// fixes the chips (!chips) lays them itself.
func (Variant) Setup(g *game.Game) error {
	st(g).Isle = make([]int, len(g.Players))
	if g.ChipsGiven() {
		return nil
	}
	box := game.StandardChips()
	for _, color := range game.ChipColors() {
		var chips []game.Chip
		for _, c := range box {
			if c.Color == color {
				chips = append(chips, c)
			}
		}
		squares := chipSquares[color]
		if len(squares) != len(chips) {
			return fmt.Errorf("lay chips: the map has %d %s chip squares for %d %s chips", len(squares), color, len(chips), color)
		}
		g.RNG.Shuffle(len(chips), func(i, j int) { chips[i], chips[j] = chips[j], chips[i] })
		for i, s := range squares {
			if err := g.PutChip(game.MapChip{Square: s, Chip: chips[i]}); err != nil {
				return fmt.Errorf("lay chips: %w", err)
			}
		}
	}
	return nil
}

// AfterPlacement collects the chip on the square the tile covers (G4): it scores its value and
// stays face up with the player. If it completes a set of three, the set is resolved at once
// (G8), or its player first chooses which set when the chip completes several (G10).
func (Variant) AfterPlacement(g *game.Game, sq game.Square) {
	c, ok := mapchips.Collect(g, sq, true)
	if !ok {
		return
	}
	p := g.Current
	sets := setsWith(g.Players[p].Chips, c)
	if len(sets) == 0 {
		return
	}
	s, name, chip := st(g), msg.Player(g.Players[p].Name), game.ChipValue(c)
	if FlagOnlyIfMeeplesOnIsle.On(g.Opts) && s.Isle[p] == 0 {
		if !g.Tells() {
			return
		}
		g.Note(sq, game.Say(idGreatbritainSetKept, "Player", name, "Chip", chip))
		return
	}
	if len(sets) == 1 {
		resolve(g, sets[0])
		return
	}
	s.Pending = &c
	choice := game.Choice{Action: SetAction, Default: setAction(sets[0])}
	if g.Tells() {
		g.Note(sq, game.Say(idGreatbritainSets, "Player", name, "Chip", chip, "Count", msg.Count(len(sets))))
		choice.Words = game.Say(idGreatbritainChooseSet, "Chip", chip, "Chips", sets[0].chips())
	}
	g.Require(choice)
}

// resolve takes a set of three out of the current player's hand and out of the game, and brings
// all their meeples on the Isle of Man back to their supply, usable in this same turn (G8, G9,
// OQ-25).
func resolve(g *game.Game, set chipSet) {
	p, s := g.Current, st(g)
	if err := g.SpendChips(p, set[:]); err != nil {
		panic(fmt.Sprintf("greatbritain: resolving %s: %v", set, err))
	}
	back := s.Isle[p]
	g.Players[p].Meeples += back
	s.Isle[p] = 0
	if !g.Tells() {
		return
	}
	used := game.Say(idGreatbritainUsedSet, "Player", msg.Player(g.Players[p].Name), "Chips", set.chips(), "Count", msg.Count(back))
	if back == 0 {
		used = game.Say(idGreatbritainUsedSetNone, "Player", msg.Player(g.Players[p].Name), "Chips", set.chips())
	}
	g.Note(g.TurnState.Placed, used)

}

// Held counts the meeples waiting on the Isle of Man.
func (Variant) Held(g *game.Game) game.Held {
	return game.Held{Meeples: slices.Clone(st(g).Isle)}
}

// Marks draws the meeples waiting on the Isle of Man, each player's in their colour. They are
// public: nothing is left out of the redacted view.
func (Variant) Marks(g *game.Game, _ bool) []game.Mark {
	var out []game.Mark
	for p, n := range st(g).Isle {
		if n > 0 {
			out = append(out, game.Mark{Kind: game.MarkMeeples, Square: game.NoSquare, Area: IsleArea, Player: p, Count: n})
		}
	}
	return out
}

// PublicChipColor is the colour of the chip square sq is printed in: everyone sees a face-down
// chip's colour, since each colour lies on its own squares (G3), never its value.
func (Variant) PublicChipColor(g *game.Game, sq game.Square) string {
	return g.Map.Info(sq).Attrs["chip"]
}

// View is the public state for the state JSON: how many meeples each player has waiting on the
// Isle of Man.
func (Variant) View(g *game.Game, _ bool) map[string]any {
	isle := map[string]int{}
	for p, n := range st(g).Isle {
		isle[g.Players[p].Name] = n
	}
	return map[string]any{"isle_of_man": isle}
}

// Final settles a set choice still open when the game ends (the other players resigned
// meanwhile) as a missed deadline would; chips and Isle of Man meeples score nothing (G12).
func (Variant) Final(g *game.Game) {
	s := st(g)
	if s.Pending == nil {
		return
	}
	resolve(g, setsWith(g.Players[g.Current].Chips, *s.Pending)[0])
	s.Pending = nil
}
