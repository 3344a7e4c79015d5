package msg

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// TestEnglishIsWrittenFromTheEnglishCatalogue: a message's English is its en.toml text with its
// values, the plural form chosen by Count, commands and options named as they are typed; an id
// no catalogue has is written [id], as a reader's printer writes it.
func TestEnglishIsWrittenFromTheEnglishCatalogue(t *testing.T) {
	Register("msg/test", fstest.MapFS{"catalog/en.toml": {Data: []byte(`
test_sold = "{{.Player}} sold {{.Chips}} on {{.Square}}."
test_left = { one = "{{.Count}} chip left", other = "{{.Count}} chips left" }
test_how = "Use {{cmd ` + "`chips sell`" + `}} {{opt ` + "`chips sell wine`" + `}}:blue."
`)}}, "catalog")
	for _, c := range []struct {
		id     string
		values map[string]string
		want   string
	}{
		{"test_sold", map[string]string{"Player": "ann", "Chips": "orange 2 + blue 1", "Square": "F7"}, "ann sold orange 2 + blue 1 on F7."},
		{"test_left", map[string]string{"Count": "1"}, "1 chip left"},
		{"test_left", map[string]string{"Count": "3"}, "3 chips left"},
		{"test_how", nil, "Use /chips sell wine:blue."},
		{"test_missing", nil, "[test_missing]"},
	} {
		if got := English(c.id, c.values); got != c.want {
			t.Errorf("English(%s) = %q, want %q", c.id, got, c.want)
		}
	}
}

// TestEveryEnglishTextIsWrittenAsItsTemplateWritesIt: the texts written from their parts (most of
// them, for speed) read exactly as the template engine writes them, for every en.toml of the
// project, with every value given and with none.
func TestEveryEnglishTextIsWrittenAsItsTemplateWritesIt(t *testing.T) {
	files, err := filepath.Glob("../../*/*/catalog/en.toml")
	more, _ := filepath.Glob("../../*/catalog/en.toml")
	deeper, _ := filepath.Glob("../../*/*/*/catalog/en.toml")
	files = append(append(files, more...), deeper...)
	if err != nil || len(files) < 10 {
		t.Fatalf("found %d catalogues (%v): the test reads the project's", len(files), err)
	}
	fast := 0
	for _, f := range files {
		msgs := map[string]englishMessage{}
		if err := readEnglish(Catalogue{Name: f, FS: os.DirFS(filepath.Dir(f))}, msgs); err != nil {
			t.Fatal(err)
		}
		for id, m := range msgs {
			texts := []englishText{m.other}
			if m.one != nil {
				texts = append(texts, *m.one)
			}
			for _, text := range texts {
				if text.parts == nil {
					continue
				}
				fast++
				all := map[string]string{}
				for _, p := range text.parts {
					if p.value != "" {
						all[p.value] = "<" + p.value + " & co>"
					}
				}
				for _, values := range []map[string]string{all, nil} {
					var want strings.Builder
					if err := text.tmpl.Execute(&want, values); err != nil {
						t.Fatalf("%s %s: %v", f, id, err)
					}
					if got := text.write(id, values); got != want.String() {
						t.Errorf("%s %s: written %q, its template writes %q", f, id, got, want.String())
					}
				}
			}
		}
	}
	if fast == 0 {
		t.Error("no text is written from its parts")
	}
	t.Logf("%d texts of %d catalogues written from their parts", fast, len(files))
}
