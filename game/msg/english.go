package msg

import (
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"text/template"
	"text/template/parse"

	"github.com/BurntSushi/toml"
)

// English writes the message id of the registered catalogues in English with its values (each
// already written): the words of logs, of an error's Error and of a record's audit, which so come
// from the same catalogue as every reader's and are written once. A message with plural forms
// takes its form from the value Count. An id no catalogue has is written "[id]", as a reader's
// printer writes it; the catalogue tests keep every id the code names in en.toml.
func English(id string, values map[string]string) string {
	m, ok := englishMessages()[id]
	if !ok {
		return "[" + id + "]"
	}
	t := m.other
	if m.one != nil && values["Count"] == "1" {
		t = *m.one
	}
	return t.write(id, values)
}

// englishMessage is a message of en.toml, parsed: other, and one where it has plural forms.
type englishMessage struct {
	one   *englishText
	other englishText
}

// englishText is one text of en.toml. Most are words, values and commands only: those are written
// from their parts, without the template engine, which costs twenty times more and would be paid
// by every label of every legal action the engine lists; the few others by their template.
type englishText struct {
	parts []englishPart // nil: tmpl writes the text
	tmpl  *template.Template
}

// englishPart is words as they stand, or the value named value.
type englishPart struct{ words, value string }

func (t englishText) write(id string, values map[string]string) string {
	var b strings.Builder
	if t.parts == nil {
		if err := t.tmpl.Execute(&b, values); err != nil {
			return "[" + id + "]"
		}
		return b.String()
	}
	n := 0
	for _, p := range t.parts {
		n += len(p.words) + len(values[p.value])
	}
	b.Grow(n)
	for _, p := range t.parts {
		if p.value == "" {
			b.WriteString(p.words)
		} else if v, ok := values[p.value]; ok {
			b.WriteString(v)
		} else {
			b.WriteString("<no value>") // as the template engine writes a missing value
		}
	}
	return b.String()
}

// englishFuncs write a command and an option by their canonical names, as English and a reader
// who types the commands name them: {{cmd `carc new`}} is /carc new, {{opt `place square`}} is
// square.
var englishFuncs = template.FuncMap{
	"cmd": func(path any) string { return "/" + fmt.Sprint(path) },
	"opt": func(path any) string {
		words := strings.Fields(fmt.Sprint(path))
		if len(words) == 0 {
			return ""
		}
		return words[len(words)-1]
	},
}

var english = struct {
	once sync.Once
	msgs map[string]englishMessage
}{}

// englishMessages are the English messages of every registered catalogue, read when first used
// (after every package's init has registered its own). A catalogue that cannot be read is a
// programming error the start-up check names, and it panics here too.
func englishMessages() map[string]englishMessage {
	english.once.Do(func() {
		english.msgs = map[string]englishMessage{}
		for _, c := range Catalogues() {
			if err := readEnglish(c, english.msgs); err != nil {
				panic(fmt.Sprintf("msg: the catalogue %s: %v", c.Name, err))
			}
		}
	})
	return english.msgs
}

func readEnglish(c Catalogue, into map[string]englishMessage) error {
	data, err := fs.ReadFile(c.FS, "en.toml")
	if err != nil {
		return err
	}
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
		return err
	}
	for id, v := range raw {
		var m englishMessage
		switch v := v.(type) {
		case string:
			if m.other, err = parseEnglish(id, v); err != nil {
				return err
			}
		case map[string]any:
			other, _ := v["other"].(string)
			if m.other, err = parseEnglish(id, other); err != nil {
				return err
			}
			if one, ok := v["one"].(string); ok {
				t, err := parseEnglish(id, one)
				if err != nil {
					return err
				}
				m.one = &t
			}
		default:
			return fmt.Errorf("%s is neither a text nor plural forms", id)
		}
		into[id] = m
	}
	return nil
}

func parseEnglish(id, text string) (englishText, error) {
	t, err := template.New(id).Funcs(englishFuncs).Parse(text)
	if err != nil {
		return englishText{}, fmt.Errorf("%s: %w", id, err)
	}
	return englishText{parts: partsOf(t.Tree), tmpl: t}, nil
}

// partsOf are the parts of a text made of words, values ({{.Player}}) and commands and options
// named by constants ({{cmd `+"`carc new`"+`}}); nil for any other text, which its template writes.
func partsOf(tree *parse.Tree) []englishPart {
	if tree == nil || tree.Root == nil {
		return []englishPart{}
	}
	parts := []englishPart{}
	for _, n := range tree.Root.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			parts = append(parts, englishPart{words: string(n.Text)})
		case *parse.ActionNode:
			p, ok := actionPart(n)
			if !ok {
				return nil
			}
			parts = append(parts, p)
		default:
			return nil
		}
	}
	return parts
}

// actionPart is the part an action writes when it is a value or a command or option named by a
// constant.
func actionPart(n *parse.ActionNode) (englishPart, bool) {
	if len(n.Pipe.Decl) > 0 || len(n.Pipe.Cmds) != 1 {
		return englishPart{}, false
	}
	args := n.Pipe.Cmds[0].Args
	switch {
	case len(args) == 1:
		if f, ok := args[0].(*parse.FieldNode); ok && len(f.Ident) == 1 {
			return englishPart{value: f.Ident[0]}, true
		}
	case len(args) == 2:
		fn, ok1 := args[0].(*parse.IdentifierNode)
		arg, ok2 := args[1].(*parse.StringNode)
		if !ok1 || !ok2 {
			return englishPart{}, false
		}
		if write, known := englishFuncs[fn.Ident].(func(any) string); known {
			return englishPart{words: write(arg.Text)}, true
		}
	}
	return englishPart{}, false
}
