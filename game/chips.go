package game

import (
	"fmt"
	"slices"
	"strings"
)

// Chip colours: the three grape varieties, or the three chip colours of every map.
const (
	Purple = "purple"
	Blue   = "blue"
	Orange = "orange"
)

var chipColors = []string{Purple, Blue, Orange}

// ChipColors lists the chip colours in a fixed order.
func ChipColors() []string { return slices.Clone(chipColors) }

// Chip is a Map-Chip: a colour and a value of 1 or 2. The engine gives chips no meaning; the
// variants' rules do.
type Chip struct {
	Color string `json:"color"`
	Value int    `json:"value"`
}

func (c Chip) String() string { return fmt.Sprintf("%s %d", c.Color, c.Value) }

// MapChip is a chip lying on a square, face down or face up (an Iberian treat).
type MapChip struct {
	Square Square `json:"square"`
	Chip
	FaceUp bool `json:"face_up"`
}

// StandardChips is the Map-Chips box: per colour six chips of value 1 and four of value 2.
func StandardChips() []Chip {
	var out []Chip
	for _, c := range chipColors {
		for range 6 {
			out = append(out, Chip{c, 1})
		}
		for range 4 {
			out = append(out, Chip{c, 2})
		}
	}
	return out
}

// ParseColor reads a chip colour (light blue and lightblue are blue); what is not one is refused
// (a *MoveError).
func ParseColor(s string) (string, error) {
	t := strings.ToLower(strings.Join(strings.Fields(s), ""))
	switch t {
	case "purple", "orange", "blue":
		return t, nil
	case "lightblue", "light-blue":
		return Blue, nil
	}
	return "", refuse(ErrBadMove, nil, Say(idEngineNotAColour, "Value", Echo(s)))
}

// ChipOn returns the index in MapChips of the chip on square s.
func (g *Game) ChipOn(s Square) (int, bool) {
	for i := range g.MapChips {
		if g.MapChips[i].Square == s {
			return i, true
		}
	}
	return -1, false
}

// PutChip lays a chip on an empty playable square.
func (g *Game) PutChip(c MapChip) error {
	if g.Map.Info(c.Square).Kind != Playable {
		return fmt.Errorf("chip on %s: %s", c.Square, g.Map.Describe(c.Square))
	}
	if _, taken := g.ChipOn(c.Square); taken {
		return fmt.Errorf("chip on %s: the square already holds a chip", c.Square)
	}
	if _, placed := g.cells.get(c.Square); placed {
		return fmt.Errorf("chip on %s: the square already holds a tile", c.Square)
	}
	g.MapChips = append(g.MapChips, c)
	return nil
}

// ChipsGiven reports whether the setup fixed the chip layout (table scripts' !chips), in which case
// a variant must not lay its own.
func (g *Game) ChipsGiven() bool { return g.Setup.Chips != nil }

func (g *Game) layChips(list []MapChip) error {
	for _, c := range list {
		if _, err := ParseColor(c.Color); err != nil || c.Value < 1 || c.Value > 2 {
			return fmt.Errorf("chip on %s: want a colour (purple, blue, orange) and a value of 1 or 2", c.Square)
		}
		if err := g.PutChip(c); err != nil {
			return err
		}
	}
	return nil
}

// TakeChip removes the chip at index i of MapChips from the map and returns it; taking a face-down
// chip reveals it (see Revealed).
func (g *Game) TakeChip(i int) MapChip {
	c := g.MapChips[i]
	if !c.FaceUp {
		g.revealed = true
	}
	g.MapChips = slices.Delete(g.MapChips, i, i+1)
	return c
}

// GiveChip puts a chip face up in a player's supply.
func (g *Game) GiveChip(player int, c Chip) {
	g.Players[player].Chips = append(g.Players[player].Chips, c)
}

// HasChips reports whether a player's supply holds all of the given chips (as a multiset).
func (g *Game) HasChips(player int, chips []Chip) bool {
	hand := slices.Clone(g.Players[player].Chips)
	for _, c := range chips {
		i := slices.Index(hand, c)
		if i < 0 {
			return false
		}
		hand = slices.Delete(hand, i, i+1)
	}
	return true
}

// WhyNotHeld says why a player cannot hand in chips (they do not hold them all), or is zero when
// they can.
func (g *Game) WhyNotHeld(player int, chips []Chip) Words {
	if g.HasChips(player, chips) {
		return Words{}
	}
	return Say(idEngineChipsNotHeld, "Chips", ChipsValue(chips), "Hand", ChipsValue(g.Players[player].Chips))
}

// SpendChips takes chips out of a player's supply and out of the game. It changes nothing and
// refuses the action (a *MoveError) if the player does not hold them all.
func (g *Game) SpendChips(player int, chips []Chip) error {
	if why := g.WhyNotHeld(player, chips); !why.IsZero() {
		return refuse(ErrIllegalAction, nil, why)
	}
	for _, c := range chips {
		hand := g.Players[player].Chips
		i := slices.Index(hand, c)
		g.Players[player].Chips = slices.Delete(hand, i, i+1)
		g.ChipsOut = append(g.ChipsOut, c)
	}
	return nil
}

// ChipList writes chips for people: "orange 1 + orange 1".
func ChipList(chips []Chip) string {
	parts := make([]string, len(chips))
	for i, c := range chips {
		parts[i] = c.String()
	}
	if len(parts) == 0 {
		return "no chips"
	}
	return strings.Join(parts, " + ")
}
