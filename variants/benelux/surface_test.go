package benelux_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/scripttest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// choosing: ann holds a purple chip since her first turn, and her second turn starts with the
// choice: Texel's stack 1 shows V, stack 2 shows W; the other islands are closed to her.
var choosing = []string{
	"ann: /carc new map:benelux", "bob: /carc join",
	"!starts Meppel=U@0 Eindhoven=U@0", "!chips M5=purple:1", "!setup Texel V,J/W,K", "!deck U U U",
	"ann: /carc start", "ann: /place square:M5 rotation:0 meeple:none", "bob: /place square:K5 rotation:0 meeple:none",
	"!expect phase source",
}

// TestIslandChoiceInAutocomplete: /chips island offers the colours of the islands the player may
// buy from now, and for that island the stacks with a tile that fits; someone else is told whose
// turn it is.
func TestIslandChoiceInAutocomplete(t *testing.T) {
	r := scripttest.Table(t, choosing...)
	values := func(user, text, focused string) []string {
		var out []string
		for _, c := range commands.Autocomplete(r.Table, scripttest.Input(t, user, text), focused) {
			out = append(out, c.Value)
		}
		return out
	}
	if got := values("ann", "/chips island", "island"); !slices.Equal(got, []string{"purple"}) {
		t.Errorf("autocomplete of island: %v, want purple only (ann holds a purple chip)", got)
	}
	if got := values("ann", "/chips island island:purple", "stack"); !slices.Equal(got, []string{"1", "2"}) {
		t.Errorf("autocomplete of stack: %v, want 1 2", got)
	}
	if got := values("bob", "/chips island", "island"); len(got) != 1 || got[0] != "-" {
		t.Errorf("bob, who is not to play, is offered %v", got)
	}
}

// TestPlaceOffersAnIslandTileThenItsPlacement: while ann chooses where her tile comes from,
// /place offers the island tiles she may take (island:, then stack:), and once one is typed, the
// squares, rotations and meeple spots of that tile; before one is typed it offers nothing, since
// the tile is not known.
func TestPlaceOffersAnIslandTileThenItsPlacement(t *testing.T) {
	r := scripttest.Table(t, choosing...)
	values := func(text, focused string) []string {
		var out []string
		for _, c := range commands.Autocomplete(r.Table, scripttest.Input(t, "ann", text), focused) {
			out = append(out, c.Value)
		}
		return out
	}
	if got := values("/place", "island"); !slices.Equal(got, []string{"purple"}) {
		t.Errorf("/place island: %v, want purple", got)
	}
	if got := values("/place island:purple", "stack"); !slices.Equal(got, []string{"1", "2"}) {
		t.Errorf("/place stack: %v, want 1 2", got)
	}
	if got := values("/place", "square"); len(got) != 0 {
		t.Errorf("/place square: before an island tile is typed, %v (the tile is not known)", got)
	}
	g := r.Table.Game.Clone()
	for _, a := range g.LegalActions() {
		if a.Args["stack"] == "2" {
			if err := g.Play(game.Move{Kind: game.MoveAction, Player: g.Current, Action: &a.Action}); err != nil {
				t.Fatal(err)
			}
		}
	}
	var want []string
	for _, sq := range g.LegalSquares(g.Drawn) {
		want = append(want, sq.String())
	}
	got := values("/place island:purple stack:2", "square")
	slices.Sort(got)
	slices.Sort(want)
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("/place island:purple stack:2 square: %v, want the squares of W: %v", got, want)
	}
	sq := want[0]
	if rots := values("/place island:purple stack:2 square:"+sq, "rotation"); len(rots) == 0 {
		t.Errorf("no rotation of W offered on %s", sq)
	}
	if spots := values("/place island:purple stack:2 square:"+sq, "meeple"); !slices.Contains(spots, "none") {
		t.Errorf("meeple spots of W on %s: %v", sq, spots)
	}
}

// TestIslandChoiceInTheTurnMessage: the message that opens a turn with the choice offers a button
// to draw face down and one per island tile the player may take; clicking an island tile takes it
// and the next message asks for its placement.
func TestIslandChoiceInTheTurnMessage(t *testing.T) {
	r := scripttest.Table(t, choosing[:len(choosing)-2]...)
	reply := commands.Handle(r.Table, scripttest.Input(t, "ann", "/place square:M5 rotation:0 meeple:none"))
	reply = commands.Handle(reply.Table, scripttest.Input(t, "bob", "/place square:K5 rotation:0 meeple:none"))
	if !reply.OK {
		t.Fatalf("bob's turn: %s", reply.Text)
	}
	var labels, ids []string
	for _, row := range reply.Buttons {
		for _, b := range row {
			labels = append(labels, b.Label)
			ids = append(ids, b.ID)
		}
	}
	want := []string{"Draw a face-down tile", "Full board", "take V from Texel's stack 1 for your purple chip", "take W from Texel's stack 2 for your purple chip"}
	if !slices.Equal(labels, want) {
		t.Fatalf("buttons %v, want %v", labels, want)
	}
	chosen := commands.HandleComponent(reply.Table, table.User{ID: "ann", Name: "ann"}, ids[3], nil)
	if !chosen.OK || !strings.Contains(chosen.Text, "ann took the island tile W from Texel's stack 2, handing in the purple 1 chip") {
		t.Fatalf("clicking the stack 2 button: %v %q", chosen.OK, chosen.Text)
	}
	if !strings.Contains(chosen.Text, "Next: ann, with tile W") {
		t.Errorf("after taking the island tile the message says %q; want ann to place W", chosen.Text)
	}
}

// TestSlashCommandTextsFitDiscord: Discord refuses to register a command whose subcommand or
// option description is empty or longer than 100 characters; the island action's, with the map's
// name in front, must fit.
func TestSlashCommandTextsFitDiscord(t *testing.T) {
	for _, c := range commands.Surface() {
		if c.Name != "chips" {
			continue
		}
		for _, sub := range c.Subs {
			if sub.Name != "island" {
				continue
			}
			texts := []string{sub.Description}
			for _, o := range sub.Options {
				texts = append(texts, o.Description)
			}
			for _, d := range texts {
				if n := len([]rune(d)); n < 1 || n > 100 {
					t.Errorf("%q has %d characters; Discord takes 1 to 100", d, n)
				}
			}
			return
		}
	}
	t.Fatal("/chips has no island subcommand")
}
