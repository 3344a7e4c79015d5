package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestNoStringerIntegerWrittenAsRune is a vet check over every package of the module, tests
// included: a value of a named integer type with a String method (game.TileID, a square, a player
// colour...) is never converted with string(...) nor formatted with %c or %U, which write the
// character of its number (tile K is "\n") instead of its name. go vet's stringintconv lets these
// through when the type's underlying type is uint8 or int32.
func TestNoStringerIntegerWrittenAsRune(t *testing.T) {
	found, err := runesOfStringers("../..", "./...")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Error(f)
	}
}

// TestTheRuneCheckFindsWhatItLooksFor runs the check on a small module with each mistake and each
// correct way to write the value.
func TestTheRuneCheckFindsWhatItLooksFor(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.22\n",
		"tile/tile.go": `package tile

import "fmt"

type ID uint8

func (id ID) String() string { return [...]string{"A", "B"}[id%2] }

type Plain int32 // no String method: string(Plain) is its business

func Lines(id ID, p Plain, b byte) []string {
	return []string{
		"tile " + string(id),
		fmt.Sprintf("%d tiles, %5c, %s", 2, id, id),
		fmt.Sprintf("%*d %U", 3, 4, id),
		"tile " + id.String(), fmt.Sprintf("%v %s %q %%c %d", id, id, id, id),
		string(p), string(b), string(rune(id)),
	}
}
`,
		"tile/tile_test.go": `package tile

import "testing"

func TestID(t *testing.T) { t.Log(string(ID(1))) }
`,
		"tile/ext_test.go": `package tile_test

import (
	"fmt"
	"testing"

	"example.com/m/tile"
)

func TestExternal(t *testing.T) { t.Log(fmt.Errorf("%c", tile.ID(0))) }
`,
	}
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	found, err := runesOfStringers(dir, "./...")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"tile/ext_test.go:10: %c formats a tile.ID as a character: use %s or %v",
		"tile/tile.go:13: string(id) converts a tile.ID to a character: use id.String()",
		"tile/tile.go:14: %c formats a tile.ID as a character: use %s or %v",
		"tile/tile.go:15: %U formats a tile.ID as a character: use %s or %v",
		"tile/tile_test.go:5: string(ID(1)) converts a tile.ID to a character: use ID(1).String()",
	}
	if strings.Join(found, "\n") != strings.Join(want, "\n") {
		t.Errorf("found:\n%s\nwant:\n%s", strings.Join(found, "\n"), strings.Join(want, "\n"))
	}
}

// listed is what go list says of a package.
type listed struct {
	ImportPath string
	Name       string
	Dir        string
	Export     string
	GoFiles    []string
	ImportMap  map[string]string
	ForTest    string
	Module     *struct{ Main bool }
}

// runesOfStringers type-checks every package that go list finds for patterns in dir, with their
// test files, against the compiler's export data of their dependencies, and returns each place
// where a Stringer integer is written as a character, as "file:line: what to do", sorted.
func runesOfStringers(dir string, patterns ...string) ([]string, error) {
	cmd := exec.Command("go", append([]string{"list", "-e", "-export", "-deps", "-test",
		"-json=ImportPath,Name,Dir,Export,GoFiles,ImportMap,ForTest,Module,Error"}, patterns...)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v\n%s", err, stderr.String())
	}
	byPath := map[string]*listed{}
	var mine []*listed
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		p := new(listed)
		if err := dec.Decode(p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, err
		}
		byPath[p.ImportPath] = p
		if p.Module != nil && p.Module.Main && !strings.HasSuffix(p.ImportPath, ".test") {
			mine = append(mine, p)
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var found []string
	for _, p := range mine {
		if _, ok := byPath[p.ImportPath+" ["+p.ImportPath+".test]"]; ok {
			continue // its test variant has the same files and the tests' own
		}
		f, err := checkPackage(p, byPath, abs)
		if err != nil {
			return nil, err
		}
		found = append(found, f...)
	}
	slices.Sort(found)
	return slices.Compact(found), nil
}

func checkPackage(p *listed, byPath map[string]*listed, root string) ([]string, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	lookup := func(path string) (io.ReadCloser, error) {
		if m, ok := p.ImportMap[path]; ok {
			path = m
		}
		dep, ok := byPath[path]
		if !ok || dep.Export == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(dep.Export)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup)}
	if _, err := conf.Check(p.ImportPath, fset, files, info); err != nil {
		return nil, fmt.Errorf("type-check %s: %w", p.ImportPath, err)
	}
	var found []string
	report := func(n ast.Node, format string, a ...any) {
		pos := fset.Position(n.Pos())
		rel, err := filepath.Rel(root, pos.Filename)
		if err != nil {
			rel = pos.Filename
		}
		found = append(found, fmt.Sprintf("%s:%d: %s", filepath.ToSlash(rel), pos.Line, fmt.Sprintf(format, a...)))
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if tv := info.Types[call.Fun]; tv.IsType() && isString(tv.Type) && len(call.Args) == 1 {
				if T := info.Types[call.Args[0]].Type; isStringerInteger(T) {
					arg := types.ExprString(call.Args[0])
					report(call, "%s converts a %s to a character: use %s.String()", types.ExprString(call), typeName(T), arg)
				}
				return true
			}
			for _, i := range runeVerbArgs(call, info) {
				if T := info.Types[call.Args[i.arg]].Type; isStringerInteger(T) {
					report(call.Args[i.arg], "%%%c formats a %s as a character: use %%s or %%v", i.verb, typeName(T))
				}
			}
			return true
		})
	}
	return found, nil
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// isStringerInteger: a named integer type with a String() string method.
func isStringerInteger(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	if b, ok := n.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	m, _, _ := types.LookupFieldOrMethod(n, true, n.Obj().Pkg(), "String")
	fn, ok := m.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && isString(sig.Results().At(0).Type())
}

func typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// runeVerb is an argument of a fmt call that a %c or %U writes.
type runeVerb struct {
	arg  int
	verb rune
}

// runeVerbArgs finds the arguments of a fmt.*printf call (with a constant format) that its %c and
// %U verbs write. A format with explicit argument indexes ([n]) is left alone.
func runeVerbArgs(call *ast.CallExpr, info *types.Info) []runeVerb {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" {
		return nil
	}
	formatAt := map[string]int{"Printf": 0, "Sprintf": 0, "Errorf": 0, "Fprintf": 1, "Appendf": 1}
	at, ok := formatAt[fn.Name()]
	if !ok || len(call.Args) <= at {
		return nil
	}
	v := info.Types[call.Args[at]].Value
	if v == nil || v.Kind() != constant.String {
		return nil
	}
	format := constant.StringVal(v)
	var out []runeVerb
	arg := at + 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0", format[i]) >= 0 {
			i++
		}
		for i < len(format) && (format[i] >= '0' && format[i] <= '9' || format[i] == '*' || format[i] == '.') {
			if format[i] == '*' {
				arg++
			}
			i++
		}
		if i >= len(format) || format[i] == '[' {
			return out
		}
		if format[i] == '%' {
			continue
		}
		if (format[i] == 'c' || format[i] == 'U') && arg < len(call.Args) {
			out = append(out, runeVerb{arg, rune(format[i])})
		}
		arg++
	}
	return out
}
