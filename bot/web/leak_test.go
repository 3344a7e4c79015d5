package web

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/ai"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// twins are two games that differ only in what no player may see before the end: the order of
// the face-down stack below the tiles drawn so far and the values of the face-down chips no tile
// has reached. Both play the same moves.
func twins(t *testing.T, mapID string, turns int) (a, b *table.Table) {
	t.Helper()
	start := playGame(t, "g1", mapID, dealKey("twins "+mapID), []string{"ann", "<script>bob</script>", "\u202ecy 🐑"}, -1, nil)
	e := start.Entry()
	dealt, err := game.NewGame(e.Map, e.Variant, start.Setup)
	if err != nil {
		t.Fatal(err)
	}
	full := dealt.View(true)
	stack := slices.Clone(full.Deck)
	if full.Drawn != nil {
		stack = append([]game.TileID{*full.Drawn}, stack...)
	}
	setup := start.Setup
	setup.Stack, setup.Chips = stack, slices.Clone(full.MapChips)
	a = start.Clone()
	a.Setup = setup
	if err := a.Rebuild(); err != nil {
		t.Fatal(err)
	}
	rng := game.NewRNG(11)
	for a.Game.Turn <= turns && a.Status == table.Playing {
		m, err := ai.Choose(a.Game, ai.Easy, rng.Uint64())
		if err != nil {
			t.Fatal(err)
		}
		r := commands.Handle(a, commands.InputFor(a.Seats[m.Player], m))
		if !r.OK {
			t.Fatalf("%v refused: %s", m, r.Text)
		}
		a = r.Table
	}
	// What is still hidden: the stack below the drawn tiles, and the chips still face down.
	now := a.Game.View(true)
	left := len(now.Deck)
	if !slices.Equal(stack[len(stack)-left:], now.Deck) {
		t.Fatalf("the stack left is not the end of the dealt stack: cannot reorder it")
	}
	other := setup
	other.Stack = slices.Clone(stack)
	slices.Reverse(other.Stack[len(stack)-left:])
	if slices.Equal(other.Stack, stack) {
		t.Fatalf("reversing the %d tiles left changes nothing", left)
	}
	other.Chips = slices.Clone(setup.Chips)
	hidden := map[game.Square]bool{}
	for _, c := range now.MapChips {
		if !c.FaceUp {
			hidden[c.Square] = true
		}
	}
	swapped := false
	for i := range other.Chips {
		for j := i + 1; j < len(other.Chips) && !swapped; j++ {
			ci, cj := &other.Chips[i], &other.Chips[j]
			if hidden[ci.Square] && hidden[cj.Square] && ci.Color == cj.Color && ci.Value != cj.Value {
				ci.Value, cj.Value = cj.Value, ci.Value
				swapped = true
			}
		}
	}
	if len(setup.Chips) > 0 && !swapped {
		t.Fatalf("no two face-down chips of one colour with different values to swap")
	}
	b = a.Clone()
	b.Setup = other
	if err := b.Rebuild(); err != nil {
		t.Fatalf("the twin does not replay the same moves: %v", err)
	}
	return a, b
}

// upTo is the table after its first n moves.
func upTo(t *testing.T, tb *table.Table, n int) *table.Table {
	t.Helper()
	c := tb.Clone()
	c.Moves = slices.Clone(tb.Moves[:n])
	if err := c.Rebuild(); err != nil {
		t.Fatal(err)
	}
	return c
}

// Before the end, nothing on a game's page or in its pictures depends on what is hidden, in any
// language: two games that differ only in the stack's order and the face-down chips' values give
// byte-identical pages, boards and charts after every move.
func TestPagesAreTheSameWhateverIsHidden(t *testing.T) {
	for _, mapID := range []string{"france", "greatbritain"} {
		t.Run(mapID, func(t *testing.T) {
			t.Parallel() // each map's twins have sites of their own
			a, b := twins(t, mapID, 8)
			sa, sb := newSite(t, ""), newSite(t, "")
			positions := 0
			for n := 1; n <= len(a.Moves); n++ {
				ta, tb := upTo(t, a, n), upTo(t, b, n)
				sa.games.put(Game{Table: ta, Version: uint64(n)})
				sb.games.put(Game{Table: tb, Version: uint64(n)})
				pa, pb := sa.gamePath(t, "g1"), sb.gamePath(t, "g1")
				p, err := buildGamePage(Game{Table: ta}, lang.For(lang.English), func() error { return nil })
				if err != nil {
					t.Fatal(err)
				}
				last := len(p.Positions) - 1
				for _, code := range lang.Codes() {
					same := func(what string) {
						t.Helper()
						ca, ba, _ := sa.get(t, pa+what)
						cb, bb, _ := sb.get(t, pb+what)
						if ca != http.StatusOK || cb != http.StatusOK {
							t.Fatalf("move %d, %s: status %d and %d", n, what, ca, cb)
						}
						if ba != bb {
							t.Fatalf("after move %d, %s differs between the twins", n, what)
						}
					}
					same("?lang=" + code)
					same(fmt.Sprintf("board/%d.png?v=%d&lang=%s", last, n, code))
					if last != positions { // a turn has just ended: its board joined the history
						same(fmt.Sprintf("board/%d.png?v=%d&lang=%s", max(last-1, 0), n, code))
					}
					same(fmt.Sprintf("chart.png?v=%d&lang=%s", n, code))
					if n == len(a.Moves) {
						for k := range last - 1 {
							same(fmt.Sprintf("board/%d.png?v=%d&lang=%s", k, n, code))
						}
					}
				}
				positions = last
			}
		})
	}
}
