package lang

import (
	"strings"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Pseudo is the pseudo-locale: English with every letter accented and every vowel tripled (about
// 40% longer, like German or French), so that tests see where a longer language would be cut or
// overflow. It is never offered to players.
const Pseudo = "en-XA"

var pseudoTag = language.MustParse(Pseudo)

var accents = map[rune]string{
	'a': "ááà", 'e': "ééè", 'i': "ííì", 'o': "ööò", 'u': "üüù", 'y': "ýý",
	'A': "ÅÅÀ", 'E': "ÉÉÈ", 'I': "ÎÎÌ", 'O': "ÖÖÒ", 'U': "ÜÜÙ", 'Y': "ÝÝ",
	'c': "ç", 'n': "ñ", 's': "š", 'z': "ž", 'C': "Ç", 'N': "Ñ", 'S': "Š", 'Z': "Ž",
}

// pseudoText stretches the literal parts of a message template, leaving its {{...}} actions alone.
func pseudoText(src string) string {
	var b strings.Builder
	for src != "" {
		i := strings.Index(src, "{{")
		if i < 0 {
			i = len(src)
		}
		for _, r := range src[:i] {
			if a, ok := accents[r]; ok {
				b.WriteString(a)
			} else {
				b.WriteRune(r)
			}
		}
		src = src[i:]
		if src == "" {
			break
		}
		j := strings.Index(src, "}}")
		if j < 0 {
			b.WriteString(src)
			break
		}
		b.WriteString(src[:j+2])
		src = src[j+2:]
	}
	return b.String()
}

// addPseudo puts the pseudo-locale's messages, made from the English ones, into the bundle.
func addPseudo(b *i18n.Bundle, english []*i18n.Message) error {
	out := make([]*i18n.Message, 0, len(english))
	for _, m := range english {
		p := *m
		for _, f := range []*string{&p.Zero, &p.One, &p.Two, &p.Few, &p.Many, &p.Other} {
			if *f != "" {
				*f = pseudoText(*f)
			}
		}
		out = append(out, &p)
	}
	return b.AddMessages(pseudoTag, out...)
}
