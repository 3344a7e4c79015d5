package game

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestEchoQuotesAShortPrefixOnOneLine(t *testing.T) {
	long := strings.Repeat("Zq", 100_000)
	for _, c := range []struct{ in, want string }{
		{"F7", "F7"},
		{"", ""},
		{"Lüdao", "Lüdao"},
		{long, long[:EchoLimit] + "…"},
		{"a\nb\tc", "a b c"},
		{"\xff\xfeF7", "\uFFFDF7"},
		{strings.Repeat("ü", EchoLimit+1), strings.Repeat("ü", EchoLimit) + "…"},
	} {
		if got := Echo(c.in); got != c.want {
			t.Errorf("Echo(%.60q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func FuzzEcho(f *testing.F) {
	for _, s := range []string{"F7", "a\nb", "\xff", strings.Repeat("x", 100)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e := Echo(s)
		if !utf8.ValidString(e) || strings.ContainsFunc(e, unicode.IsControl) || utf8.RuneCountInString(e) > EchoLimit+1 {
			t.Fatalf("Echo(%q) = %q", s, e)
		}
		if utf8.ValidString(s) && !strings.ContainsFunc(s, unicode.IsControl) && utf8.RuneCountInString(s) <= EchoLimit && e != s {
			t.Fatalf("Echo(%q) changed a short plain input to %q", s, e)
		}
	})
}
