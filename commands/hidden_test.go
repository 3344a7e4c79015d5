package commands

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// TestNoReplyDependsOnAHiddenChip checks that no reply depends on a hidden value where it is
// easiest to break: placing a tile on a face-down chip with every follow-up a player could add to
// the same command (sales that must fail or might pass, meeples on legal and illegal spots). It plays each command
// on two twins that differ only in the hidden chip's colour and value. Whenever the chip is still
// face down afterwards, the two replies must be identical and the tables unchanged: accepted or
// refused, nothing may tell the chip. Once the chip is turned over the replies may differ, and then
// it must be turned over for good (the command stands up to the reveal).
func TestNoReplyDependsOnAHiddenChip(t *testing.T) {
	positions, commands, reveals := 0, 0, 0
	for seed := uint64(1); positions < 100; seed++ {
		tbl, err := Position("france", 2+int(seed%3), seed, 10+int(seed*7%60))
		if err != nil {
			continue
		}
		positions++
		g := tbl.Game
		user := tbl.Seats[g.Current]
		for _, p := range g.LegalPlacements(g.Drawn) {
			i, chip := g.ChipOn(p.Square)
			if !chip || g.MapChips[i].FaceUp {
				continue
			}
			twin := tbl.Clone()
			other := &twin.Game.MapChips[i]
			other.Color = game.ChipColors()[(indexOf(game.ChipColors(), other.Color)+1)%3]
			other.Value = 3 - other.Value
			for _, opts := range followUps(p) {
				commands++
				in := Input{User: user, Command: "place", Options: opts, Local: true}
				before, beforeTwin := mustHash(t, tbl), mustHash(t, twin)
				ra, rb := Handle(tbl, in), Handle(twin, in)
				if faceDown(ra.Table, p.Square) {
					if ra.Text != rb.Text || ra.OK != rb.OK || ra.Refused != rb.Refused || fmt.Sprint(ra.Buttons) != fmt.Sprint(rb.Buttons) {
						t.Fatalf("seed %d, %s: the chip on %s is still hidden, but the replies differ:\n%s\n%s\n---\n%s\n%s",
							seed, in, p.Square, ra.Text, ra.Refused, rb.Text, rb.Refused)
					}
					if mustHash(t, ra.Table) != before || mustHash(t, rb.Table) != beforeTwin {
						t.Fatalf("seed %d, %s: refused with the chip on %s hidden, yet the table changed", seed, in, p.Square)
					}
					continue
				}
				reveals++
				if !ra.OK || faceDown(rb.Table, p.Square) {
					t.Fatalf("seed %d, %s: the chip on %s was turned over and then hidden again (ok %v, twin hides it: %v)",
						seed, in, p.Square, ra.OK, faceDown(rb.Table, p.Square))
				}
			}
		}
	}
	if commands < 500 || reveals == 0 {
		t.Fatalf("only %d commands on hidden chips (%d revealing) over %d positions: the test checks too little", commands, reveals, positions)
	}
}

// followUps are the /place commands on p with every kind of follow-up: none, each sale, each
// meeple spot a tile can name, and both together.
func followUps(p game.Placement) []map[string]string {
	base := func() map[string]string {
		return map[string]string{"square": p.Square.String(), "rotation": p.Rotation.String()}
	}
	var out []map[string]string
	out = append(out, base())
	var sales []string
	for _, c := range game.ChipColors() {
		for _, to := range []string{"abroad", "town"} {
			sales = append(sales, fmt.Sprintf("sell wine:%s to:%s", c, to), fmt.Sprintf("sell wine:%s to:%s pay:1+1", c, to))
		}
	}
	spots := []string{"none", "city:N", "road:E", "road:S", "field:NL", "field:inner", "cloister"}
	for _, s := range sales {
		o := base()
		o["chips"] = s
		out = append(out, o)
		o = base()
		o["chips"], o["meeple"] = s, "none"
		out = append(out, o)
	}
	for _, s := range spots {
		o := base()
		o["meeple"] = s
		out = append(out, o)
	}
	return out
}

func faceDown(t *table.Table, sq game.Square) bool {
	i, ok := t.Game.ChipOn(sq)
	return ok && !t.Game.MapChips[i].FaceUp
}

func mustHash(t *testing.T, tbl *table.Table) string {
	t.Helper()
	h, err := tbl.Hash()
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// TestAutocompleteNeverTellsAHiddenChip: what autocomplete offers for a placement on a face-down
// chip (spots, sales) is the same whatever the chip is.
func TestAutocompleteNeverTellsAHiddenChip(t *testing.T) {
	checked := 0
	for seed := uint64(1); checked < 50 && seed < 400; seed++ {
		tbl, err := Position("france", 2, seed, 10+int(seed*13%50))
		if err != nil {
			continue
		}
		g := tbl.Game
		for _, p := range g.LegalPlacements(g.Drawn) {
			i, chip := g.ChipOn(p.Square)
			if !chip || g.MapChips[i].FaceUp {
				continue
			}
			twin := tbl.Clone()
			twin.Game.MapChips[i].Value = 3 - twin.Game.MapChips[i].Value
			twin.Game.MapChips[i].Color = game.ChipColors()[(indexOf(game.ChipColors(), twin.Game.MapChips[i].Color)+1)%3]
			for _, focused := range []string{"meeple", "chips"} {
				in := Input{User: tbl.Seats[g.Current], Command: "place", Options: map[string]string{
					"square": p.Square.String(), "rotation": p.Rotation.String(), focused: ""}}
				a, _ := json.Marshal(Autocomplete(tbl, in, focused))
				b, _ := json.Marshal(Autocomplete(twin, in, focused))
				if string(a) != string(b) {
					t.Fatalf("seed %d: autocomplete of %s on %s depends on the hidden chip:\n%s\n%s", seed, focused, p.Square, a, b)
				}
				checked++
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d autocompletes on hidden chips checked", checked)
	}
}
