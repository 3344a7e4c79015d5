package msg

import (
	"strconv"
	"strings"
	"time"
)

// Kind is what a message's value is: how a reader's language writes it. A value's kind is said
// where the value is made, never guessed from its name or parsed back from English.
type Kind uint8

const (
	// KindText is written as it is (a square, a tile, a number already written).
	KindText Kind = iota
	// KindColour is a chip's or a town's colour as it is typed: purple, blue, orange.
	KindColour
	// KindSpot is a meeple's spot as it is typed: city:N, field:NL, cloister.
	KindSpot
	// KindFeature is a kind of feature: city, road, field, cloister, farm.
	KindFeature
	// KindChips are chips, each a colour and a value.
	KindChips
	// KindPlace is a printed place's name (a city, an island, a town).
	KindPlace
	// KindPlayer is a player's name, as they chose it.
	KindPlayer
	// KindDuration is a length of time.
	KindDuration
	// KindCount is a whole number, written in the reader's convention.
	KindCount
)

// Chip is a chip as a message names it.
type Chip struct {
	Colour string
	Value  int
}

// Value is a message's value with its kind. Text is its English (logs, a record's audit);
// Chips, Count and Duration hold what their kinds write.
type Value struct {
	Kind     Kind
	Text     string
	Chips    []Chip
	Count    int
	Duration time.Duration
}

// Colour is a colour as it is typed.
func Colour(c string) Value { return Value{Kind: KindColour, Text: c} }

// Spot is a meeple's spot as it is typed.
func Spot(s string) Value { return Value{Kind: KindSpot, Text: s} }

// Feature is a kind of feature.
func Feature(f string) Value { return Value{Kind: KindFeature, Text: f} }

// Place is a printed place's name.
func Place(name string) Value { return Value{Kind: KindPlace, Text: name} }

// Player is a player's name.
func Player(name string) Value { return Value{Kind: KindPlayer, Text: name} }

// Count is a whole number.
func Count(n int) Value { return Value{Kind: KindCount, Text: strconv.Itoa(n), Count: n} }

// Duration is a length of time.
func Duration(d time.Duration) Value { return Value{Kind: KindDuration, Text: d.String(), Duration: d} }

// Chips are chips; their English is "orange 2 + blue 1", or "no chips".
func Chips(chips []Chip) Value {
	parts := make([]string, len(chips))
	for i, c := range chips {
		parts[i] = c.Colour + " " + strconv.Itoa(c.Value)
	}
	text := strings.Join(parts, " + ")
	if len(chips) == 0 {
		text = "no chips"
	}
	return Value{Kind: KindChips, Text: text, Chips: chips}
}
