package msg

import (
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
