package lang

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

// A is the named values of a message (msg.Args): the one kind of values every message has.
type A = msg.Args

// Printer writes the messages of one language.
type Printer struct {
	code string
	// typed marks the printer of a text read where commands are typed as the bot declares them
	// (local play, table scripts): no Discord shows their localised names there.
	typed bool
	// plain marks the printer of a text read where no markdown is rendered (Typed printers, and
	// Plain ones: web pages, pictures): Names are written as they are.
	plain bool
	loc   *localizer
	num   *message.Printer
}

// localizer is a language's go-i18n localizer, made when the language first writes a message: a
// printer may be taken as a package loads (a package-level variable), before every owner has
// registered its catalogue, which must not load the catalogues yet.
type localizer struct {
	code string
	once sync.Once
	l    *i18n.Localizer
}

func (l *localizer) get() *i18n.Localizer {
	l.once.Do(func() { l.l = i18n.NewLocalizer(Default.ready().bundle, l.code) })
	return l.l
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
	p := &Printer{code: code, loc: &localizer{code: code}, num: message.NewPrinter(language.MustParse(code))}
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
	return p.localize(&i18n.LocalizeConfig{MessageID: id, TemplateData: p.data(id, a)})
}

// N writes a plural message: its form is the language's CLDR form for n, which the text reads as
// {{.Count}}.
func (p *Printer) N(id string, n int, a A) string {
	d := p.data(id, a)
	d["Count"] = p.Number(n)
	return p.localize(&i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: d})
}

// Number writes a whole number in the language's convention.
func (p *Printer) Number(n int) string { return p.num.Sprintf("%d", n) }

// Message writes a message: a message given as the value of another's placeholder (chosen where
// its reader is not known yet, like the reason a failure gives) is written in the language of the
// message that holds it. A plural message is written in the form of its value Count.
func (p *Printer) Message(m msg.Message) string {
	if Default.Plural(m.ID) {
		switch n := m.Args["Count"].(type) {
		case int:
			return p.N(m.ID, n, m.Args)
		case msg.Value:
			return p.N(m.ID, n.Count, m.Args)
		case string:
			// A count a game's record kept as text (msg.Message's JSON).
			if c, err := strconv.Atoi(n); err == nil {
				return p.N(m.ID, c, m.Args)
			}
		}
	}
	return p.T(m.ID, m.Args)
}

// The English of every message is written by the English catalogue, read when a message is first
// written (after every package has registered its own).
func init() { msg.SetEnglish(func(m msg.Message) string { return For(English).Message(m) }) }

// Values writes the values of messages the printer does not know by itself: the command layer
// registers it (SetValues) for its words (an open choice, the chip actions of a turn) and the
// kinds of values that take the game's words (spots, colours, chips). ok is false for a value it
// does not write either.
type Values func(p *Printer, v any) (s string, ok bool)

var values atomic.Pointer[Values]

// SetValues registers the writer of the values the printer does not know by itself.
func SetValues(w Values) { values.Store(&w) }

// data are the values a of message id written in the printer's language.
func (p *Printer) data(id string, a A) map[string]any {
	d := make(map[string]any, len(a)+1)
	for k, v := range a {
		if m, ok := v.(msg.Message); ok {
			d[k] = p.clause(m, Default.opens(p.code, id, k))
			continue
		}
		d[k] = p.value(v)
	}
	return d
}

// clause is a message written as a part of another (the reason a refusal gives): without its
// final stop, and beginning with a capital where a sentence begins (opens: the start of the text
// or after a sentence's end), unless it begins with a name someone chose or with a value to type,
// which keep their letters as typed. Elsewhere (after a colon) it begins as its catalogue writes
// it: a whole sentence with a capital in German, a small letter in the other languages.
func (p *Printer) clause(m msg.Message, opens bool) string {
	s := strings.TrimRight(p.Message(m), ".。")
	if !opens {
		return s
	}
	for _, v := range m.Args {
		var name string
		switch n := v.(type) {
		case Name:
			name = p.Shown(string(n))
		case msg.Value:
			if n.Kind == msg.KindPlayer {
				name = p.Shown(n.Text)
			}
		}
		if name != "" && strings.HasPrefix(s, name) {
			return s
		}
	}
	first, _, _ := strings.Cut(s, " ")
	if strings.HasPrefix(first, "/") || strings.Contains(strings.TrimSuffix(first, ":"), ":") {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// value is one value of a message written in the printer's language.
func (p *Printer) value(v any) any {
	switch m := v.(type) {
	case int:
		return p.Number(m)
	case msg.Message:
		return p.clause(m, false)
	case Name:
		return p.Shown(string(m))
	case string:
		// No value forges the marks of the template functions: what a user typed reaches
		// a message as it is, never as a command's name to write.
		return strings.ReplaceAll(m, mark, "")
	case msg.Value:
		switch m.Kind {
		case msg.KindText:
			return strings.ReplaceAll(m.Text, mark, "")
		case msg.KindCount:
			return p.Number(m.Count)
		case msg.KindPlayer:
			return p.Shown(m.Text)
		}
	}
	if w := values.Load(); w != nil {
		if s, ok := (*w)(p, v); ok {
			return s
		}
	}
	if m, ok := v.(msg.Value); ok {
		return strings.ReplaceAll(m.Text, mark, "")
	}
	return v
}

// localize cannot fail for a message of the checked catalogues; a wrong id in the code is a
// programming error that tests catch (every id the code uses is in en.toml), so it is shown as it
// is rather than hidden.
func (p *Printer) localize(lc *i18n.LocalizeConfig) string {
	s, err := p.loc.get().Localize(configure(lc))
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
