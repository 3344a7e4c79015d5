package leaguecmd

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLeaguesDoNotImportTheStore: storage builds on game/league, so the league commands reach
// the store only through the interfaces they define (Store, RatingStore), which the bot fills;
// an import of storage would be the one dependency running back up.
func TestLeaguesDoNotImportTheStore(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range f.Imports {
			if path, _ := strconv.Unquote(im.Path.Value); strings.HasSuffix(path, "/storage") || strings.Contains(path, "/storage/") {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}
