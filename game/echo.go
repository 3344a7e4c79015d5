package game

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// EchoLimit is how many characters of what someone typed a message quotes back.
const EchoLimit = 40

// Echo is what a message quotes of a player's input: at most EchoLimit characters of it, cut with
// "…", with control characters (line breaks, tabs) as blanks and invalid UTF-8 replaced. Every
// message that repeats an input goes through it, so that a reply stays short and on its lines
// whatever was typed (a 200 KB square name is not sent back).
func Echo(s string) string {
	if len(s) <= EchoLimit && isPlain(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	var b strings.Builder
	n := 0
	for _, r := range s {
		if n == EchoLimit {
			b.WriteString("…")
			break
		}
		if unicode.IsControl(r) {
			r = ' '
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// isPlain reports whether s is valid UTF-8 without control characters.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f || c >= utf8.RuneSelf {
			return utf8.ValidString(s) && !strings.ContainsFunc(s, unicode.IsControl)
		}
	}
	return true
}
