package lang

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
)

//go:embed catalog
var embedded embed.FS

// Catalogues are the parsed message files of every language, checked against each other.
type Catalogues struct {
	// lazy, when set, loads the catalogues when they are first read (once).
	lazy   func() (*Catalogues, error)
	once   sync.Once
	bundle *i18n.Bundle
	// ids are the message ids of the reference language, sorted.
	ids []string
	// plural marks the ids whose message has plural forms.
	plural map[string]bool
	// english is the reference text of each id (every form), for the checks that no English
	// reaches a reader of another language.
	english map[string][]string
	// paths are the commands and options the messages name with cmd and opt.
	paths []string
	// open marks the placeholders that begin a sentence in a language's message (language, id
	// and name joined by NUL): a message written there begins with a capital.
	open map[string]bool
}

// opens reports whether placeholder name begins a sentence in message id of language code.
func (c *Catalogues) opens(code, id, name string) bool {
	return c.ready().open[code+"\x00"+id+"\x00"+name]
}

// sentenceStart finds a placeholder at the start of a text or after a sentence's end.
var sentenceStart = regexp.MustCompile(`(?:^|[.!?]\s+)\{\{\s*\.(\w+)\s*\}\}`)

// openings marks, in open, the placeholders of message m of language code that begin a sentence.
func openings(open map[string]bool, code string, m *i18n.Message) {
	for _, f := range forms(m) {
		for _, g := range sentenceStart.FindAllStringSubmatch(f, -1) {
			open[code+"\x00"+m.ID+"\x00"+g[1]] = true
		}
	}
}

// Has reports whether a message exists.
func (c *Catalogues) Has(id string) bool { _, ok := c.ready().english[id]; return ok }

// IDs are the message ids, sorted.
func (c *Catalogues) IDs() []string { return c.ready().ids }

// Plural reports whether a message has plural forms (it is written with N, not T).
func (c *Catalogues) Plural(id string) bool { return c.ready().plural[id] }

// EnglishForms are the English texts of a message, every plural form of it.
func (c *Catalogues) EnglishForms(id string) []string { return c.ready().english[id] }

// ErrCatalogue marks a message file that cannot be used.
var ErrCatalogue = errors.New("message catalogue")

// pluralSamples are counts that reach every CLDR plural form of the catalogue languages
// (French and Portuguese "many" at a million, "one" at 0 and 1).
var pluralSamples = []int{0, 1, 2, 3, 5, 11, 21, 101, 1000000}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// commandPath is a command or an option a message names: {{cmd `carc new`}}, {{opt `place square`}}.
var commandPath = regexp.MustCompile("\\{\\{\\s*(?:cmd|opt)\\s+`([^`]*)`\\s*\\}\\}")

