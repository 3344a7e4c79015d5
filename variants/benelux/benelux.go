// Package benelux is Map-Chips Benelux (its rules: RULES.md): the map of the Netherlands, Belgium and
// Luxembourg. Twenty face-down chips lie on the map; a tile placed on one scores its value and the
// chip is kept face up. Three Wadden islands in the North Sea, each printed in one chip colour,
// hold two stacks of five land tiles each, the top tile face up: at the start of a turn a player
// may hand in a chip of an island's colour and take the top tile of one of its stacks instead of
// drawing face down. Three wave squares never take a tile.
package benelux

import (
	_ "embed"
	"fmt"
	"slices"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/mapchips"
)

//go:embed benelux.map
var mapFile []byte

var beneluxMap = game.MustParseMap("variants/benelux/benelux.map", mapFile)

// Map is the project's map of the Benelux.
func Map() *game.Map { return beneluxMap }

// StackSize is how many tiles each island stack holds at setup (B3).
const StackSize = 5

// Variant is the Benelux rules: the plain game with the hooks below.
type Variant struct{}

// The hooks of Benelux (game.Variant).
var (
	_ game.Stateful         = Variant{} // the island stacks
	_ game.Preparer         = Variant{} // lays the chips, deals the island stacks
	_ game.SourceChooser    = Variant{} // an island tile instead of a draw (take.go)
	_ game.Actor            = Variant{} // takes an island tile (take.go)
	_ game.PlacementReactor = Variant{} // collects the chip a tile covers
	_ game.TurnEnder        = Variant{} // turns up the next tile of the stack used
	_ game.OrderChanger     = Variant{} // puts back an island tile left unplaced
	_ game.Finisher         = Variant{} // the same, when the game ends
	_ game.Holder           = Variant{} // the island stacks
	_ game.Concealer        = Variant{} // their face-down tiles (conceal.go)
	_ game.Viewer           = Variant{} // the islands and what may be taken
	_ game.Marker           = Variant{} // draws the stacks
)

// state is the variant's part of the game: the six island stacks, and the stack a tile was taken
// from this turn, whose new top stays face down until the end of the turn (B9).
type state struct {
	// Stacks are the island stacks in the order of islands (stack i*2 and i*2+1 belong to island
	// i), each bottom first: the last tile is the top.
	Stacks [][]game.TileID `json:"stacks"`
	// Taken is 1 + the index of the stack an island tile was taken from this turn, or 0.
	Taken int `json:"taken,omitempty"`
}

func (s *state) Clone() game.VariantState {
	c := *s
	c.Stacks = make([][]game.TileID, len(s.Stacks))
	for i, st := range s.Stacks {
		c.Stacks[i] = slices.Clone(st)
	}
	return &c
}

// CloneInto is Clone made in the memory of dst, a state of a copy the search has done with.
func (s *state) CloneInto(dst game.VariantState) game.VariantState {
	d, ok := dst.(*state)
	if !ok || s.Stacks == nil {
		return s.Clone()
	}
	stacks := d.Stacks
	if cap(stacks) < len(s.Stacks) {
		stacks = make([][]game.TileID, len(s.Stacks))
	}
	stacks = stacks[:len(s.Stacks)]
	for i, st := range s.Stacks {
		stacks[i] = game.CopyOver(stacks[i], st)
	}
	*d = *s
	d.Stacks = stacks
	return d
}

func st(g *game.Game) *state { return game.StateOf[*state](g) }

// NewState is an empty state for a snapshot to be decoded into.
func (Variant) NewState() game.VariantState { return &state{} }

// Setup lays 20 of the 30 chips face down by R4.0.3 (B2), the other 10 out of the game unseen,
// then deals the six island stacks of five tiles from the shuffled stack (B3, B5: after the
// initial tiles); the rest is the draw stack (B4). A table script may fix an island's stacks.
func (Variant) Setup(g *game.Game) error {
	if err := mapchips.LayStandard(g, mapchips.Layout{Count: 20, AnyLargeCitySquare: FlagAnyLargeCitySquare.On(g.Opts)}); err != nil {
		return err
	}
	s := st(g)
	s.Stacks = make([][]game.TileID, 2*len(islands))
	for i, isl := range islands {
		fixed, ok := g.Setup.Fixed[isl.Name]
		if !ok {
			continue
		}
		stacks, err := parseStacks(fixed)
		if err != nil {
			return fmt.Errorf("%s: %w", isl.Name, err)
		}
		// Each stack is written top first and kept bottom first; its tiles come out of the shuffled
		// tiles from the bottom up, leaving the tiles a script put on top of the draw stack.
		for k, tiles := range stacks {
			for j := len(tiles) - 1; j >= 0; j-- {
				at := slices.Index(g.Deck, tiles[j])
				if at < 0 {
					return fmt.Errorf("%s stack %d: no tile %s is left in the stack to deal", isl.Name, k+1, tiles[j])
				}
				g.Deck = slices.Delete(g.Deck, at, at+1)
				s.Stacks[2*i+k] = append(s.Stacks[2*i+k], tiles[j])
			}
		}
	}
	for i, isl := range islands {
		if _, ok := g.Setup.Fixed[isl.Name]; !ok {
			s.Stacks[2*i] = g.DealTiles(StackSize)
			s.Stacks[2*i+1] = g.DealTiles(StackSize)
		}
	}
	return nil
}

// AfterPlacement collects the face-down chip on the square, if any: it scores its value and the
// player keeps it face up (B8, R4.0.6).
func (Variant) AfterPlacement(g *game.Game, sq game.Square) {
	mapchips.Collect(g, sq, true)
}

