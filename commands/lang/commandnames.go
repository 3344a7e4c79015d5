package lang

import (
	"fmt"
	"strings"
	"text/template"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	i18ntemplate "github.com/nicksnyder/go-i18n/v2/i18n/template"
)

// Discord shows a reader the commands, options and choices in their language (the bot registers
// name_localizations for every one of them), so a text that names a command names it as the
// reader's Discord shows it: /carc neu in German. The catalogues hold those names, keyed by the
// command's path, and a message names a command with {{cmd `carc new`}} (the slash and every word
// localised) or an option with {{opt `place square`}} (its name alone), so that no translation
// spells a command on its own. Discord still sends the canonical names, which stay the grammar.

// NameIDs are the catalogue messages that may hold the name of the command, subcommand or option
// at path ("carc", "new"), the most specific first: one for this path (name_carc_new), then one
// for every option or subcommand of that name (name_any_new).
func NameIDs(path []string) []string {
	return []string{"name_" + strings.Join(path, "_"), "name_any_" + path[len(path)-1]}
}

// DescriptionIDs are the catalogue messages that may describe the command at path, the most
// specific first: cmd_carc_new, then one shared by every option of that name (cmd_any_league).
func DescriptionIDs(path []string) []string {
	return []string{"cmd_" + strings.Join(path, "_"), "cmd_any_" + path[len(path)-1]}
}

// ChoiceIDs are the catalogue messages that may name a choice of the option at path, the most
// specific first: choice_carc_new_policy_skip, then choice_any_policy_skip.
func ChoiceIDs(path []string, value string) []string {
	return []string{"choice_" + strings.Join(path, "_") + "_" + value, "choice_any_" + path[len(path)-1] + "_" + value}
}

// First is the first of ids the catalogues have ("" when none).
func (c *Catalogues) First(ids []string) string {
	for _, id := range ids {
		if c.Has(id) {
			return id
		}
	}
	return ""
}

// Name is the name of the command, subcommand or option at path in the printer's language; the
// canonical name where the catalogues have none, for a reader who types the canonical names
// (Typed), and in the pseudo-locale, which Discord does not have.
func (p *Printer) Name(path ...string) string {
	if len(path) == 0 {
		return ""
	}
	id := Default.First(NameIDs(path))
	if id == "" || p.typed || p.code == Pseudo {
		return path[len(path)-1]
	}
	return p.T(id, nil)
}

// Command is a command as the reader's Discord shows it: "/carc neu" for path "carc new".
func (p *Printer) Command(path string) string {
	words := strings.Fields(path)
	out := make([]string, len(words))
	for i := range words {
		out[i] = p.Name(words[:i+1]...)
	}
	return "/" + strings.Join(out, " ")
}

// Option is the name of the option at path ("place square") as the reader's Discord shows it.
func (p *Printer) Option(path string) string { return p.Name(strings.Fields(path)...) }

// mark encloses what the template functions leave in a message for the printer to write in its
// language: the functions are the same for every language, so that the parsed templates are kept.
const mark = "\x00"

// funcs are the functions of message templates: cmd and opt name a command or an option, written
// in the message ({{cmd `carc new`}}) or given to it ({{cmd .Command}}).
var funcs = template.FuncMap{
	"cmd": func(path any) string { return mark + "cmd" + mark + fmt.Sprint(path) + mark },
	"opt": func(path any) string { return mark + "opt" + mark + fmt.Sprint(path) + mark },
}

// parser parses every message: the text/template parser with funcs, whose results go-i18n may
// keep since funcs never change.
type parser struct{ i18ntemplate.TextParser }

func (*parser) Cacheable() bool { return true }

var templates = &parser{i18ntemplate.TextParser{Funcs: funcs}}

// configure makes a localisation use the message functions.
func configure(lc *i18n.LocalizeConfig) *i18n.LocalizeConfig {
	lc.TemplateParser = templates
	return lc
}

// names writes the commands and options the template functions marked in s.
func (p *Printer) names(s string) string {
	if !strings.Contains(s, mark) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, mark)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		parts := strings.SplitN(s[i+1:], mark, 3)
		if len(parts) < 3 {
			b.WriteString(s[i+1:])
			return b.String()
		}
		if parts[0] == "cmd" {
			b.WriteString(p.Command(parts[1]))
		} else {
			b.WriteString(p.Option(parts[1]))
		}
		s = parts[2]
	}
}

// CommandPaths are the commands and options the messages of every language name with cmd and
// opt (in backquotes, which TOML's strings leave alone), so that a test can check that each
// exists on the surface.
func (c *Catalogues) CommandPaths() []string { return c.ready().paths }
