package commands

import (
	"strings"
	"testing"
)

// TestGuessNamesTheNearestChoice: a mistyped word is taken for the one choice it is a part of, or
// the one a letter or two (a swap counting as one) tell apart; nothing when two are as near, or
// none is near enough; a word longer than any name is not compared at all.
func TestGuessNamesTheNearestChoice(t *testing.T) {
	maps := []string{"benelux", "classic", "france", "greatbritain", "iberia", "taiwan"}
	for _, c := range []struct{ typed, want string }{
		{"britain", "greatbritain"}, {"frnace", "france"}, {"Taiwna", "taiwan"}, {"xyz", ""}, {"a", ""}, {"", ""},
	} {
		if got := guess(c.typed, maps); got != c.want {
			t.Errorf("guess(%q) = %q, want %q", c.typed, got, c.want)
		}
	}
	if got := guess("ba", []string{"bat", "bag"}); got != "" {
		t.Errorf("two choices as near: %q", got)
	}
	if got := guess(strings.Repeat("x", maxGuessed+1), maps); got != "" {
		t.Errorf("a word longer than any name: %q", got)
	}
}
