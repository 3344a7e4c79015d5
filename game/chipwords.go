package game

import "github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"

// ChipsValue are chips as a message's value (msg.Chips): a reader's language writes their colours.
func ChipsValue(chips []Chip) msg.Value {
	out := make([]msg.Chip, len(chips))
	for i, c := range chips {
		out[i] = msg.Chip{Colour: c.Color, Value: c.Value}
	}
	return msg.Chips(out)
}

// ChipValue is one chip as a message's value.
func ChipValue(c Chip) msg.Value { return ChipsValue([]Chip{c}) }
