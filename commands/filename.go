package commands

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// folded are the letters that decomposition does not take back to ASCII.
var folded = map[rune]string{'ß': "ss", 'æ': "ae", 'Æ': "AE", 'œ': "oe", 'Œ': "OE", 'ø': "o", 'Ø': "O",
	'ł': "l", 'Ł': "L", 'đ': "d", 'Đ': "D", 'þ': "th", 'Þ': "Th", 'ı': "i"}

// FileName is a name for a file from text someone chose (a league's name): its letters kept, in
// ASCII (Frühling: Fruhling, Ærø: AEro), words joined by -, nothing that could break out of a
// header or a path. Text in a script with no such transliteration (春季盃) names the file by
// fallback, an id.
func FileName(text, fallback string) string {
	var b strings.Builder
	dash := false
	for _, r := range norm.NFD.String(text) {
		switch {
		case unicode.Is(unicode.Mn, r):
			continue
		case r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
			dash = false
			continue
		case folded[r] != "":
			b.WriteString(folded[r])
			dash = false
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return fallback
		}
		if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	name := strings.TrimSuffix(b.String(), "-")
	if name == "" {
		return fallback
	}
	return name
}
