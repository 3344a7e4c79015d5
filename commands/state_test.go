package commands

import (
	"encoding/json"
	"testing"
)

// TestStateCarriesTheMapsOwnKeys: a map's public state reaches the state JSON at the top level
// (France's wines), without a field of the state for it, and never replaces one of the state's
// own keys; the deal key and the seed stay out of the players' state.
func TestStateCarriesTheMapsOwnKeys(t *testing.T) {
	tbl, err := Position("france", 2, 3, 20)
	if err != nil {
		t.Fatal(err)
	}
	tbl.Settings.Key = "secret-key"
	s := StateOf(tbl, false)
	s.Variant["turn"] = "a map must not replace this"
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var top map[string]any
	if err := json.Unmarshal(b, &top); err != nil {
		t.Fatal(err)
	}
	if _, ok := top["wines"]; !ok {
		t.Errorf("no wines key in %s", b)
	}
	if turn, _ := top["turn"].(float64); int(turn) != tbl.Game.Turn {
		t.Errorf("the map's key replaced the state's turn: %v", top["turn"])
	}
	settings, _ := top["settings"].(map[string]any)
	if settings["key"] != nil || settings["seed"] != float64(0) || top["seed"] != nil || top["deck"] != nil {
		t.Errorf("the players' state shows the deal: %s", b)
	}
}

// TestAFaceDownChipShowsWhatThePlayersSee: in the players' state a face-down chip never has its
// value, and has its colour only where everyone sees it: on Great Britain, whose chips lie on the
// chip squares of their colour (G3).
func TestAFaceDownChipShowsWhatThePlayersSee(t *testing.T) {
	for _, m := range []string{"france", "greatbritain", "benelux", "iberia", "taiwan"} {
		tbl, err := Position(m, 3, 7, 15)
		if err != nil {
			t.Fatal(err)
		}
		full := StateOf(tbl, true)
		down := 0
		for i, c := range StateOf(tbl, false).MapChips {
			if c.Face != "down" {
				continue
			}
			down++
			want := ""
			if m == "greatbritain" {
				want = full.MapChips[i].Color
			}
			if c.Value != 0 || c.Color != want {
				t.Errorf("%s: the face-down chip on %s shows %s %d to the players, want colour %q and no value", m, c.Square, c.Color, c.Value, want)
			}
		}
		if down == 0 {
			t.Errorf("%s: no face-down chip to check", m)
		}
	}
}
