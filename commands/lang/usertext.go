package lang

import "strings"

// Name is text a user chose (a display name, a league's name) given as a message's value. A
// printer for Discord writes it with Discord's markdown escaped (Shown), so that it shows as it
// was typed and never as a masked link, a heading, a quote, emphasis or a mention; a printer for a reader
// who sees no markdown (Typed: a terminal; Plain: a web page, a picture) writes it as it is.
// Whatever text a value holds, it never forges the marks the printer writes commands with.
type Name string

// inline are the characters Discord's markdown gives a meaning to anywhere in a line, every one
// escaped in a Name: emphasis, strikethrough, spoilers and code (* _ ~ | `), masked links ([ ]),
// mentions, channels, timestamps and custom emoji (<), @everyone and @here (@), and the backslash
// itself. A backslash before punctuation is hidden, so a name shows as typed.
const inline = "\\*_~|`[]<@"

var escaper = func() *strings.Replacer {
	var pairs []string
	for _, c := range inline {
		pairs = append(pairs, string(c), "\\"+string(c))
	}
	return strings.NewReplacer(pairs...)
}()

// Shown is a user's text as the printer's reader sees it typed: for Discord, its inline markdown
// escaped, and what would begin a heading, a quote or a list if the name began a line (# > - +
// and "1."; a name holds no line break); for a reader who sees no markdown, as it is.
func (p *Printer) Shown(s string) string {
	s = strings.ReplaceAll(s, mark, "")
	if p.plain {
		return s
	}
	s = escaper.Replace(s)
	if rest := strings.TrimLeft(s, " "); rest != "" && strings.ContainsRune("#>-+", rune(rest[0])) {
		return s[:len(s)-len(rest)] + "\\" + rest
	}
	if digits := strings.TrimLeft(s, "0123456789"); len(digits) < len(s) && strings.HasPrefix(digits, ".") {
		return s[:len(s)-len(digits)] + "\\" + digits
	}
	return s
}

// IsPlain reports whether p's reader sees no markdown (local play, web pages, pictures), where a
// text's code fences and marks would show as they are typed.
func (p *Printer) IsPlain() bool { return p.plain }

// Plain is the printer of the same language for a reader who sees no markdown (a web page, a
// picture): Names come as typed. Typed printers are plain too.
func (p *Printer) Plain() *Printer {
	if p.plain {
		return p
	}
	return p.variant("plain", func(t *Printer) { t.plain = true })
}