// Load parses and checks the catalogues of fsys and those of their owners (msg.Register) as one:
// for each code NAME of Codes, the file catalog/NAME.toml, for each area of the bot that keeps its
// messages apart (catalog/AREA/), catalog/AREA/NAME.toml, and each owner's NAME.toml. An id is
// given once per language, in whichever file. Every error names the file (an owner's by the name
// it registered) and, where it has one, the line.
func Load(fsys fs.FS, owners ...msg.Catalogue) (*Catalogues, error) {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	areas, err := fs.Glob(fsys, "catalog/*/"+English+".toml")
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCatalogue, err)
	}
	type source struct {
		fsys       fs.FS
		dir, shown string
	}
	sources := []source{{fsys, "catalog", "catalog"}}
	for _, a := range areas {
		sources = append(sources, source{fsys, path.Dir(a), path.Dir(a)})
	}
	for _, o := range owners {
		sources = append(sources, source{o.FS, ".", o.Name})
	}
	msgs := map[string][]*i18n.Message{}
	paths := map[string]bool{}
	// where is the file and line of each message of each language.
	where := map[string]map[string]string{}
	for _, code := range codes {
		where[code] = map[string]string{}
		for _, src := range sources {
			name := path.Join(src.shown, code+".toml")
			data, err := fs.ReadFile(src.fsys, path.Join(src.dir, code+".toml"))
			if err != nil {
				return nil, fmt.Errorf("%w %s: %w", ErrCatalogue, name, err)
			}
			if _, err := toml.Decode(string(data), new(map[string]any)); err != nil {
				var pe toml.ParseError
				if errors.As(err, &pe) {
					return nil, fmt.Errorf("%w %s:%d: %s", ErrCatalogue, name, pe.Position.Line, pe.Message)
				}
				return nil, fmt.Errorf("%w %s: %w", ErrCatalogue, name, err)
			}
			f, err := b.ParseMessageFileBytes(data, name)
			if err != nil {
				return nil, fmt.Errorf("%w %s: %w", ErrCatalogue, name, err)
			}
			for _, m := range f.Messages {
				at := fmt.Sprintf("%s:%d", name, lineOf(data, m.ID))
				if before, ok := where[code][m.ID]; ok {
					return nil, fmt.Errorf("%w %s: %s is given again (first at %s)", ErrCatalogue, at, m.ID, before)
				}
				where[code][m.ID] = at
			}
			msgs[code] = append(msgs[code], f.Messages...)
			for _, m := range commandPath.FindAllStringSubmatch(string(data), -1) {
				paths[m[1]] = true
			}
		}
	}
	c := &Catalogues{bundle: b, plural: map[string]bool{}, english: map[string][]string{}, open: map[string]bool{}}
	for code, list := range msgs {
		for _, m := range list {
			openings(c.open, code, m)
		}
	}
	ref := map[string]*i18n.Message{}
	for _, m := range msgs[English] {
		ref[m.ID] = m
		c.ids = append(c.ids, m.ID)
		c.plural[m.ID] = m.One != "" || m.Few != "" || m.Many != "" || m.Two != "" || m.Zero != ""
		for _, f := range forms(m) {
			c.english[m.ID] = append(c.english[m.ID], f)
		}
	}
	sort.Strings(c.ids)
	for p := range paths {
		c.paths = append(c.paths, p)
	}
	sort.Strings(c.paths)
	var problems []string
	for _, code := range codes {
		at := func(id string) string { return where[code][id] }
		seen := map[string]bool{}
		for _, m := range msgs[code] {
			seen[m.ID] = true
			r, ok := ref[m.ID]
			if !ok {
				problems = append(problems, fmt.Sprintf("%s: %s is not a message of English", at(m.ID), m.ID))
				continue
			}
			want := names(forms(r))
			for _, f := range forms(m) {
				for _, p := range names([]string{f}) {
					if !slices.Contains(want, p) {
						problems = append(problems, fmt.Sprintf("%s: %s uses {{.%s}}, which English does not give it", at(m.ID), m.ID, p))
					}
				}
			}
			for _, p := range want {
				if p != "Count" && !slices.Contains(names([]string{m.Other}), p) {
					problems = append(problems, fmt.Sprintf("%s: %s drops {{.%s}}", at(m.ID), m.ID, p))
				}
			}
			if c.plural[m.ID] != (m.One != "" || m.Few != "" || m.Many != "" || m.Two != "" || m.Zero != "") && code != "zh-TW" {
				problems = append(problems, fmt.Sprintf("%s: %s must have plural forms exactly when English has", at(m.ID), m.ID))
			}
		}
		for _, id := range c.ids {
			if !seen[id] {
				file, _, _ := strings.Cut(where[English][id], ":")
				problems = append(problems, fmt.Sprintf("%s: %s is missing (English has it at %s)", path.Join(path.Dir(file), code+".toml"), id, where[English][id]))
			}
		}
		if code == English {
			continue
		}
		l := i18n.NewLocalizer(b, code)
		for _, id := range c.ids {
			if !seen[id] || !c.plural[id] {
				continue
			}
			for _, n := range pluralSamples {
				if _, err := l.Localize(configure(&i18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: map[string]any{"Count": n}})); err != nil {
					problems = append(problems, fmt.Sprintf("%s: %s lacks the plural form for %d: %v", at(id), id, n, err))
					break
				}
			}
		}
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("%w: %s", ErrCatalogue, strings.Join(problems, "; "))
	}
	if err := addPseudo(b, msgs[English]); err != nil {
		return nil, fmt.Errorf("%w: the pseudo-locale: %w", ErrCatalogue, err)
	}
	return c, nil
}

// forms are the texts of a message, every plural form it has.
func forms(m *i18n.Message) []string {
	var out []string
	for _, f := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

// names are the placeholders the texts use.
func names(texts []string) []string {
	var out []string
	for _, t := range texts {
		for _, m := range placeholder.FindAllStringSubmatch(t, -1) {
			if !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	return out
}

// lineOf is the line where a message starts in a TOML file: "id = ..." (0 when not
// found).
func lineOf(data []byte, id string) int {
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, id+" =") || strings.HasPrefix(line, id+"=") {
			return i + 1
		}
	}
	return 0
}

// Default are the catalogues built into the bot: these of commands/lang and every owner's
// (msg.Register), read when they are first used (once every package has registered its own); a
// broken one stops the bot as it starts.
var Default = &Catalogues{lazy: func() (*Catalogues, error) { return Load(embedded, msg.Catalogues()...) }}

// ready loads c where it is read lazily (Default).
func (c *Catalogues) ready() *Catalogues {
	if c.lazy != nil {
		c.once.Do(func() {
			l, err := c.lazy()
			if err != nil {
				panic(err)
			}
			c.bundle, c.ids, c.plural, c.english, c.paths, c.open = l.bundle, l.ids, l.plural, l.english, l.paths, l.open
		})
	}
	return c
}
