package render

import (
	"slices"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/france"
)

// TestUnusedStartSquaresDoNotLookUsed: France uses 2 of its 3 start squares. The two this game
// uses are edged in red; the third is not, it has a grey dashed edge instead, and the legend
// names both marks.
func TestUnusedStartSquaresDoNotLookUsed(t *testing.T) {
	g, err := game.NewGame(france.Map(), france.Variant{}, game.Setup{Players: []string{"ann", "bob"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(false)
	used := usedStarts(v)
	if len(used) != 2 || len(v.Map.Starts) != 3 {
		t.Fatalf("%d of %d start squares used, want 2 of 3", len(used), len(v.Map.Starts))
	}
	for _, o := range []Options{{}, {Kind: Zoom, Center: v.Map.Starts[0].Square, Radius: 7}} {
		c, err := compose(v, o)
		if err != nil {
			t.Fatal(err)
		}
		fr, _ := pickFrame(v, o)
		for _, st := range v.Map.Starts {
			r := fr.rect(st.Square)
			r = r.Add(fr.off)
			edge := r.Inset(1)
			edge.Max.Y = edge.Min.Y + 2
			red, grey := hasColour(c, edge, cStart), hasColour(c, r.Inset(3), cTextMuted)
			if used[st.Square] && !red {
				t.Errorf("%s: the used start square %s is not edged in red", kindName(o), st.Name)
			}
			if !used[st.Square] && (red || !grey) {
				t.Errorf("%s: the unused start square %s: red %v, grey dashes %v", kindName(o), st.Name, red, grey)
			}
		}
		var keys []string
		for _, it := range legendItems(v, o, fr) {
			keys = append(keys, it.key)
		}
		if !slices.Contains(keys, "start") || !slices.Contains(keys, "start-unused") {
			t.Errorf("%s: the legend has %v, want both kinds of start square", kindName(o), keys)
		}
	}
}

func kindName(o Options) string { return map[Kind]string{Full: "full", Zoom: "zoom"}[o.Kind] }
