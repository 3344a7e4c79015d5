package taiwan_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/scripttest"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/table"
)

// finishStep: ann holds purple 1, blue 1, orange 2 and blue 2 and has thieves on K12 and K13; bob
// has one on M6. ann's last tile is placed, with no meeple: she is in the finish step.
var finishStep = []string{
	"ann: /carc new map:taiwan", "bob: /carc join",
	`!starts "Mount Snow=D@0" "Mount Jade=U@0"`, "!deck U U U U U U V",
	"!chips K12=purple:1 L12=blue:1 K13=orange:2 L13=blue:2",
	"ann: /carc start",
	"ann: /place square:K12 rotation:0 meeple:road:E", "bob: /place square:M6 rotation:0 meeple:road:E",
	"ann: /place square:L12 rotation:0 meeple:none", "bob: /place square:N6 rotation:0 meeple:none",
	"ann: /place square:K13 rotation:0 meeple:road:E", "bob: /place square:K6 rotation:0 meeple:none",
	"ann: /place square:L13 rotation:0", "ann: /meeple spot:none", "!expect phase finish",
}

func values(c []commands.Choice) []string {
	var out []string
	for _, x := range c {
		out = append(out, x.Value)
	}
	return out
}

// TestAutocompleteOffersOnlyUpgradesThatArePossible: /chips upgrade offers only the player's own
// meeples without an upgrade, and only the exact payments of the chips they hold (T6-T8); bob,
// who is not to play, is offered nothing.
func TestAutocompleteOffersOnlyUpgradesThatArePossible(t *testing.T) {
	r := scripttest.Table(t, finishStep...)
	if got := values(commands.Autocomplete(r.Table, scripttest.Input(t, "ann", "/chips upgrade"), "square")); !slices.Equal(got, []string{"K12", "K13"}) {
		t.Errorf("squares offered: %v, want ann's thieves K12 K13 (not bob's M6)", got)
	}
	want := []string{"blue2+orange2", "blue2+purple1+blue1", "orange2+purple1+blue1"}
	if got := values(commands.Autocomplete(r.Table, scripttest.Input(t, "ann", "/chips upgrade square:K13"), "pay")); !slices.Equal(got, want) {
		t.Errorf("payments offered: %v, want %v (exactly 4, never all 6)", got, want)
	}
	if c := commands.Autocomplete(r.Table, scripttest.Input(t, "bob", "/chips upgrade"), "square"); len(c) > 1 || len(c) == 1 && c[0].Value != "-" {
		t.Errorf("bob, who is not to play, is offered %v", c)
	}
	// Once K12 is upgraded it is no longer offered.
	r = scripttest.Table(t, append(slices.Clone(finishStep), `ann: /chips upgrade square:K12 pay:"orange 2 + purple 1 + blue 1"`)...)
	if got := values(commands.Autocomplete(r.Table, scripttest.Input(t, "ann", "/chips upgrade"), "square")); len(got) > 1 || len(got) == 1 && got[0] != "-" {
		t.Errorf("after the upgrade (blue 2 left, nothing to pay with) the squares offered are %v", got)
	}
}

// TestPlaceOffersUpgradesAfterItsMeeple: autocomplete of /place's upgrade option previews the
// placement and the meeple typed (none when left out), then offers the meeples an upgrade may go
// on, paid from the chips already held (the face-down chip under the tile stays unknown).
func TestPlaceOffersUpgradesAfterItsMeeple(t *testing.T) {
	r := scripttest.Table(t, finishStep[:len(finishStep)-3]...)
	in := scripttest.Input(t, "ann", "/place square:L13 rotation:0")
	in.Options["upgrade"] = ""
	if got := values(commands.Autocomplete(r.Table, in, "upgrade")); !slices.Equal(got, []string{"K12", "K13"}) {
		t.Errorf("/place upgrade: offers %v, want ann's meeples K12 K13", got)
	}
}

