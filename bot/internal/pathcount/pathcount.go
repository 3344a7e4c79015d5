// Package pathcount measures the path one request takes through the project's code: the files it
// enters (with how many of their statements run) and the calls that cross from one of the
// project's packages into another. It is test gear: a test built with counted coverage
// (go test -covermode=count -coverpkg=./...) calls Measure with what readies the request (setup)
// and the request (step); Measure runs the test's binary with and without the step and reads what
// the step ran from the difference of the two coverage profiles and from the project's source.
//
// A call crosses a package boundary when it runs (its block of code ran) and what it calls lies in
// another package of the module: a function or method named in the code, or, for a method of an
// interface, the methods of that name which ran and whose types implement the interface. Calls of
// a function value (a hook, a callback) name no callee and are counted apart (Indirect).
// The standard library and other modules are not counted; neither is the test gear under
// bot/internal, which is listed apart (Gear).
package pathcount

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// Env is the environment variable that turns the measuring tests on.
const Env = "BOT_PATH_REPORT"

// Skip skips t unless Env is set and the test binary counts coverage.
func Skip(t testing.TB) {
	t.Helper()
	if os.Getenv(Env) == "" && os.Getenv(stepEnv) == "" {
		t.Skipf("set %s=1 and run with -covermode=count -coverpkg=./... to measure the path", Env)
	}
	if m := testing.CoverMode(); m != "count" && m != "atomic" {
		t.Fatalf("%s needs -covermode=count -coverpkg=./... (cover mode is %q)", Env, m)
	}
}

// File is a file the step entered and how many of its statements ran.
type File struct {
	Package, Name string
	Statements    int
	// Funcs are the functions and methods of the file that ran (a function literal counts as the
	// one it is written in).
	Funcs []string
}

// Crossing is a call site that ran and crosses into another package of the module.
type Crossing struct {
	From, At, Call string // its package, file:line, and what it calls as written
	To             []string
	Times          int
}

// Report is what one step ran.
type Report struct {
	Module string
	// Files are the module's files the step entered, by package then name; Gear the test gear's.
	Files, Gear []File
	// Sites are the call sites that ran and cross into another package of the module, Calls how
	// many times they ran; Edges counts the sites from one package to another ("bot -> game/table").
	Sites, Calls int
	Edges        map[string]int
	// Crossings are the sites, in the order of their packages and files.
	Crossings []Crossing
	// Indirect counts the calls of function values that ran (hooks, callbacks: callee unknown).
	Indirect int
}

// Measure reports what step runs after setup. The test calling it runs twice more, as processes of
// its own binary, each writing its coverage: once with setup alone, once with setup then step; what
// step ran is the difference. In those two runs Measure returns false at once (after setup, and step
// in the second): the caller then returns; in the test that was run, it returns the report and true.
func Measure(t *testing.T, setup, step func()) (Report, bool) {
	t.Helper()
	switch os.Getenv(stepEnv) {
	case "setup":
		setup()
		return Report{}, false
	case "step":
		setup()
		step()
		return Report{}, false
	}
	dir := t.TempDir()
	var profiles [2]map[string][]block
	for i, run := range []string{"setup", "step"} {
		prof := filepath.Join(dir, run+".txt")
		covdir := filepath.Join(dir, run)
		if err := os.Mkdir(covdir, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.count=1", "-test.coverprofile="+prof, "-test.gocoverdir="+covdir)
		cmd.Env = append(os.Environ(), stepEnv+"="+run)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("the %s run: %v\n%s", run, err, out)
		}
		p, err := readProfile(prof)
		if err != nil {
			t.Fatal(err)
		}
		profiles[i] = p
	}
	r, err := analyse(difference(profiles[1], profiles[0]))
	if err != nil {
		t.Fatal(err)
	}
	return r, true
}

// stepEnv tells a run of Measure's what to run: "setup", or "step" (after setup).
const stepEnv = "BOT_PATH_STEP"

// difference is what ran in with more than in base, block by block.
func difference(with, base map[string][]block) map[string][]block {
	out := map[string][]block{}
	for name, bs := range with {
		before := map[[4]int]int{}
		for _, b := range base[name] {
			before[[4]int{b.startLine, b.startCol, b.endLine, b.endCol}] += b.count
		}
		for _, b := range bs {
			b.count -= before[[4]int{b.startLine, b.startCol, b.endLine, b.endCol}]
			if b.count < 0 {
				b.count = 0
			}
			out[name] = append(out[name], b)
		}
	}
	return out
}

