package web

import (
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/commands/lang"
	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// reader is the language a page is written in for the request that asked for it, and how it was
// chosen: an explicit ?lang= is kept in the page's own links; a language read from the browser's
// Accept-Language makes the answer vary with that header.
type reader struct {
	*lang.Printer
	// explicit is a ?lang= the request gave.
	explicit bool
	// fromHeader marks a choice that depends on Accept-Language (no ?lang=).
	fromHeader bool
}

// languageOf chooses the language of a request's page: an explicit ?lang=CODE, else the browser's
// Accept-Language matched to the catalogues, else fallback (a table's language: setting, else its
// server's), else English. A ?lang= that is not a code of the catalogues is an error naming the legal ones; the
// page of that refusal is written as if it had not been given.
func languageOf(r *http.Request, fallback string) (reader, error) {
	if v, ok := r.URL.Query()["lang"]; ok && len(v) > 0 {
		if code, known := lang.Known(v[0]); known {
			return reader{Printer: lang.For(code), explicit: true}, nil
		}
		rd := fromHeader(r, fallback)
		return rd, msg.Message{ID: "web_err_lang", Args: lang.A{"Value": quoted(v[0]), "Codes": strings.Join(lang.Codes(), ", ")}}
	}
	return fromHeader(r, fallback), nil
}

// maxAcceptLanguage bounds the part of Accept-Language that is read: a browser's list of a few
// languages is far shorter, and parsing a huge one costs milliseconds of CPU a request.
const maxAcceptLanguage = 256

// acceptLanguage is the request's Accept-Language, its preferences beyond maxAcceptLanguage bytes
// cut off (at a comma, so that no preference is read cut in two).
func acceptLanguage(r *http.Request) string {
	h := r.Header.Get("Accept-Language")
	if len(h) <= maxAcceptLanguage {
		return h
	}
	h = h[:maxAcceptLanguage]
	if c := strings.LastIndexByte(h, ','); c >= 0 {
		return h[:c]
	}
	return ""
}

// fromHeader is the browser's first preferred language the catalogues have (English counts when
// the browser asks for it), else fallback, else English.
func fromHeader(r *http.Request, fallback string) reader {
	rd := reader{fromHeader: true}
	if tags, _, err := language.ParseAcceptLanguage(acceptLanguage(r)); err == nil {
		for _, t := range tags {
			if t == language.Und {
				continue // "*": any language, so the table's
			}
			code := lang.Match(t.String())
			if base, _ := t.Base(); code != lang.English || base.String() == lang.English {
				rd.Printer = lang.For(code)
				return rd
			}
		}
	}
	if fallback != "" {
		rd.Printer = lang.For(lang.Match(fallback))
	} else {
		rd.Printer = lang.For(lang.English)
	}
	return rd
}

// vary marks an answer that depends on the browser's Accept-Language, so that a cache between
// the reader and the server keeps one copy per language.
func (rd reader) vary(w http.ResponseWriter) {
	if rd.fromHeader {
		w.Header().Add("Vary", "Accept-Language")
	}
}

// Query is what the page's own links add to keep the reader's explicit choice of language
// ("&lang=de"); "" when the language was not chosen on the page.
func (rd reader) Query() string {
	if !rd.explicit {
		return ""
	}
	return "&lang=" + url.QueryEscape(rd.Code())
}

// HTML writes a message as HTML: its text and its named values escaped, except the values that
// are template.HTML, which the page built itself (a <code> element, a <time>).
func (rd reader) HTML(id string, a lang.A) template.HTML {
	plain := lang.A{}
	var kept []template.HTML
	for k, v := range a {
		if h, ok := v.(template.HTML); ok {
			plain[k] = "\x01" + strconv.Itoa(len(kept)) + "\x01"
			kept = append(kept, h)
			continue
		}
		plain[k] = v
	}
	s := template.HTMLEscapeString(rd.T(id, plain))
	for i, h := range kept {
		s = strings.ReplaceAll(s, "\x01"+strconv.Itoa(i)+"\x01", string(h))
	}
	return template.HTML(s)
}

// Decimal writes a number with its fraction (a rating, a league's half point) in the language's
// convention: 1.5, 1,5.
func (rd reader) Decimal(v float64, digits int) string {
	return decimals(rd.Code()).Sprintf("%.*f", digits, v)
}

var decimalPrinters sync.Map // code -> *message.Printer

func decimals(code string) *message.Printer {
	if p, ok := decimalPrinters.Load(code); ok {
		return p.(*message.Printer)
	}
	p := message.NewPrinter(language.MustParse(code))
	decimalPrinters.Store(code, p)
	return p
}

// Date writes a moment in UTC in the language's convention, for a reader whose browser runs no
// script (the page's script writes it in the reader's own time zone).
func (rd reader) Date(t time.Time) string {
	t = t.UTC()
	return rd.T("web_datetime", lang.A{"Year": strconv.Itoa(t.Year()), "Month": rd.T(fmt.Sprintf("web_month_%d", int(t.Month())), nil),
		"Day": strconv.Itoa(t.Day()), "Time": t.Format("15:04")})
}

// languageLink is one language of the page's switcher: its name in itself, and the page's address in it.
type languageLink struct {
	Code, Name, Href string
	Current          bool
}

// switcher is the page's language switcher: every language of the catalogues, named in itself,
// each a link to the same page (keeping the position shown) in that language. Plain links, so it
// works without the script.
func (rd reader) switcher(keep url.Values) []languageLink {
	out := make([]languageLink, 0, len(lang.Codes()))
	for _, code := range lang.Codes() {
		q := url.Values{}
		for k, v := range keep {
			q[k] = slices.Clone(v)
		}
		q.Set("lang", code)
		out = append(out, languageLink{Code: code, Name: lang.For(code).T("web_lang_name", nil), Href: "?" + q.Encode(),
			Current: code == rd.Code()})
	}
	return out
}

// messageFuncs are the template functions that write one language's messages: t (a message with
// its named values given in pairs), n (a plural message), h (a message as HTML, see
// reader.HTML), num (a whole number) and moment (a date).
func messageFuncs(p *lang.Printer) template.FuncMap {
	rd := reader{Printer: p}
	return template.FuncMap{
		"t":   func(id string, kv ...any) string { return rd.T(id, pairs(kv)) },
		"n":   func(id string, count int, kv ...any) string { return rd.N(id, count, pairs(kv)) },
		"h":   func(id string, kv ...any) template.HTML { return rd.HTML(id, pairs(kv)) },
		"num": rd.Number,
		// moment is a <time> of t, in UTC in the language's convention, which the page's script
		// writes in the reader's time zone.
		"moment": func(t time.Time) template.HTML {
			return template.HTML(`<time datetime="` + t.UTC().Format(time.RFC3339) + `">` + template.HTMLEscapeString(rd.Date(t)) + "</time>")
		},
	}
}

// pairs reads a template's named values: "Name", value, "Name", value.
func pairs(kv []any) lang.A {
	a := lang.A{}
	for i := 0; i+1 < len(kv); i += 2 {
		if k, ok := kv[i].(string); ok {
			a[k] = kv[i+1]
		}
	}
	return a
}
