package msg

import (
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"text/template"

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
		t = m.one
	}
	var b strings.Builder
	if err := t.Execute(&b, values); err != nil {
		return "[" + id + "]"
	}
	return b.String()
}

// englishMessage is a message of en.toml, parsed: other, and one where it has plural forms.
type englishMessage struct{ one, other *template.Template }

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
				if m.one, err = parseEnglish(id, one); err != nil {
					return err
				}
			}
		default:
			return fmt.Errorf("%s is neither a text nor plural forms", id)
		}
		into[id] = m
	}
	return nil
}

func parseEnglish(id, text string) (*template.Template, error) {
	t, err := template.New(id).Funcs(englishFuncs).Parse(text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", id, err)
	}
	return t, nil
}
