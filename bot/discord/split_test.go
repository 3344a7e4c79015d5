package discord

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSplitLosesNothing: a text longer than a Discord message is cut into several, each within
// the limit and valid UTF-8, that hold every word in order; between lines where it can (every
// line that fits a message arrives whole), a long line at a separator, a code block closed and
// opened again around each cut so that each part shows it as a block.
func TestSplitLosesNothing(t *testing.T) {
	t.Parallel()
	var lines []string
	for i := range 120 {
		lines = append(lines, fmt.Sprintf("  player%02d +%d (a city of %d tiles with %d pennants on F%d)", i, i, i%9, i%4, i))
	}
	long := strings.Repeat("Points by source: ann: cities 40, roads 12; ", 80)
	var table []string
	for i := range 90 {
		table = append(table, fmt.Sprintf("%3d  %-20s %6d", i+1, fmt.Sprintf("member%d", i), 90-i))
	}
	for _, c := range []struct {
		name string
		text string
	}{
		{"short", "The game is over. Winner: ann."},
		{"empty", ""},
		{"many lines", strings.Join(lines, "\n")},
		{"one long line", long},
		{"a long line among short ones", "The game is over.\n" + long + "\nThe deal's key was 0011."},
		{"accents", strings.Repeat("é", 1500)},
		{"characters across the limit", strings.Repeat("a", 1899) + strings.Repeat("€", 10)},
		{"emoji without spaces", strings.Repeat("🏰", 600)},
		{"a code block", "Cup, season 1: standings\n```\n" + strings.Join(table, "\n") + "\n```\nPoints: 1 per opponent finished ahead of."},
		{"a code block opened on a part's last line", strings.Repeat("x", 1890) + "\n```\n" + strings.Join(table, "\n") + "\n```"},
	} {
		t.Run(c.name, func(t *testing.T) {
			parts := split(c.text)
			if len(parts) == 0 || len(c.text) <= maxContent && len(parts) != 1 {
				t.Fatalf("%d parts for %d bytes", len(parts), len(c.text))
			}
			for i, p := range parts {
				if len(p) > maxContent || !utf8.ValidString(p) {
					t.Errorf("part %d: %d bytes, valid UTF-8 %v", i, len(p), utf8.ValidString(p))
				}
				if strings.Count(p, fence)%2 != 0 {
					t.Errorf("part %d leaves a code block open:\n%s", i, p)
				}
			}
			if !strings.ContainsAny(c.text, " \n") {
				if strings.Join(parts, "") != c.text {
					t.Error("the parts of a text without spaces do not add up to it")
				}
			} else if got, want := words(strings.Join(parts, "\n")), words(c.text); !slices.Equal(got, want) {
				t.Errorf("the parts hold %d words, the text %d", len(got), len(want))
			}
			joined := "\n" + strings.Join(parts, "\n") + "\n"
			for _, line := range strings.Split(c.text, "\n") {
				if len(line) <= maxContent-len(fence)-2 && !strings.Contains(joined, "\n"+line+"\n") {
					t.Errorf("the line %q does not arrive whole", line)
				}
			}
		})
	}
}

// words are the text's words without code fences, which a split adds.
func words(s string) []string {
	var out []string
	for _, w := range strings.Fields(strings.ReplaceAll(s, fence, " ")) {
		out = append(out, strings.TrimRight(w, ";,"))
	}
	return out
}
