package discord

import (
	"strings"
	"unicode/utf8"
)

// maxContent keeps each message under Discord's 2,000 characters (bytes count at least once per
// character).
const maxContent = 1900

// fence opens and closes a code block.
const fence = "```"

// split cuts a text into as many Discord messages as it needs, none longer than maxContent
// bytes, so that nothing is lost: between lines where it can, a line longer than a message at its
// last "; ", ", " or space before the limit (never inside a character). A code block cut in two
// is closed at the end of one part and opened again at the start of the next, so that a table
// keeps its columns. It always returns at least one part.
func split(s string) []string {
	if len(s) <= maxContent {
		return []string{s}
	}
	var (
		parts []string
		cur   []string // the lines of the part being filled
		size  int      // their bytes, joined by line breaks
		open  string   // the line that opened the code block the text is in, "" outside one
	)
	closing := "\n" + fence
	add := func(line string) {
		if len(cur) > 0 {
			size++
		}
		cur, size = append(cur, line), size+len(line)
	}
	room := func() int { // bytes left for the next line, its line break included
		r := maxContent - size
		if open != "" {
			r -= len(closing)
		}
		if len(cur) > 0 {
			r--
		}
		return r
	}
	flush := func() {
		inBlock := open != ""
		if inBlock && cur[len(cur)-1] == open {
			cur, inBlock = cur[:len(cur)-1], false // a block opened on the part's last line opens in the next part
		}
		text := strings.Join(cur, "\n")
		if inBlock {
			text += closing
		}
		if text != "" {
			parts = append(parts, text)
		}
		cur, size = nil, 0
		if open != "" {
			add(open)
		}
	}
	fresh := func() bool { return len(cur) == 0 || len(cur) == 1 && open != "" && cur[0] == open }
	for _, line := range strings.Split(s, "\n") {
		for len(line) > room() {
			if !fresh() {
				flush()
				continue
			}
			if room() <= 0 { // a code block's opening line as long as a message: drop the block
				cur, size, open = nil, 0, ""
				continue
			}
			head, tail := cutLine(line, room())
			add(head)
			flush()
			line = tail
		}
		add(line)
		if strings.Count(line, fence)%2 == 1 {
			if open == "" {
				open = line
			} else {
				open = ""
			}
		}
	}
	if text := strings.Join(cur, "\n"); text != "" || len(parts) == 0 {
		parts = append(parts, text)
	}
	return parts
}

// cutLine cuts a line longer than n bytes into a head of at most n bytes and the rest: after the
// last "; " or ", " in the second half of the head, else at its last space there, else at n.
func cutLine(line string, n int) (head, tail string) {
	for n > 0 && !utf8.RuneStart(line[n]) {
		n--
	}
	if n == 0 { // a room narrower than the first character: take the character
		_, n = utf8.DecodeRuneInString(line)
	}
	for _, sep := range []string{"; ", ", ", " "} {
		if i := strings.LastIndex(line[:n], sep); i >= n/2 {
			keep := len(strings.TrimRight(sep, " "))
			return line[:i+keep], line[i+len(sep):]
		}
	}
	return line[:n], line[n:]
}