// block is a block of code of the profile and how often it ran.
type block struct {
	startLine, startCol, endLine, endCol int
	stmts, count                         int
}

func (b block) holds(p token.Position) bool {
	after := p.Line > b.startLine || p.Line == b.startLine && p.Column >= b.startCol
	before := p.Line < b.endLine || p.Line == b.endLine && p.Column <= b.endCol
	return after && before
}

func readProfile(path string) (map[string][]block, error) { // by import path/file.go
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string][]block{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") || line == "" {
			continue
		}
		colon := strings.LastIndex(line, ":")
		name, rest := line[:colon], line[colon+1:]
		var b block
		if _, err := fmt.Sscanf(rest, "%d.%d,%d.%d %d %d", &b.startLine, &b.startCol, &b.endLine, &b.endCol, &b.stmts, &b.count); err != nil {
			return nil, fmt.Errorf("%s: %q: %v", path, line, err)
		}
		if i := slices.IndexFunc(out[name], func(o block) bool {
			return o.startLine == b.startLine && o.startCol == b.startCol && o.endLine == b.endLine && o.endCol == b.endCol
		}); i >= 0 {
			out[name][i].count += b.count // a block listed twice (go test merges the profiles of its packages)
			continue
		}
		out[name] = append(out[name], b)
	}
	return out, sc.Err()
}

// ran is the count of the innermost block of blocks that holds p (0: none ran or none holds it).
func ran(blocks []block, p token.Position) int {
	best, n := -1, 0
	for i, b := range blocks {
		if b.holds(p) && (best < 0 || b.startLine > blocks[best].startLine || b.startLine == blocks[best].startLine && b.startCol > blocks[best].startCol) {
			best, n = i, b.count
		}
	}
	return n
}

type listed struct {
	ImportPath, Dir, Export string
	GoFiles                 []string
	Module                  *struct{ Path string }
}

func analyse(blocks map[string][]block) (Report, error) {
	mod, err := exec.Command("go", "list", "-m").Output()
	if err != nil {
		return Report{}, fmt.Errorf("go list -m: %v", err)
	}
	r := Report{Module: strings.TrimSpace(string(mod)), Edges: map[string]int{}}
	entered := map[string]bool{} // packages entered
	for name, bs := range blocks {
		stmts := 0
		for _, b := range bs {
			if b.count > 0 {
				stmts += b.stmts
			}
		}
		if stmts == 0 {
			continue
		}
		pkg, file := filepath.Dir(name), filepath.Base(name)
		f := File{Package: strings.TrimPrefix(strings.TrimPrefix(pkg, r.Module), "/"), Name: file, Statements: stmts}
		if f.Package == "" {
			f.Package = "."
		}
		if strings.HasPrefix(f.Package, "bot/internal/") {
			r.Gear = append(r.Gear, f)
			continue
		}
		r.Files = append(r.Files, f)
		entered[pkg] = true
	}
	for _, fs := range [][]File{r.Files, r.Gear} {
		sort.Slice(fs, func(i, j int) bool {
			if fs[i].Package != fs[j].Package {
				return fs[i].Package < fs[j].Package
			}
			return fs[i].Name < fs[j].Name
		})
	}
	var roots []string
	for p := range entered {
		roots = append(roots, p)
	}
	sort.Strings(roots)
	args := append([]string{"list", "-export", "-deps", "-json=ImportPath,Dir,Export,GoFiles,Module"}, roots...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		return Report{}, fmt.Errorf("go list -export: %v", err)
	}
	var pkgs []listed
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return Report{}, err
		}
		pkgs = append(pkgs, p)
	}
	return r, crossings(&r, pkgs, blocks, entered)
}

