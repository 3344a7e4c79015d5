package benelux

import (
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
)

func tile(id string) game.TileID {
	t, ok := game.Tiles().Tile(id)
	if !ok {
		panic(id)
	}
	return t.Index
}

// atTheChoice is a game where ann (seat 0) holds a purple 1 chip since her first turn and her
// second turn starts with the island choice: Texel's stacks show V and W, Ameland's stack 1 is
// empty and its stack 2 shows E; ann holds no orange chip. Extra setup lines change it.
func atTheChoice(t *testing.T, fixed map[string]string, opts ...func(*game.Options)) *game.Game {
	t.Helper()
	u := tile("U")
	s := game.Setup{Players: []string{"ann", "bob"}, Seed: 3, Options: game.DefaultOptions(),
		Starts:  []game.StartTile{{Start: "Meppel", Tile: u}, {Start: "Eindhoven", Tile: u}},
		Chips:   []game.MapChip{{Square: game.MustParseSquare("M5"), Chip: game.Chip{Color: game.Purple, Value: 1}}},
		DeckTop: []game.TileID{u, u, u},
		Fixed:   map[string]string{"Texel": "V,J/W,K", "Ameland": "-/E,N"}}
	for k, v := range fixed {
		s.Fixed[k] = v
	}
	for _, o := range opts {
		o(&s.Options)
	}
	g, err := game.NewGame(Map(), Variant{}, s)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []game.Move{{Kind: game.MovePlace, Square: game.MustParseSquare("M5")}, {Kind: game.MoveMeeple, Spot: "none"},
		{Kind: game.MovePlace, Player: 1, Square: game.MustParseSquare("K5")}, {Kind: game.MoveMeeple, Player: 1, Spot: "none"}} {
		if err := g.Play(m); err != nil {
			t.Fatalf("%v: %v", m, err)
		}
	}
	if g.Phase != game.PhaseSource || g.Current != 0 {
		t.Fatalf("ann's second turn starts in phase %s for seat %d, want the island choice", g.Phase, g.Current)
	}
	return g
}

// TestIslandActionsAreJudgedByTheRules: each island action is taken or refused as the rule it is
// named after says; a refusal says why and changes nothing.
func TestIslandActionsAreJudgedByTheRules(t *testing.T) {
	draw := game.Move{Kind: game.MoveDraw}
	take := func(colour, stack string) game.Move {
		return game.Move{Kind: game.MoveAction, Action: &game.Action{Name: IslandAction, Args: map[string]string{"island": colour, "stack": stack}}}
	}
	unlocked := func(o *game.Options) { _ = o.Set(FlagIslandColourLocked, "false") }
	for _, c := range []struct {
		rule   string
		fixed  map[string]string
		opts   []func(*game.Options)
		before []game.Move
		move   game.Move
		want   string // "" when the action is taken
	}{
		{rule: "B9: a purple chip takes the top tile of a Texel stack", move: take("purple", "2")},
		{rule: "B9: with the stack left out, the first with a tile", move: take("purple", "")},
		{rule: "B15: of Ameland only stack 2 is left", opts: []func(*game.Options){unlocked}, move: take("orange", "")},
		{rule: "B10: one island tile a turn", before: []game.Move{take("purple", "1")}, move: take("purple", "2"),
			want: "You have taken your island tile V this turn: one island tile a turn."},
		{rule: "BE2: no orange chip, no Ameland tile", move: take("orange", "2"),
			want: "You hold no orange chip: Ameland's tiles are bought with an orange chip. Your chips: purple 1."},
		{rule: "OQ-26: unlocked, any chip buys any island", opts: []func(*game.Options){unlocked}, move: take("orange", "2")},
		{rule: "BE3: a drawn tile cannot be swapped", before: []game.Move{draw}, move: take("purple", "1"),
			want: "You have drawn U face down: once a face-down tile is drawn you must place it."},
		{rule: "BE1: after the placement the tile source is past", before: []game.Move{draw, {Kind: game.MovePlace, Square: game.MustParseSquare("N5")}},
			move: take("purple", "1"), want: "An island tile is taken at the start of your turn, instead of drawing"},
		{rule: "BE4: an empty island buys nothing", fixed: map[string]string{"Texel": "-/-", "Ameland": "E/-"},
			opts: []func(*game.Options){unlocked}, move: take("purple", "1"), want: "Both stacks of Texel are empty: its purple chips can no longer buy tiles."},
		{rule: "B15: an empty stack", opts: []func(*game.Options){unlocked}, move: take("orange", "1"),
			want: "Ameland's stack 1 is empty: take the top tile of its other stack."},
		{rule: "islands are named by colour", move: take("Texel", "1"), want: `Name the island by its colour, not "Texel"`},
		{rule: "two stacks an island", move: take("purple", "3"), want: `There is no stack "3": Texel has stack 1 and stack 2.`},
		{rule: "Benelux has one chip action", move: game.Move{Kind: game.MoveAction, Action: &game.Action{Name: "treat"}},
			want: "Benelux has one chip action: /chips island island:<colour> stack:<1 or 2>"},
	} {
		t.Run(c.rule, func(t *testing.T) {
			g := atTheChoice(t, c.fixed, c.opts...)
			for _, m := range c.before {
				if err := g.Play(m); err != nil {
					t.Fatalf("%v: %v", m, err)
				}
			}
			before, chips := g.Hash(), len(g.Players[0].Chips)
			err := g.Play(c.move)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want == "" && (g.Phase != game.PhasePlace || len(g.Players[0].Chips) != chips-1):
				t.Fatalf("taken, but phase %s and %d chips in hand", g.Phase, len(g.Players[0].Chips))
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("got %v, want a refusal saying %q", err, c.want)
			case c.want != "" && g.Hash() != before:
				t.Fatalf("refused (%v), yet the game changed", err)
			}
		})
	}
}
