package game

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Names that users choose (their display names, a league's name) are stored and shown again,
// in Discord, in pictures, on web pages and in files, so each comes through one door: UnfitRune
// finds what no stored name may hold, CleanName takes it out. Control characters go (NUL above
// all: PostgreSQL stores no NUL, and the catalogues mark their own placeholders with it), and so
// do the marks that reorder the text after them (bidirectional embeddings, overrides and isolates),
// which would let a name turn round the words shown beside it. Markdown is not the door's
// business: a name is kept as typed and escaped where Discord shows it (lang.Name).

// UnfitRune returns the first character of s that no stored name may hold, and whether there is
// one: an invalid byte (as utf8.RuneError), a control character, or a reordering mark.
func UnfitRune(s string) (rune, bool) {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return r, true
			}
		}
		if unfit(r) {
			return r, true
		}
	}
	return 0, false
}

// CleanName is s made fit to store and show: invalid bytes and reordering marks left out, a
// control character (a line break, a tab) read as a space, runs of spaces made one, trimmed.
func CleanName(s string) string {
	if _, bad := UnfitRune(s); !bad && !strings.Contains(s, "  ") && strings.TrimSpace(s) == s {
		return s
	}
	var b strings.Builder
	space := false
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				continue
			}
		}
		switch {
		case unicode.IsControl(r) || unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		case unfit(r):
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unfit tells the control characters and the reordering marks apart from every other valid
// character.
func unfit(r rune) bool {
	switch {
	case unicode.IsControl(r):
		return true
	case r >= '\u202A' && r <= '\u202E', r >= '\u2066' && r <= '\u2069':
		return true // LRE RLE PDF LRO RLO; LRI RLI FSI PDI
	}
	return false
}