// EndTurn turns up the next tile of the stack an island tile was taken from this turn (B9, BE5).
func (Variant) EndTurn(g *game.Game) bool {
	s := st(g)
	if s.Taken == 0 {
		return false
	}
	i := s.Taken - 1
	s.Taken = 0
	if top, ok := s.top(i); ok {
		g.Reveal()
		if !g.Tells() {
			return false
		}
		g.Note(stackSquare(i), game.Say(idBeneluxTurnsUp, "Stack", stackWords(i), "Tile", top))
	}
	return false
}

// NextPlayer keeps the engine's order. It is the one hook of a turn that ended without a placement
// (a missed deadline, a resignation): an island tile taken and not placed goes back face up on top
// of its stack, so that island tiles never extend the game (B16); the chip stays spent.
func (Variant) NextPlayer(g *game.Game, next int) int {
	putBackUnplaced(g)
	return next
}

// Final puts back an island tile a resignation left unplaced; chips and island tiles left score
// nothing (B16).
func (Variant) Final(g *game.Game) { putBackUnplaced(g) }

// putBackUnplaced returns to its stack the island tile taken this turn if the turn ended before it
// was placed. The engine has put it back into the face-down stack by then; it comes out again.
func putBackUnplaced(g *game.Game) {
	s := st(g)
	if s.Taken == 0 {
		return
	}
	i := s.Taken - 1
	s.Taken = 0
	if g.TurnState.Placed != game.NoSquare {
		return
	}
	t := g.Drawn
	for at := len(g.Deck) - 1; at >= 0; at-- {
		if g.Deck[at] == t {
			g.Deck = slices.Delete(g.Deck, at, at+1)
			s.Stacks[i] = append(s.Stacks[i], t)
			if !g.Tells() {
				return
			}
			g.Note(stackSquare(i), game.Say(idBeneluxPutBack, "Tile", t, "Stack", stackWords(i)))
			return
		}
	}
}

// Held counts the tiles in the island stacks: neither in the draw stack nor on the board.
func (Variant) Held(g *game.Game) game.Held {
	var h game.Held
	for _, stack := range st(g).Stacks {
		h.Tiles = append(h.Tiles, stack...)
	}
	return h
}

// top is the top tile of stack i, if the stack has one.
func (s *state) top(i int) (game.TileID, bool) {
	if n := len(s.Stacks[i]); n > 0 {
		return s.Stacks[i][n-1], true
	}
	return 0, false
}

// faceUp reports whether the top tile of stack i shows: always, except on the stack a tile was
// taken from this turn until the turn ends.
func (s *state) faceUp(i int) bool { return s.Taken != i+1 && len(s.Stacks[i]) > 0 }

// View is the public state of the islands for the state JSON: each island's stacks with their
// face-up top tile and how many tiles they hold.
func (Variant) View(g *game.Game, _ bool) map[string]any {
	s := st(g)
	type stackView struct {
		Stack  int     `json:"stack"`
		Square string  `json:"square"`
		Top    *string `json:"top,omitempty"`
		Count  int     `json:"count"`
	}
	type islandView struct {
		Name   string      `json:"name"`
		Color  string      `json:"color"`
		Stacks []stackView `json:"stacks"`
	}
	var out []islandView
	for k, isl := range islands {
		v := islandView{Name: isl.Name, Color: isl.Color}
		for j := range 2 {
			i := 2*k + j
			sv := stackView{Stack: j + 1, Square: stackSquare(i).String(), Count: len(s.Stacks[i])}
			if top, ok := s.top(i); ok && s.faceUp(i) {
				name := top.String()
				sv.Top = &name
			}
			v.Stacks = append(v.Stacks, sv)
		}
		out = append(out, v)
	}
	// The island tiles the player to act may take now instead of drawing, with the chip that
	// would pay: what the buttons and autocomplete offer, as data.
	type offerView struct {
		Island string    `json:"island"`
		Color  string    `json:"color"`
		Stack  int       `json:"stack"`
		Tile   string    `json:"tile"`
		Pay    game.Chip `json:"pay"`
		Action string    `json:"action"`
	}
	offers := []offerView{}
	locked := colourLocked(g)
	for _, i := range offered(g) {
		top, _ := s.top(i)
		pay, _ := payment(g, i/2, locked)
		offers = append(offers, offerView{Island: islands[i/2].Name, Color: islands[i/2].Color, Stack: i%2 + 1, Tile: top.String(),
			Pay: pay, Action: takeAction(i).String()})
	}
	return map[string]any{"islands": out, "island_offers": offers}
}

// Marks draws each island stack on its square: the face-up top tile with how many lie under it,
// or, on the stack used this turn until the turn ends, the face-down pile and its count. While a
// player chooses where the tile comes from, the island tiles they may take are also shown in the
// table's line of the panel, since the turn picture shows only the part of the map around the
// last tile and the islands lie at its northern edge.
func (Variant) Marks(g *game.Game, _ bool) []game.Mark {
	s := st(g)
	var out []game.Mark
	for i, stack := range s.Stacks {
		switch {
		case len(stack) == 0:
		case s.faceUp(i):
			out = append(out, game.Mark{Kind: game.MarkTile, Square: stackSquare(i), Player: -1, Tile: stack[len(stack)-1], Count: len(stack) - 1})
		default:
			out = append(out, game.Mark{Kind: game.MarkTileBacks, Square: stackSquare(i), Player: -1, Count: len(stack)})
		}
	}
	if g.Phase != game.PhaseSource {
		return out
	}
	for _, i := range offered(g) {
		top, _ := s.top(i)
		out = append(out, game.Mark{Kind: game.MarkLabel, Square: game.NoSquare, Player: -1, Words: game.Say(idBeneluxLabelStack, "Stack", stackWords(i))},
			game.Mark{Kind: game.MarkTile, Square: game.NoSquare, Player: -1, Tile: top})
	}
	return out
}
