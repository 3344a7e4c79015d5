package greatbritain_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/scripttest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// setOpen: ann holds purple 1, purple 2, light blue 1 and light blue 2; her next tile, on I9,
// collects the orange 1, which completes four sets (GE1).
var setOpen = []string{
	"ann: /carc new map:greatbritain", "bob: /carc join",
	"!starts Kilkenny=U@0 Carlisle=U@0 Bristol=U@0", "!deck D E U W U E D U B",
	"!chips H8=purple:1 G8=purple:2 J8=blue:1 K8=blue:2 I9=orange:1",
	"ann: /carc start",
	"ann: /place square:H8 rotation:0 meeple:none", "bob: /place square:D12 rotation:0 meeple:none",
	"ann: /place square:G8 rotation:0 meeple:none", "bob: /place square:C13 rotation:0 meeple:none",
	"ann: /place square:J8 rotation:0 meeple:none", "bob: /place square:D14 rotation:180 meeple:none",
	"ann: /place square:K8 rotation:0 meeple:none", "bob: /place square:E13 rotation:0 meeple:none",
}

var sets = []string{"purple 1 + blue 1 + orange 1", "purple 1 + blue 2 + orange 1", "purple 2 + blue 1 + orange 1", "purple 2 + blue 2 + orange 1"}

// setValues are the sets as the action writes them, without blanks, for button ids.
var setValues = []string{"purple1+blue1+orange1", "purple1+blue2+orange1", "purple2+blue1+orange1", "purple2+blue2+orange1"}

// TestSetChoiceInTheTurnMessage: while a set waits to be chosen the turn message offers one
// button per set and no meeple button; a click uses that set and brings the meeple buttons.
func TestSetChoiceInTheTurnMessage(t *testing.T) {
	r := scripttest.Table(t, setOpen...)
	reply := commands.Handle(r.Table, scripttest.Input(t, "ann", "/place square:I9 rotation:0"))
	if !reply.OK || buttons(reply, "spot") != nil {
		t.Fatalf("after the orange 1: ok %v, buttons %v; want no meeple button", reply.OK, reply.Buttons)
	}
	acts := buttons(reply, "act")
	var labels []string
	for _, b := range acts {
		labels = append(labels, b.Label)
	}
	want := make([]string, len(sets))
	for i, s := range sets {
		want[i] = "use the set " + s
	}
	if !slices.Equal(labels, want) {
		t.Fatalf("set buttons %v, want %v", labels, want)
	}
	chosen := commands.HandleComponent(reply.Table, table.User{ID: "ann", Name: "ann"}, acts[3].ID, nil)
	if !chosen.OK || !strings.Contains(chosen.Text, "ann used the set purple 2 + blue 2 + orange 1") {
		t.Fatalf("clicking the last set: %v %q", chosen.OK, chosen.Text)
	}
	if buttons(chosen, "spot") == nil || buttons(chosen, "act") != nil {
		t.Errorf("after the set, the message offers %v; want the meeple buttons only", chosen.Buttons)
	}
}

// TestSetsInAutocomplete: /chips set offers exactly the sets the new chip completes, and only to
// the player who chooses.
func TestSetsInAutocomplete(t *testing.T) {
	r := scripttest.Table(t, append(slices.Clone(setOpen), "ann: /place square:I9 rotation:0")...)
	var got []string
	for _, c := range commands.Autocomplete(r.Table, scripttest.Input(t, "ann", "/chips set"), "chips") {
		got = append(got, c.Value)
	}
	if !slices.Equal(got, setValues) {
		t.Errorf("autocomplete of /chips set chips: %v, want %v", got, setValues)
	}
	if c := commands.Autocomplete(r.Table, scripttest.Input(t, "bob", "/chips set"), "chips"); len(c) != 1 || c[0].Value != "-" {
		t.Errorf("bob, who is not to play, is offered %v", c)
	}
}

// TestIsleButtonAfterTheTurn: once a normal turn is scored the message offers the extra turn as a
// button beside "End my turn"; a click buys it and the extra turn's message offers none.
func TestIsleButtonAfterTheTurn(t *testing.T) {
	r := scripttest.Table(t, setOpen[:6]...)
	reply := commands.Handle(r.Table, scripttest.Input(t, "ann", "/place square:H8 rotation:0"))
	reply = commands.Handle(reply.Table, scripttest.Input(t, "ann", "/meeple spot:none"))
	acts := buttons(reply, "act")
	if !reply.OK || len(acts) != 1 || acts[0].Label != "put a meeple on the Isle of Man for an extra turn" || buttons(reply, "pass") == nil {
		t.Fatalf("after the turn: ok %v, buttons %v; want the Isle of Man and End my turn", reply.OK, reply.Buttons)
	}
	bought := commands.HandleComponent(reply.Table, table.User{ID: "ann", Name: "ann"}, acts[0].ID, nil)
	if !bought.OK || !strings.Contains(bought.Text, "ann put a meeple on the Isle of Man and takes an extra turn at once") {
		t.Fatalf("clicking the Isle of Man: %v %q", bought.OK, bought.Text)
	}
	extra := commands.Handle(bought.Table, scripttest.Input(t, "ann", "/place square:D12 rotation:0"))
	extra = commands.Handle(extra.Table, scripttest.Input(t, "ann", "/meeple spot:none"))
	if !extra.OK || strings.Contains(extra.Text, "Isle of Man for an extra turn") {
		t.Errorf("after the extra turn: %v %q; want no second offer", extra.OK, extra.Text)
	}
}

// buttons lists a reply's buttons whose verb is verb.
func buttons(r commands.Reply, verb string) []commands.Button {
	var out []commands.Button
	for _, row := range r.Buttons {
		for _, b := range row {
			if c, err := commands.ParseComponentID(b.ID); err == nil && c.Verb == verb {
				out = append(out, b)
			}
		}
	}
	return out
}
