package lang

import "strings"

// Name is text a user chose (a display name, a league's name) given as a message's value. A
// printer for Discord writes it with Discord's markdown escaped (Shown), so that it shows as it
// was typed and never as a masked link, a heading, a quote or a mention; a printer for a reader
// who sees no markdown (Typed: a terminal; Plain: a web page, a picture) writes it as it is.
// Whatever text a value holds, it never forges the marks the printer writes commands with.
type Name string

// markdown are the characters Discord's markdown gives a meaning to in text, every one escaped
// in a Name: emphasis, strikethrough, spoilers and code (* _ ~ | `), quotes, headings and lists
// at a line's start (> # - .), masked links ([ ] ( )), mentions, channels and timestamps (< @),
// emoji and links (:), and the backslash itself. A backslash before punctuation is hidden.
const markdown = "\\*_~|`>#-.[]()<@:"

var escaper = func() *strings.Replacer {
	var pairs []string
	for _, c := range markdown {
		pairs = append(pairs, string(c), "\\"+string(c))
	}
	return strings.NewReplacer(pairs...)
}()

// Shown is a user's text as the printer's reader sees it typed: for Discord, its markdown
// escaped; for a reader who sees no markdown, as it is.
func (p *Printer) Shown(s string) string {
	s = strings.ReplaceAll(s, mark, "")
	if p.plain {
		return s
	}
	return escaper.Replace(s)
}

// Plain is the printer of the same language for a reader who sees no markdown (a web page, a
// picture): Names come as typed. Typed printers are plain too.
func (p *Printer) Plain() *Printer {
	if p.plain {
		return p
	}
	key := p.code + "/plain"
	if t, ok := printers.Load(key); ok {
		return t.(*Printer)
	}
	t := *p
	t.plain = true
	printers.Store(key, &t)
	return &t
}
