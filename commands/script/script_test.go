package script

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTableScripts runs every table script in testdata: each is a rule scenario whose !expect
// lines state the outcome the rules require. The script's name says which rule it checks.
func TestTableScripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.carc")
	if err != nil || len(files) == 0 {
		t.Fatalf("no table scripts: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".carc"), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(src, []byte("!expect")) {
				t.Fatalf("%s checks nothing: a scenario needs !expect lines", f)
			}
			var out bytes.Buffer
			r := &Runner{Out: &out}
			if err := r.Run(bytes.NewReader(src)); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			if r.Failed > 0 {
				var failed []string
				for _, line := range strings.Split(out.String(), "\n") {
					if strings.Contains(line, `"expect"`) && strings.Contains(line, `"ok":false`) {
						failed = append(failed, line)
					}
				}
				t.Fatalf("%d expectations failed:\n%s\n\nwhole output:\n%s", r.Failed, strings.Join(failed, "\n"), out.String())
			}
		})
	}
}
