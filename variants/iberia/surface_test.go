package iberia_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/scripttest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// ann has turned over the orange 2 on G2 and must lay it as a treat in rows 1-4.
var treatOpen = []string{
	"ann: /carc new map:iberia", "bob: /carc join",
	"!starts León=U@0 Pamplona=U@0 Murcia=U@0", "!deck U U", "!chips G2=orange:2 D2=blue:1",
	"ann: /carc start", "ann: /place square:G2 rotation:0", "!expect state choice.action=treat",
}

// orangeFree are the free squares of rows 1-4 once ann's tile lies on G2: no tile (León F2,
// Pamplona J2, G2), no chip (D2), no large city (Barcelona O4), in reading order.
var orangeFree = strings.Fields(`B1 C1 D1 E1 F1 G1 H1 I1 J1 A2 B2 C2 E2 H2 I2 K2 L2 M2
	B3 C3 D3 E3 F3 G3 H3 I3 J3 K3 L3 M3 N3 O3 P3 B4 C4 D4 E4 F4 G4 H4 I4 J4 K4 L4 M4 N4 P4`)

// TestTreatSquaresInAutocomplete: /chips treat offers exactly the free squares of the treat's
// rows, filtered by what is typed; /place offers no treat square before its tile turns the chip
// over, since the chip's colour is hidden until then.
func TestTreatSquaresInAutocomplete(t *testing.T) {
	r := scripttest.Table(t, treatOpen...)
	var got []string
	for _, c := range commands.Autocomplete(r.Table, scripttest.Input(t, "ann", "/chips treat"), "square") {
		got = append(got, c.Value)
	}
	if !slices.Equal(got, orangeFree[:commands.MaxChoices]) {
		t.Errorf("autocomplete of /chips treat square: %v, want the first %d of %v", got, commands.MaxChoices, orangeFree)
	}
	got = got[:0]
	for _, c := range commands.Autocomplete(r.Table, scripttest.Input(t, "ann", "/chips treat square:P"), "square") {
		got = append(got, c.Value)
	}
	if !slices.Equal(got, []string{"P3", "P4"}) {
		t.Errorf("autocomplete of /chips treat square:P offers %v, want P3 P4", got)
	}
	if c := commands.Autocomplete(r.Table, scripttest.Input(t, "bob", "/chips treat"), "square"); len(c) != 1 || c[0].Value != "-" {
		t.Errorf("bob, who is not to play, is offered %v", c)
	}

	before := scripttest.Table(t, treatOpen[:6]...)
	if c := commands.Autocomplete(before.Table, scripttest.Input(t, "ann", "/place square:G2 rotation:0"), "treat"); len(c) != 0 {
		t.Errorf("before the chip on G2 is turned over, /place treat: offers %v", c)
	}
}

// TestTreatChoiceInTheTurnMessage: while the treat waits, the turn message offers the treat
// squares and no meeple buttons: more squares than fit as buttons, so a menu of the first 25 in
// reading order; choosing one lays the treat and brings the meeple buttons.
func TestTreatChoiceInTheTurnMessage(t *testing.T) {
	r := scripttest.Table(t, treatOpen[:6]...)
	reply := commands.Handle(r.Table, scripttest.Input(t, "ann", "/place square:G2 rotation:0"))
	if !reply.OK || meepleButtons(reply) || reply.Select == nil {
		t.Fatalf("after turning over a chip: ok %v, buttons %v, menu %v; want the menu and no meeple button", reply.OK, reply.Buttons, reply.Select)
	}
	var values, labels []string
	for _, o := range reply.Select.Options {
		values = append(values, o.Value)
		labels = append(labels, o.Name)
	}
	if len(values) != commands.MaxChoices || values[0] != "treat square:B1" || labels[0] != "treat on B1" || values[13] != "treat square:H2" {
		t.Fatalf("menu %v (%v), want the first 25 free squares of rows 1-4 as treat square:B1 ...", values, labels)
	}
	chosen := commands.HandleComponent(reply.Table, table.User{ID: "ann", Name: "ann"}, reply.Select.ID, []string{"treat square:H2"})
	if !chosen.OK || !strings.Contains(chosen.Text, "ann laid the orange 2 treat on H2.") {
		t.Fatalf("choosing H2 in the menu: %v %q", chosen.OK, chosen.Text)
	}
	if chosen.Select != nil || !meepleButtons(chosen) {
		t.Errorf("after the treat, the message offers %v %v; want the meeple buttons", chosen.Buttons, chosen.Select)
	}
}

// meepleButtons reports whether a reply offers the meeple step's buttons (a spot, or none).
func meepleButtons(r commands.Reply) bool {
	return slices.ContainsFunc(r.Buttons, func(row []commands.Button) bool {
		return slices.ContainsFunc(row, func(b commands.Button) bool {
			c, err := commands.ParseComponentID(b.ID)
			return err == nil && c.Verb == "spot"
		})
	})
}
