package greatbritain

import (
	"fmt"
	"strings"
	"testing"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/gametest"
)

// chips reads "p1 b2 o1" as chips.
func chips(text string) []game.Chip {
	var out []game.Chip
	for _, f := range strings.Fields(text) {
		c := game.Chip{Color: map[byte]string{'p': game.Purple, 'b': game.Blue, 'o': game.Orange}[f[0]], Value: int(f[1] - '0')}
		out = append(out, c)
	}
	return out
}

// TestSetsOfThreeG7 checks which three chips make a set: the same number, whatever the colours
// (a), or all three colours, whatever the numbers (b); one colour three times is no set (the
// English rules' first wording, corrected).
func TestSetsOfThreeG7(t *testing.T) {
	for _, c := range []struct {
		chips string
		set   bool
	}{
		{"p1 b1 o1", true},  // both counts
		{"p2 b2 o2", true},  // GE2
		{"o1 o1 p1", true},  // GE4: the same number
		{"p2 p2 p2", true},  // the same number in one colour
		{"p1 b2 o2", true},  // three colours
		{"p2 b1 o1", true},  // three colours
		{"o1 o2 o1", false}, // GE3
		{"p1 p2 b1", false}, // two colours, two numbers
		{"b1 b2 b2", false}, // one colour is not a set
	} {
		h := chips(c.chips)
		if got := isSet(h[0], h[1], h[2]); got != c.set {
			t.Errorf("%s: set %v, want %v", c.chips, got, c.set)
		}
	}
}

// TestTheSetsANewChipCompletesG8G10: the sets a new chip completes hold it and two chips of the
// hand; alike chips make one set, not several; the list runs from the lowest total value, the
// default when the deadline passes.
func TestTheSetsANewChipCompletesG8G10(t *testing.T) {
	for _, c := range []struct {
		name, hand, chip string
		want             []string
	}{
		{"GE1", "p1 p2 b1 b2", "o1", []string{"purple 1 + blue 1 + orange 1", "purple 1 + blue 2 + orange 1",
			"purple 2 + blue 1 + orange 1", "purple 2 + blue 2 + orange 1"}},
		{"GE2", "b2 o2", "p2", []string{"purple 2 + blue 2 + orange 2"}},
		{"GE3", "o1 o2", "o1", nil},
		{"GE4", "o1 o1", "p1", []string{"purple 1 + orange 1 + orange 1"}},
		{"alike chips are one set", "o1 o1 b2", "p1", []string{"purple 1 + orange 1 + orange 1", "purple 1 + blue 2 + orange 1"}},
		{"the new chip is in every set", "p1 b1 o1 o2", "p2", []string{"purple 2 + blue 1 + orange 1", "purple 2 + blue 1 + orange 2"}},
	} {
		c0 := chips(c.chip)[0]
		var got []string
		for _, s := range setsWith(append(chips(c.hand), c0), c0) {
			got = append(got, s.String())
		}
		if strings.Join(got, "; ") != strings.Join(c.want, "; ") {
			t.Errorf("%s: hand %s and %s complete %q, want %q", c.name, c.hand, c.chip, got, c.want)
		}
	}
}

// TestSetTextsAreRead: the set action reads three chips however they are written, in any order.
func TestSetTextsAreRead(t *testing.T) {
	want := newSet(game.Chip{Color: game.Purple, Value: 2}, game.Chip{Color: game.Blue, Value: 2}, game.Chip{Color: game.Orange, Value: 1})
	for _, text := range []string{"purple 2 + blue 2 + orange 1", "orange 1, purple 2, light blue 2", "purple2+blue2+orange1", " Orange 1 + LightBlue 2 + PURPLE 2 "} {
		if got, ok := parseSet(text); !ok || got != want {
			t.Errorf("%q reads as %v %v, want %s", text, got, ok, want)
		}
	}
	for _, text := range []string{"", "purple 2 + blue 2", "purple 3 + blue 2 + orange 1", "green 1 + blue 2 + orange 1", "purple 2+blue 2+orange 1+orange 1", "p2+b2+o1", "+ +"} {
		if got, ok := parseSet(text); ok {
			t.Errorf("%q reads as %s, want a refusal", text, got)
		}
	}
}

// TestAHandNeverHoldsASetG11 plays 2,000 random games of 2 to 6 players and checks after every
// move what the rules promise: once a new chip is settled, no hand holds a set, so none holds more
// than 4 chips; each meeple bought an extra turn in a normal turn, with a tile left to play it;
// no extra turn follows an extra turn; the 30 chips are all accounted for.
func TestAHandNeverHoldsASetG11(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	extra, inSets := 0, 0
	for seed := range games {
		players := []string{"a", "b", "c", "d", "e", "f"}[:2+seed%5]
		g, err := game.NewGame(Map(), Variant{}, game.Setup{Players: players, Seed: uint64(seed)})
		if err != nil {
			t.Fatal(err)
		}
		rng := game.NewRNG(uint64(seed))
		for g.Phase != game.PhaseOver {
			before := g.Clone()
			m, _ := g.RandomMove(&rng, nil)
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			if err := checkRound(before, g, m); err != nil {
				t.Fatalf("game %d, turn %d, %v: %v", seed, g.Turn, m, err)
			}
			if m.Kind == game.MoveAction && m.Action.Name == IsleAction {
				extra++
			}
			inSets += len(g.ChipsOut) - len(before.ChipsOut)
		}
		if p := gametest.Count(g); p.Chips != 30 {
			t.Fatalf("game %d ends with %d chips accounted for, want 30", seed, p.Chips)
		}
	}
	if extra < games || inSets < games {
		t.Errorf("%d extra turns and %d chips out in sets over %d games: the random players hardly test the rules", extra, inSets, games)
	}
}

func checkRound(before, g *game.Game, m game.Move) error {
	s := st(g)
	if g.TurnState.Choice == nil {
		for _, p := range g.Players {
			if len(p.Chips) > 4 {
				return fmt.Errorf("%s holds %d chips: %s", p.Name, len(p.Chips), game.ChipList(p.Chips))
			}
			h := p.Chips
			for i := range h {
				for j := i + 1; j < len(h); j++ {
					for k := j + 1; k < len(h); k++ {
						if isSet(h[i], h[j], h[k]) {
							return fmt.Errorf("%s holds the set %s", p.Name, newSet(h[i], h[j], h[k]))
						}
					}
				}
			}
		}
	}
	if m.Kind == game.MoveAction && m.Action.Name == IsleAction {
		switch {
		case before.ExtraTurn():
			return fmt.Errorf("an extra turn was bought in an extra turn")
		case len(before.Deck) == 0:
			return fmt.Errorf("an extra turn was bought with an empty stack")
		case s.Isle[before.Current] != st(before).Isle[before.Current]+1:
			return fmt.Errorf("the Isle of Man holds %d meeples of %s, had %d", s.Isle[before.Current], before.Players[before.Current].Name, st(before).Isle[before.Current])
		}
	}
	if before.ExtraTurn() && g.ExtraTurn() && g.Turn != before.Turn {
		return fmt.Errorf("an extra turn followed an extra turn")
	}
	return nil
}