// TestUpgradeButtonsInTheTurnMessage: after the meeple step the turn message offers each legal
// upgrade, and choosing one upgrades the meeple.
func TestUpgradeButtonsInTheTurnMessage(t *testing.T) {
	r := scripttest.Table(t, finishStep[:len(finishStep)-2]...)
	reply := commands.Handle(r.Table, scripttest.Input(t, "ann", "/meeple spot:none"))
	if !reply.OK {
		t.Fatalf("/meeple spot:none refused: %s", reply.Text)
	}
	var ids, labels []string
	for _, row := range reply.Buttons {
		for _, b := range row {
			ids, labels = append(ids, b.ID), append(labels, b.Label)
		}
	}
	if reply.Select != nil {
		for _, o := range reply.Select.Options {
			ids, labels = append(ids, o.Value), append(labels, o.Name)
		}
	}
	var upgrade string
	for i, l := range labels {
		if strings.Contains(l, "K13") && strings.Contains(l, "orange 2 + purple 1 + blue 1") {
			upgrade = ids[i]
		}
		if strings.Contains(l, "M6") {
			t.Errorf("the turn message offers bob's meeple: %q", l)
		}
	}
	if upgrade == "" {
		t.Fatalf("no button or menu entry to upgrade K13 with orange 2 + purple 1 + blue 1 among %q", labels)
	}
	var chosen commands.Reply
	if reply.Select != nil && slices.Contains(valuesOf(reply.Select), upgrade) {
		chosen = commands.HandleComponent(reply.Table, table.User{ID: "ann", Name: "ann"}, reply.Select.ID, []string{upgrade})
	} else {
		chosen = commands.HandleComponent(reply.Table, table.User{ID: "ann", Name: "ann"}, upgrade, nil)
	}
	if !chosen.OK || !strings.Contains(chosen.Text, "ann upgraded their thief on K13 with orange 2 + purple 1 + blue 1") {
		t.Fatalf("choosing the upgrade: %v %q", chosen.OK, chosen.Text)
	}
}

func valuesOf(s *commands.Select) []string {
	var out []string
	for _, o := range s.Options {
		out = append(out, o.Value)
	}
	return out
}

// TestAutocompleteNeverTellsTheChipUnderTheTile: ann holds an orange 2 and looks at /place on L12,
// where a face-down chip lies. Whether that chip is a 2 (an upgrade would become payable) or a 1,
// autocomplete offers the same for the place command's upgrade and chips options: nothing may tell
// the hidden chip.
func TestAutocompleteNeverTellsTheChipUnderTheTile(t *testing.T) {
	offers := func(chips ...string) string {
		r := scripttest.Table(t, "ann: /carc new map:taiwan", "bob: /carc join",
			`!starts "Mount Snow=D@0" "Mount Jade=U@0"`, "!deck U U U U U U",
			"!chips K12=orange:2 M6=purple:1 "+strings.Join(chips, " "), "ann: /carc start",
			"ann: /place square:K12 rotation:0 meeple:road:E", "bob: /place square:M6 rotation:0 meeple:none",
			"ann: /place square:K11 rotation:0 meeple:none", "bob: /place square:N6 rotation:0 meeple:none")
		var out []string
		for _, focused := range []string{"upgrade", "chips"} {
			in := scripttest.Input(t, "ann", "/place square:L12 rotation:0 meeple:none")
			in.Options[focused] = ""
			out = append(out, focused+"="+strings.Join(values(commands.Autocomplete(r.Table, in, focused)), ","))
		}
		return strings.Join(out, " ")
	}
	if two, one := offers("L12=blue:2"), offers("L12=blue:1"); two != one {
		t.Errorf("with a blue 2 under L12 autocomplete offers %q, with a blue 1 %q", two, one)
	}
}

// TestAPaymentNamesItsChipsInAnyOrder (T6): every way of writing an exact payment pays for the
// upgrade: the chips in any order, "light blue" or "lightblue" for blue, commas or plus signs, any
// case. The chip under the meeple is a 2 whenever one is paid.
func TestAPaymentNamesItsChipsInAnyOrder(t *testing.T) {
	for _, c := range []struct{ pay, left string }{
		{"blue 2 + orange 2", "purple:1,blue:1"},
		{"orange 2 + light blue 2", "purple:1,blue:1"},
		{"lightblue2+orange2", "purple:1,blue:1"},
		{"Orange 2, Blue 2", "purple:1,blue:1"},
		{"blue 1 + orange 2 + purple 1", "blue:2"},
		{"purple 1 + blue 1 + blue 2", "orange:2"},
	} {
		lines := append(slices.Clone(finishStep), `ann: /chips upgrade square:K12 pay:"`+c.pay+`"`, "!expect ok",
			"!expect chips ann="+c.left, "!expect state marks.0.chip.value=2")
		scripttest.Table(t, lines...)
	}
}
