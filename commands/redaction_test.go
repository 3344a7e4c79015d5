package commands

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestNothingHiddenReachesPlayers plays twin games that differ only in what players must not
// know: the values and colours of the face-down chips, and the order of the stack below the tiles
// drawn. Both get the same inputs (moves that collect no chip). Every reply, autocomplete label,
// button, select entry and public state export must be identical in the two: whatever reaches
// players cannot depend on hidden information. The full view, by contrast, must differ.
func TestNothingHiddenReachesPlayers(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		a, b := twinTables(t, seed)
		rng := game.NewRNG(seed)
		var buf []game.Placement
		for turn := 0; turn < 40 && a.Status == table.Playing; turn++ {
			if pa, pb := publicOutputs(a), publicOutputs(b); pa != pb {
				t.Fatalf("seed %d turn %d: public outputs differ:\n%s\n---\n%s", seed, turn, pa, pb)
			}
			m, nb, ok := chipFreeMove(a, &rng, buf)
			buf = nb
			if !ok {
				break
			}
			in := InputFor(a.Seats[m.Player], m)
			ra, rb := Handle(a, in), Handle(b, in)
			if !ra.OK || !rb.OK {
				t.Fatalf("seed %d: %s refused: %s / %s", seed, in, ra.Text, rb.Text)
			}
			if ra.Text != rb.Text || fmt.Sprint(ra.Buttons) != fmt.Sprint(rb.Buttons) {
				t.Fatalf("seed %d: replies to %s differ:\n%s\n---\n%s", seed, in, ra.Text, rb.Text)
			}
			a, b = ra.Table, rb.Table
		}
		fa, _ := json.Marshal(StateOf(a, true))
		fb, _ := json.Marshal(StateOf(b, true))
		if string(fa) == string(fb) {
			t.Fatalf("seed %d: the twins' full states are equal: the test hides nothing", seed)
		}
	}
}

// twinTables starts two France games with the same seats, start tiles and first 60 tiles, but
// different face-down chip values and colours and a different order of the rest of the stack.
func twinTables(t *testing.T, seed uint64) (*table.Table, *table.Table) {
	t.Helper()
	var tables [2]*table.Table
	for i := range tables {
		ann, bob := table.User{ID: "ann", Name: "ann"}, table.User{ID: "bob", Name: "bob"}
		r := Handle(nil, Input{User: ann, Command: "carc", Sub: "new", Local: true, Options: map[string]string{"map": "france", "seed": fmt.Sprint(seed)}})
		tbl := r.Table
		tbl = Handle(tbl, Input{User: bob, Command: "carc", Sub: "join"}).Table
		ref, err := game.NewGame(tbl.Entry().Map, tbl.Entry().Variant, game.Setup{Map: "france", Players: []string{"ann", "bob"}, Seed: seed,
			Options: tbl.Settings.Options})
		if err != nil {
			t.Fatal(err)
		}
		chips := slices.Clone(ref.MapChips)
		if i == 1 {
			// Same squares, other hidden faces: rotate the colours and flip the values.
			for j := range chips {
				chips[j].Color = game.ChipColors()[(slices.Index(game.ChipColors(), chips[j].Color)+1)%3]
				chips[j].Value = 3 - chips[j].Value
			}
		}
		deck := slices.Clone(ref.Deck)
		slices.Reverse(deck)
		if i == 1 {
			slices.Reverse(deck[60:])
		}
		var starts []game.StartTile
		for _, p := range ref.Placed() {
			starts = append(starts, game.StartTile{Start: p.Square.String(), Tile: p.Tile, Rotation: p.Rotation})
		}
		if tbl, _, err = table.Apply(tbl, "script", table.FixSetup(game.Setup{Starts: starts, Stack: deck, Chips: chips})); err != nil {
			t.Fatal(err)
		}
		tbl = Handle(tbl, Input{User: ann, Command: "carc", Sub: "start"}).Table
		tables[i] = tbl
	}
	return tables[0], tables[1]
}

// chipFreeMove is a random legal move that does not collect a chip (which would reveal it); ok is
// false when every legal placement would.
func chipFreeMove(t *table.Table, rng *game.RNG, buf []game.Placement) (game.Move, []game.Placement, bool) {
	g := t.Game
	m, buf := g.RandomMove(rng, buf)
	if m.Kind != game.MovePlace {
		return m, buf, true
	}
	var free []game.Placement
	for _, p := range g.LegalPlacements(g.Drawn) {
		if _, chip := g.ChipOn(p.Square); !chip {
			free = append(free, p)
		}
	}
	if len(free) == 0 {
		return m, buf, false
	}
	p := free[rng.Intn(len(free))]
	m.Square, m.Rotation = p.Square, p.Rotation
	return m, buf, true
}

// publicOutputs is everything a player can see of a table: status texts, autocomplete choices of
// every option, buttons and select menus, and the redacted state.
func publicOutputs(t *table.Table) string {
	var b strings.Builder
	g := t.Game
	user := t.Seats[g.Current]
	for _, sub := range []string{"status", "tiles", "log", "board", "settings", "rules", "history", "export"} {
		r := Handle(t, Input{User: user, Command: CommandOf(sub), Sub: sub})
		b.WriteString(r.Text)
		if r.File != nil {
			b.Write(r.File.Data)
		}
	}
	opts := map[string]string{}
	if g.Phase == game.PhasePlace {
		p := g.LegalPlacements(g.Drawn)[0]
		opts = map[string]string{"square": p.Square.String(), "rotation": p.Rotation.String()}
	}
	for _, f := range []string{"square", "rotation", "meeple", "chips"} {
		fmt.Fprint(&b, Autocomplete(t, Input{User: user, Command: "place", Options: opts}, f))
	}
	fmt.Fprint(&b, Autocomplete(t, Input{User: user, Command: "meeple"}, "spot"))
	panel := HandleComponent(t, user, ComponentID(t, "play"), nil)
	fmt.Fprint(&b, panel.Text, panel.Buttons, panel.Select)
	state, _ := json.Marshal(StateOf(t, false))
	b.Write(state)
	return b.String()
}
