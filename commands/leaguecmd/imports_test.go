package leaguecmd

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestLeaguesReachTheStoreOnlyThroughItsRoles: the league commands read and save through the
// store's roles (storage.Leagues, storage.Ratings), which the host's store and local play's
// leagues in memory fill; they never open a store, name a concrete one or import a store's
// implementation.
func TestLeaguesReachTheStoreOnlyThroughItsRoles(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	roles := map[string]bool{"Leagues": true, "Ratings": true}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		storage := ""
		for _, im := range f.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			switch {
			case strings.HasSuffix(path, "/storage"):
				storage = "storage"
			case strings.Contains(path, "/storage/") || strings.Contains(path, "bbolt") || strings.Contains(path, "pgx"):
				t.Errorf("%s imports %s", name, path)
			}
		}
		if storage == "" {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == storage && !roles[sel.Sel.Name] {
					t.Errorf("%s uses storage.%s, not one of the store's roles", name, sel.Sel.Name)
				}
			}
			return true
		})
	}
}
