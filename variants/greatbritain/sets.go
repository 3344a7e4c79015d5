package greatbritain

import (
	"slices"
	"strconv"
	"strings"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// SetAction is the chip action that chooses which set of three a new chip completes, when it
// completes several (G10): set chips:"purple 2 + blue 2 + orange 1".
const SetAction = "set"

// chipSet is a set of three chips, in the order of game.ChipColors() and then by value.
type chipSet [3]game.Chip

func (s chipSet) String() string { return game.ChipList(s[:]) }

// chips are the set as a message's value.
func (s chipSet) chips() msg.Value { return game.ChipsValue(s[:]) }

func (s chipSet) value() int { return s[0].Value + s[1].Value + s[2].Value }

// isSet reports whether three chips are a set (G7): the same number, whatever the colours, or all
// three colours, whatever the numbers.
func isSet(a, b, c game.Chip) bool {
	sameNumber := a.Value == b.Value && b.Value == c.Value
	threeColours := a.Color != b.Color && b.Color != c.Color && a.Color != c.Color
	return sameNumber || threeColours
}

func colorRank(c string) int { return slices.Index(game.ChipColors(), c) }

func less(a, b game.Chip) bool {
	if ra, rb := colorRank(a.Color), colorRank(b.Color); ra != rb {
		return ra < rb
	}
	return a.Value < b.Value
}

func newSet(a, b, c game.Chip) chipSet {
	s := chipSet{a, b, c}
	slices.SortFunc(s[:], func(x, y game.Chip) int {
		switch {
		case less(x, y):
			return -1
		case less(y, x):
			return 1
		}
		return 0
	})
	return s
}

// setsWith lists the different sets of three that the chip c just added to hand completes: each
// holds c and two other chips of the hand (G8, G10). Chips of the same colour and value are alike,
// so sets are told apart by what they hold. The list is sorted by total value, then colour by
// colour; the first is the default when the deadline passes.
func setsWith(hand []game.Chip, c game.Chip) []chipSet {
	rest := slices.Clone(hand)
	if i := slices.Index(rest, c); i >= 0 {
		rest = slices.Delete(rest, i, i+1)
	}
	var out []chipSet
	for i := range rest {
		for j := i + 1; j < len(rest); j++ {
			if !isSet(c, rest[i], rest[j]) {
				continue
			}
			if s := newSet(c, rest[i], rest[j]); !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	slices.SortFunc(out, func(a, b chipSet) int {
		if a.value() != b.value() {
			return a.value() - b.value()
		}
		for k := range a {
			if less(a[k], b[k]) {
				return -1
			}
			if less(b[k], a[k]) {
				return 1
			}
		}
		return 0
	})
	return out
}

// setAction is the action that uses set s. Its chips are written without blanks
// (purple1+blue2+orange1): the action travels in button ids, which do not quote values.
func setAction(s chipSet) game.Action {
	parts := make([]string, len(s))
	for i, c := range s {
		parts[i] = c.Color + strconv.Itoa(c.Value)
	}
	return game.Action{Name: SetAction, Args: map[string]string{"chips": strings.Join(parts, "+")}}
}

// normalSet writes a typed set as the legal actions write it, so that its chips may be named in
// any order; what is not three chips stays as typed, for the refusal to explain.
func normalSet(text string) string {
	if s, ok := parseSet(text); ok {
		return setAction(s).Args["chips"]
	}
	return strings.ToLower(strings.Join(strings.Fields(text), ""))
}

// parseSet reads three chips written as "purple 2 + blue 2 + orange 1", in any order, with or
// without blanks, with + or commas; light blue is blue. ok is false if the text is not three
// chips.
func parseSet(text string) (chipSet, bool) {
	parts := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return r == '+' || r == ',' })
	if len(parts) != 3 {
		return chipSet{}, false
	}
	var chips [3]game.Chip
	for i, part := range parts {
		p := strings.Join(strings.Fields(part), "")
		if p == "" {
			return chipSet{}, false
		}
		v, err := strconv.Atoi(p[len(p)-1:])
		if err != nil || v < 1 || v > 2 {
			return chipSet{}, false
		}
		color, err := game.ParseColor(p[:len(p)-1])
		if err != nil {
			return chipSet{}, false
		}
		chips[i] = game.Chip{Color: color, Value: v}
	}
	return newSet(chips[0], chips[1], chips[2]), true
}
