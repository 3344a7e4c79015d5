package commands

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// The page offers what autocomplete offers, at every placement of whole games on every map: the
// same squares in the same order, each with the engine's legal rotations; for each placement the
// same meeple spots and pieces (numbered as the markers) and chip actions as /place's meeple: and
// chips: options complete; an illegal placement is refused with what /place says.
func TestThePageOffersWhatAutocompleteOffers(t *testing.T) {
	en := lang.For(lang.English)
	for _, mapID := range []string{"france", "greatbritain", "iberia", "taiwan", "benelux"} {
		t.Run(mapID, func(t *testing.T) {
			checked := 0
			_, err := AutoGame(mapID, 2, 5, func(tbl *table.Table, _ Input, _ Reply) error {
				if tbl.Game == nil || tbl.Status != table.Playing || tbl.Game.Phase != game.PhasePlace || tbl.Game.TurnState.Choice != nil || tbl.Game.Turn%4 != 0 {
					return nil
				}
				checked++
				g := tbl.Game
				u := tbl.Seats[g.Current]
				squares := PageSquares(en, tbl)
				offered := Autocomplete(tbl, Input{User: u, Command: "place", Options: map[string]string{"square": ""}}, "square")
				if len(offered) < MaxChoices && len(squares) != len(offered) {
					t.Fatalf("turn %d: the page offers %d squares, autocomplete %d", g.Turn, len(squares), len(offered))
				}
				for i, c := range offered {
					if squares[i].Square != c.Value {
						t.Fatalf("turn %d: square %d is %s on the page, %s in autocomplete", g.Turn, i, squares[i].Square, c.Value)
					}
				}
				for _, sq := range squares {
					at, _ := game.ParseSquare(sq.Square)
					var want []string
					for _, r := range g.LegalRotations(g.Drawn, at) {
						want = append(want, r.String())
					}
					if !slices.Equal(sq.Rotations, want) {
						t.Fatalf("turn %d, %s: rotations %v, the engine's %v", g.Turn, sq.Square, sq.Rotations, want)
					}
					pl, err := PageAfter(en, tbl, sq.Square, sq.Rotations[0])
					if err != nil {
						t.Fatalf("turn %d: a legal placement refused: %v", g.Turn, err)
					}
					opts := map[string]string{"square": sq.Square, "rotation": sq.Rotations[0], "meeple": ""}
					spots := Autocomplete(tbl, Input{User: u, Command: "place", Options: opts}, "meeple")
					if len(spots) < MaxChoices && !slices.Equal(pl.Spots, spots) {
						t.Fatalf("turn %d, %s %s: spots %v, autocomplete %v", g.Turn, sq.Square, sq.Rotations[0], pl.Spots, spots)
					}
					opts["chips"] = ""
					chips := Autocomplete(tbl, Input{User: u, Command: "place", Options: opts}, "chips")
					if pl.After.Current == g.Current && len(chips) < MaxChoices && !slices.Equal(pl.Chips, chips) && !(len(pl.Chips) == 0 && len(chips) == 0) {
						t.Fatalf("turn %d, %s %s: chips %v, autocomplete %v", g.Turn, sq.Square, sq.Rotations[0], pl.Chips, chips)
					}
				}
				if _, err := PageAfter(en, tbl, "A1", "0"); err == nil {
					t.Fatalf("turn %d: A1 was taken for a legal placement", g.Turn)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if checked == 0 {
				t.Fatal("no placement was checked")
			}
		})
	}
}