// crossings type-checks the module's packages (the others come from their export data) and counts
// the calls that ran from one of the module's packages into another.
func crossings(r *Report, pkgs []listed, blocks map[string][]block, entered map[string]bool) error {
	fset := token.NewFileSet()
	export := map[string]string{}
	for _, p := range pkgs {
		export[p.ImportPath] = p.Export
	}
	gc := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if e, ok := export[path]; ok && e != "" {
			return os.Open(e)
		}
		return nil, fmt.Errorf("no export data for %s", path)
	})
	checked := map[string]*types.Package{}
	imp := importerFunc(func(path string) (*types.Package, error) {
		if p, ok := checked[path]; ok {
			return p, nil
		}
		return gc.Import(path)
	})
	type source struct {
		pkg   listed
		files []*ast.File
		info  *types.Info
	}
	var sources []source
	for _, p := range pkgs { // go list -deps lists a package after what it imports
		if p.Module == nil || p.Module.Path != r.Module {
			continue
		}
		var files []*ast.File
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
			if err != nil {
				return err
			}
			files = append(files, f)
		}
		info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Types: map[ast.Expr]types.TypeAndValue{}}
		tp, err := (&types.Config{Importer: imp}).Check(p.ImportPath, fset, files, info)
		if err != nil {
			return fmt.Errorf("type-checking %s: %v", p.ImportPath, err)
		}
		checked[p.ImportPath] = tp
		sources = append(sources, source{p, files, info})
	}
	fileBlocks := func(pkg string, f *ast.File) []block {
		return blocks[pkg+"/"+filepath.Base(fset.Position(f.Pos()).Filename)]
	}
	inModule := func(p *types.Package) bool {
		return p != nil && (p.Path() == r.Module || strings.HasPrefix(p.Path(), r.Module+"/")) && !strings.HasPrefix(p.Path(), r.Module+"/bot/internal/")
	}
	short := func(path string) string {
		if s := strings.TrimPrefix(strings.TrimPrefix(path, r.Module), "/"); s != "" {
			return s
		}
		return "."
	}
	// The methods that ran, by name, for the calls of interface methods.
	methods := map[string][]*types.Func{}
	fileAt := map[string]*File{}
	for i := range r.Files {
		fileAt[r.Files[i].Package+"/"+r.Files[i].Name] = &r.Files[i]
	}
	for _, s := range sources {
		for _, f := range s.files {
			bs := fileBlocks(s.pkg.ImportPath, f)
			listed := fileAt[short(s.pkg.ImportPath)+"/"+filepath.Base(fset.Position(f.Pos()).Filename)]
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil || !bodyRan(fset, bs, fd.Body) {
					continue
				}
				if listed != nil {
					listed.Funcs = append(listed.Funcs, fd.Name.Name)
				}
				if fn, ok := s.info.Defs[fd.Name].(*types.Func); ok && fd.Recv != nil {
					methods[fn.Name()] = append(methods[fn.Name()], fn)
				}
			}
		}
	}
	for _, s := range sources {
		if !entered[s.pkg.ImportPath] {
			continue
		}
		for _, f := range s.files {
			bs := fileBlocks(s.pkg.ImportPath, f)
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				times := ran(bs, fset.Position(call.Lparen))
				if times == 0 {
					return true
				}
				targets, indirect := callees(s.info, call, methods)
				if indirect {
					r.Indirect += times
				}
				crossed := map[string]bool{}
				for _, t := range targets {
					if inModule(t) && t.Path() != s.pkg.ImportPath {
						crossed[t.Path()] = true
					}
				}
				if len(crossed) == 0 {
					return true
				}
				r.Sites++
				r.Calls += times
				var tos []string
				for to := range crossed {
					r.Edges[short(s.pkg.ImportPath)+" -> "+short(to)]++
					tos = append(tos, short(to))
				}
				sort.Strings(tos)
				at := fset.Position(call.Lparen)
				r.Crossings = append(r.Crossings, Crossing{From: short(s.pkg.ImportPath), At: fmt.Sprintf("%s:%d", filepath.Base(at.Filename), at.Line),
					Call: types.ExprString(call.Fun), To: tos, Times: times})
				return true
			})
		}
	}
	return nil
}

