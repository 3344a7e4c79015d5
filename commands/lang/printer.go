package lang

import (
	"fmt"
	"strings"
	"sync"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// A is the named values of a message.
type A map[string]any

// Printer writes the messages of one language.
type Printer struct {
	code string
	// typed marks the printer of a text read where commands are typed as the bot declares them
	// (local play, table scripts): no Discord shows their localised names there.
	typed bool
	// plain marks the printer of a text read where no markdown is rendered (Typed printers, and
	// Plain ones: web pages, pictures): Names are written as they are.
	plain bool
	loc   *i18n.Localizer
	num   *message.Printer
}

var printers sync.Map // code -> *Printer

// For is the printer of a language (a code or a Discord locale, matched with Match).
func For(code string) *Printer {
	if code != Pseudo {
		code = Match(code)
	}
	if p, ok := printers.Load(code); ok {
		return p.(*Printer)
	}
	p := &Printer{code: code, loc: i18n.NewLocalizer(Default.ready().bundle, code), num: message.NewPrinter(language.MustParse(code))}
	if code == Pseudo {
		// Numbers as in German, the longest convention the catalogues meet.
		p.num = message.NewPrinter(language.German)
	}
	printers.Store(code, p)
	return p
}

// Typed is the printer of the same language for a reader who types the commands as the bot
// declares them, with no Discord to show their localised names (local play, table scripts): its
// texts name the commands canonically.
func (p *Printer) Typed() *Printer {
	if p.typed {
		return p
	}
	return p.variant("typed", func(t *Printer) { t.typed, t.plain = true, true })
}

// variant is the printer of p's language changed by set, made once and kept under the name.
func (p *Printer) variant(name string, set func(*Printer)) *Printer {
	key := p.code + "/" + name
	if t, ok := printers.Load(key); ok {
		return t.(*Printer)
	}
	t := *p
	set(&t)
	actual, _ := printers.LoadOrStore(key, &t)
	return actual.(*Printer)
}

// Code is the printer's language.
func (p *Printer) Code() string { return p.code }

// T writes a message with its named values. Whole numbers among them are written in the
// language's convention (1,234 / 1.234 / 1 234).
func (p *Printer) T(id string, a A) string {
	return p.localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: p.data(a)})
}

// N writes a plural message: its form is the language's CLDR form for n, which the text reads as
// {{.Count}}.
func (p *Printer) N(id string, n int, a A) string {
	d := p.data(a)
	d["Count"] = p.Number(n)
	return p.localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: d})
}

// Number writes a whole number in the language's convention.
func (p *Printer) Number(n int) string { return p.num.Sprintf("%d", n) }

// Message is a message of the catalogues given as the value of another's placeholder: chosen
// where its reader is not known yet (the reason a failure gives), it is written in the language
// of the message that holds it.
type Message struct {
	ID string
	A  A
}

func (p *Printer) data(a A) map[string]any {
	d := make(map[string]any, len(a)+1)
	for k, v := range a {
		switch m := v.(type) {
		case int:
			v = p.Number(m)
		case Message:
			v = p.T(m.ID, m.A)
		case Name:
			v = p.Shown(string(m))
		case string:
			// No value forges the marks of the template functions: what a user typed reaches
			// a message as it is, never as a command's name to write.
			v = strings.ReplaceAll(m, mark, "")
		}
		d[k] = v
	}
	return d
}

// localize cannot fail for a message of the checked catalogues; a wrong id in the code is a
// programming error that tests catch (every id the code uses is in en.toml), so it is shown as it
// is rather than hidden.
func (p *Printer) localize(lc *i18n.LocalizeConfig) string {
	s, err := p.loc.Localize(configure(lc))
	if err != nil {
		return fmt.Sprintf("[%s]", lc.MessageID)
	}
	return p.typography(p.names(s))
}

// frenchSpaces binds the space French typography puts before : ; ? ! and inside « » to its mark
// (a no-break space), so that no line of a message, a button or a picture begins with the mark
// alone: one rule of the printer instead of a thousand texts edited by hand.
var frenchSpaces = strings.NewReplacer(" :", "\u00a0:", " ;", "\u00a0;", " ?", "\u00a0?", " !", "\u00a0!",
	"« ", "«\u00a0", " »", "\u00a0»")

// typography applies the spacing rules of the printer's language to a written message.
func (p *Printer) typography(s string) string {
	if p.code == "fr" {
		return frenchSpaces.Replace(s)
	}
	return s
}
