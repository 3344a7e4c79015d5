package game

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestANameKeepsNoControlCharacter reads the door of stored names like its rule: a clean name
// passes as it is; NUL, other control characters, invalid bytes and the marks that reorder text
// are found, and CleanName leaves them out (a line break or a tab as a space), keeping every
// other character, emoji sequences joined by ZWJ included.
func TestANameKeepsNoControlCharacter(t *testing.T) {
	for _, c := range []struct {
		in, clean string
		unfit     rune // -1: none
	}{
		{"Ann", "Ann", -1},
		{"Anne-Marie O'Brien", "Anne-Marie O'Brien", -1},
		{"李小龍", "李小龍", -1},
		{"👩‍🚀 Ada", "👩‍🚀 Ada", -1},
		{"[link](https://x.example) # hi", "[link](https://x.example) # hi", -1},
		{"\x00\x00\x00", "", '\x00'},
		{"Cup\x00cmd\x00carc new\x00", "Cup cmd carc new", '\x00'},
		{"two\nlines", "two lines", '\n'},
		{"tab\there", "tab here", '\t'},
		{"  spaced   out  ", "spaced out", -1},
		{"bad\xffbyte", "badbyte", utf8.RuneError},
		{"abc\u202Efed", "abcfed", '\u202E'},
		{"x\u2066y\u2069", "xy", '\u2066'},
		{"del\x7f", "del", '\x7f'},
		{"c1\u0085next", "c1 next", '\u0085'},
	} {
		r, bad := UnfitRune(c.in)
		if bad != (c.unfit >= 0) || bad && r != c.unfit {
			t.Errorf("UnfitRune(%q) = %U %v, want %U", c.in, r, bad, c.unfit)
		}
		got := CleanName(c.in)
		if got != c.clean {
			t.Errorf("CleanName(%q) = %q, want %q", c.in, got, c.clean)
		}
		if _, bad := UnfitRune(got); bad || strings.TrimSpace(got) != got {
			t.Errorf("CleanName(%q) = %q is not clean", c.in, got)
		}
	}
}

// FuzzCleanName: whatever is typed, CleanName gives a valid name UnfitRune accepts, and a clean
// name is kept as it is.
func FuzzCleanName(f *testing.F) {
	for _, s := range []string{"Ann", "\x00\x00\x00", "a\nb", "\xff", "\u202Eabc", " x  y "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := CleanName(s)
		if !utf8.ValidString(c) {
			t.Fatalf("CleanName(%q) = %q is not UTF-8", s, c)
		}
		if r, bad := UnfitRune(c); bad {
			t.Fatalf("CleanName(%q) = %q holds %U", s, c, r)
		}
		if CleanName(c) != c {
			t.Fatalf("CleanName is not stable on %q", c)
		}
	})
}