// callees are the packages of what call calls; indirect when it calls a function value.
func callees(info *types.Info, call *ast.CallExpr, methods map[string][]*types.Func) (pkgs []*types.Package, indirect bool) {
	var obj types.Object
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		obj = info.Uses[fun]
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[fun]; ok {
			obj = sel.Obj()
		} else {
			obj = info.Uses[fun.Sel]
		}
	case *ast.IndexExpr: // an instantiated generic function
		if id, ok := ast.Unparen(fun.X).(*ast.Ident); ok {
			obj = info.Uses[id]
		} else if se, ok := ast.Unparen(fun.X).(*ast.SelectorExpr); ok {
			obj = info.Uses[se.Sel]
		}
	}
	switch o := obj.(type) {
	case *types.Func:
		sig := o.Type().(*types.Signature)
		if recv := sig.Recv(); recv != nil && types.IsInterface(recv.Type()) {
			iface, _ := recv.Type().Underlying().(*types.Interface)
			for _, m := range methods[o.Name()] {
				if iface != nil && types.Implements(m.Type().(*types.Signature).Recv().Type(), iface) {
					pkgs = append(pkgs, m.Pkg())
				}
			}
			return pkgs, false
		}
		return []*types.Package{o.Pkg()}, false
	case *types.Var:
		return nil, true
	case nil:
		if tv, ok := info.Types[call.Fun]; ok && !tv.IsType() && !tv.IsBuiltin() {
			return nil, true // a function literal called, or a call's result called
		}
	}
	return nil, false
}

// bodyRan tells whether a block of body ran.
func bodyRan(fset *token.FileSet, bs []block, body *ast.BlockStmt) bool {
	start, end := fset.Position(body.Lbrace), fset.Position(body.Rbrace)
	for _, b := range bs {
		at := token.Position{Line: b.startLine, Column: b.startCol}
		if b.count > 0 && (block{start.Line, start.Column, end.Line, end.Column, 0, 0}).holds(at) {
			return true
		}
	}
	return false
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// String is the report as a table: the figures, the edges between packages, the files.
func (r Report) String() string {
	var w bytes.Buffer
	pkgs, files := map[string]int{}, map[string]int{}
	for _, f := range r.Files {
		pkgs[f.Package]++
		files[f.Package] += f.Statements
	}
	host, hostEdges := 0, 0 // the sites and edges into or out of package bot
	for e, n := range r.Edges {
		if from, to, _ := strings.Cut(e, " -> "); from == "bot" || to == "bot" {
			host, hostEdges = host+n, hostEdges+1
		}
	}
	fmt.Fprintf(&w, "files of bot entered: %d\nfiles entered: %d\npackages entered: %d\ncrossing call sites: %d (%d into or out of bot)\n"+
		"crossing calls: %d\npackage edges: %d (%d into or out of bot)\nindirect calls (function values): %d\n",
		pkgs["bot"], len(r.Files), len(pkgs), r.Sites, host, r.Calls, len(r.Edges), hostEdges, r.Indirect)
	names := make([]string, 0, len(pkgs))
	for p := range pkgs {
		names = append(names, p)
	}
	sort.Strings(names)
	fmt.Fprintf(&w, "\npackage\tfiles\tstatements\n")
	for _, p := range names {
		fmt.Fprintf(&w, "%s\t%d\t%d\n", p, pkgs[p], files[p])
	}
	edges := make([]string, 0, len(r.Edges))
	for e := range r.Edges {
		edges = append(edges, e)
	}
	sort.Strings(edges)
	fmt.Fprintf(&w, "\ncrossing\tcall sites\n")
	for _, e := range edges {
		fmt.Fprintf(&w, "%s\t%d\n", e, r.Edges[e])
	}
	fmt.Fprintf(&w, "\ncall sites into or out of bot\n")
	for _, c := range r.Crossings {
		if c.From == "bot" || slices.Contains(c.To, "bot") {
			fmt.Fprintf(&w, "%s/%s\t%s -> %s\t%d\n", c.From, c.At, c.Call, strings.Join(c.To, ","), c.Times)
		}
	}
	fmt.Fprintf(&w, "\nfile\tstatements\tfunctions\n")
	for _, f := range r.Files {
		fmt.Fprintf(&w, "%s/%s\t%d\t%s\n", f.Package, f.Name, f.Statements, strings.Join(f.Funcs, " "))
	}
	if len(r.Gear) > 0 {
		fmt.Fprintf(&w, "\ntest gear (not counted)\n")
		for _, f := range r.Gear {
			fmt.Fprintf(&w, "%s/%s\t%s\n", f.Package, f.Name, strconv.Itoa(f.Statements))
		}
	}
	return w.String()
}
