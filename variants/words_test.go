package variants_test

// The engine and the maps write words for people only as messages of their catalogues
// (game.Say): the English comes from en.toml like every other language. These tests read the
// sources of game/ and variants/ with their types, as a vet check would, so that a new refusal,
// label or sentence that writes its English beside its message, or a value whose kind a reader's
// language needs but is not said, fails here rather than in front of a German reader.

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"

	"github.com/BurntSushi/toml"

	"github.com/carcassonne-maps-bot/carcassonne-maps-bot/game/msg"
	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants"
	_ "github.com/carcassonne-maps-bot/carcassonne-maps-bot/variants/testmaps"
)

const module = "github.com/carcassonne-maps-bot/carcassonne-maps-bot"

// typedPackage is a package of game/ or variants/ with its syntax (test files left out) and types.
type typedPackage struct {
	path  string
	fset  *token.FileSet
	files []*ast.File
	info  *types.Info
}

var (
	typedOnce sync.Once
	typedPkgs []*typedPackage
	typedErr  error
)

// enginePackages are the packages of game/ and variants/ that write words, type-checked against
// the compiled export data of their imports (go list -export), as go vet reads them.
func enginePackages(t *testing.T) []*typedPackage {
	t.Helper()
	typedOnce.Do(func() { typedPkgs, typedErr = loadEnginePackages() })
	if typedErr != nil {
		t.Fatal(typedErr)
	}
	return typedPkgs
}

func loadEnginePackages() ([]*typedPackage, error) {
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Export,Dir,GoFiles,Module", "./game/...", "./variants/...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	exports := map[string]string{}
	type listed struct {
		ImportPath, Export, Dir string
		GoFiles                 []string
		Module                  *struct{ Path string }
	}
	var ours []listed
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p listed
		if err := dec.Decode(&p); err != nil {
			return nil, err
		}
		exports[p.ImportPath] = p.Export
		if p.Module != nil && p.Module.Path == module && writesWords(strings.TrimPrefix(p.ImportPath, module+"/")) {
			ours = append(ours, p)
		}
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if exports[path] == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(exports[path])
	})
	var pkgs []*typedPackage
	for _, p := range ours {
		tp := &typedPackage{path: p.ImportPath, fset: fset, info: &types.Info{
			Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}}
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
			if err != nil {
				return nil, err
			}
			tp.files = append(tp.files, f)
		}
		if _, err := (&types.Config{Importer: imp}).Check(p.ImportPath, fset, tp.files, tp.info); err != nil {
			return nil, fmt.Errorf("type-check %s: %w", p.ImportPath, err)
		}
		pkgs = append(pkgs, tp)
	}
	if len(pkgs) < 8 {
		return nil, fmt.Errorf("only %d packages of game/ and variants/ read", len(pkgs))
	}
	return pkgs, nil
}

// writesWords reports whether the package at rel (under the module) is the engine's or a map's:
// the generator of message ids and the test helpers write no words for players.
func writesWords(rel string) bool {
	if !strings.HasPrefix(rel, "game") && !strings.HasPrefix(rel, "variants") {
		return false
	}
	return !strings.HasSuffix(rel, "/gen") && !strings.HasSuffix(rel, "test")
}

// sayCalls are the calls of game.Say in a package, with the statement each is in.
type sayCall struct {
	call *ast.CallExpr
	stmt ast.Stmt
}

func (p *typedPackage) sayCalls() []sayCall {
	var out []sayCall
	for _, f := range p.files {
		var stmts []ast.Stmt
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				return true
			}
			if s, ok := n.(ast.Stmt); ok {
				if _, block := s.(*ast.BlockStmt); !block {
					stmts = append(stmts, s)
				}
			}
			if c, ok := n.(*ast.CallExpr); ok && p.isFunc(c.Fun, module+"/game", "Say") {
				out = append(out, sayCall{call: c, stmt: innermost(stmts, c)})
			}
			return true
		})
	}
	return out
}

// innermost is the last statement of stmts that holds node n (the walk meets outer ones first).
func innermost(stmts []ast.Stmt, n ast.Node) ast.Stmt {
	for i := len(stmts) - 1; i >= 0; i-- {
		if s := stmts[i]; s.Pos() <= n.Pos() && n.End() <= s.End() {
			if _, ok := s.(*ast.BlockStmt); !ok {
				if isCompound(s) {
					continue
				}
				return s
			}
		}
	}
	return nil
}

// isCompound reports whether s holds other statements (an if, a for, a switch): the statement a
// call belongs to is the simple one inside.
func isCompound(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt,
		*ast.CaseClause, *ast.CommClause, *ast.LabeledStmt, *ast.BlockStmt:
		return true
	}
	return false
}

// isFunc reports whether fun names the function (or method) name of package pkg.
func (p *typedPackage) isFunc(fun ast.Expr, pkg, name string) bool {
	var id *ast.Ident
	switch f := fun.(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return false
	}
	obj, ok := p.info.Uses[id].(*types.Func)
	return ok && obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == pkg
}

func (p *typedPackage) at(n ast.Node) string {
	pos := p.fset.Position(n.Pos())
	root, err := filepath.Abs("..")
	rel := pos.Filename
	if err == nil {
		if r, err := filepath.Rel(root, pos.Filename); err == nil {
			rel = r
		}
	}
	return fmt.Sprintf("%s:%d", rel, pos.Line)
}

// englishBeside finds, in the statement of a message, English written outside the message: a
// text of words, a formatted string, or strings joined with +.
func (p *typedPackage) englishBeside(sc sayCall) []string {
	if sc.stmt == nil {
		return nil
	}
	var found []string
	ast.Inspect(sc.stmt, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if ok && p.isFunc(c.Fun, module+"/game", "Say") {
			return false // the message's own id and values
		}
		switch e := n.(type) {
		case *ast.BasicLit:
			if e.Kind == token.STRING && isProse(constant.StringVal(p.info.Types[e].Value)) {
				found = append(found, e.Value)
			}
		case *ast.CallExpr:
			for _, f := range []string{"Sprintf", "Sprint", "Errorf", "Sprintln"} {
				if p.isFunc(e.Fun, "fmt", f) {
					found = append(found, "fmt."+f)
				}
			}
		case *ast.BinaryExpr:
			if t := p.info.Types[e].Type; e.Op == token.ADD && t != nil && types.Identical(t.Underlying(), types.Typ[types.String]) {
				found = append(found, "a text joined with +")
			}
		}
		return true
	})
	return found
}

// isProse reports whether s reads as words for people: two words of letters with a space.
func isProse(s string) bool {
	fields := strings.Fields(s)
	words := 0
	for _, f := range fields {
		if strings.IndexFunc(f, unicode.IsLetter) >= 0 {
			words++
		}
	}
	return words >= 2
}

// TestNoEnglishIsWrittenBesideAMessage: a refusal, a label, a prompt, a history sentence or a
// score reason of the engine or a map is its message and nothing else: no English text, format
// or joined string in the statement that names the message (its English is en.toml's), and no
// label, prompt or text set by hand (the engine writes them from the message).
func TestNoEnglishIsWrittenBesideAMessage(t *testing.T) {
	says := 0
	for _, p := range enginePackages(t) {
		for _, sc := range p.sayCalls() {
			says++
			for _, e := range p.englishBeside(sc) {
				t.Errorf("%s: English beside the message: %s", p.at(sc.call), e)
			}
		}
		for _, f := range p.files {
			ast.Inspect(f, func(n ast.Node) bool {
				if field, value := p.setsWordsField(n); field != "" && !p.isEnglishOfWords(value) {
					t.Errorf("%s: %s is set by hand; give the message (Words) and the engine writes its English", p.at(n), field)
				}
				return true
			})
		}
	}
	if says < 100 {
		t.Fatalf("only %d messages found in game/ and variants/", says)
	}
}

// wordsFields are the fields that hold the English of a message beside it (an event's and a
// score entry's Text are set by Note and AddScore alone), and a mark's text, which a picture
// draws for every reader (a label is its Words).
var wordsFields = map[string][]string{"LegalAction": {"Label"}, "Choice": {"Prompt"}, "Mark": {"Text"}}

// setsWordsField reports which English-of-a-message field n sets (in a composite literal or an
// assignment), and the value it sets.
func (p *typedPackage) setsWordsField(n ast.Node) (string, ast.Expr) {
	switch e := n.(type) {
	case *ast.CompositeLit:
		named := typeName(p.info.Types[e].Type)
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && slices.Contains(wordsFields[named], k.Name) {
					return named + "." + k.Name, kv.Value
				}
			}
		}
	case *ast.AssignStmt:
		for i, lhs := range e.Lhs {
			sel, ok := lhs.(*ast.SelectorExpr)
			if !ok || i >= len(e.Rhs) {
				continue
			}
			named := typeName(p.info.Types[sel.X].Type)
			if slices.Contains(wordsFields[named], sel.Sel.Name) {
				return named + "." + sel.Sel.Name, e.Rhs[i]
			}
		}
	}
	return "", nil
}

// isEnglishOfWords reports whether v is a message's English (msg.Message's English).
func (p *typedPackage) isEnglishOfWords(v ast.Expr) bool {
	c, ok := v.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "English" && isNamed(p.info.Types[sel.X].Type, module+"/game/msg", "Message")
}

// typeName is the name of a named type of package game (through pointers), or "".
func typeName(t types.Type) string {
	if t == nil {
		return ""
	}
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == module+"/game" {
		return n.Obj().Name()
	}
	return ""
}

// kindedKeys are the names of values that are words of a kind (msg.Value): a reader's language
// writes them, so they must come with their kind, never as a bare text.
var kindedKeys = []string{"Player", "Spot", "Spots", "Feature", "Edge", "Chip", "Chips", "Hand", "Out", "Colour", "Color",
	"Grapes", "City", "Island", "Town", "Role", "Piece", "Dir", "Move"}

// wordTypes are the engine's types of values that have words in every language: given bare,
// they would be written in English.
var wordTypes = []string{"PieceKind", "Dir", "FeatureKind", "Terrain", "Chip", "Phase"}

// untyped lists the values of a message that have a kind (a count, a colour, chips, a player,
// a place...) but are given without it.
func (p *typedPackage) untyped(c *ast.CallExpr) []string {
	var out []string
	for i := 1; i+1 < len(c.Args); i += 2 {
		key := ""
		if tv := p.info.Types[c.Args[i]]; tv.Value != nil && tv.Value.Kind() == constant.String {
			key = constant.StringVal(tv.Value)
		}
		v := c.Args[i+1]
		t := p.info.Types[v].Type
		if t == nil {
			continue
		}
		switch n := typeName(t); {
		case isNamed(t, module+"/game/msg", "Value") || isNamed(t, module+"/game/msg", "Message"):
			continue
		case slices.Contains(wordTypes, n):
			out = append(out, fmt.Sprintf("%s (a game.%s)", key, n))
		case isSliceOf(t, "Chip"):
			out = append(out, key+" (chips)")
		case isBasic(t, types.IsInteger|types.IsFloat):
			out = append(out, key+" (a number: msg.Count)")
		case isBasic(t, types.IsString) && slices.Contains(kindedKeys, key):
			out = append(out, key+" (a text)")
		}
	}
	return out
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == name && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg
}

func isSliceOf(t types.Type, name string) bool {
	s, ok := t.Underlying().(*types.Slice)
	return ok && typeName(s.Elem()) == name
}

// isBasic reports whether t is a basic type of info, not a named one (a square, a tile, a
// rotation are names written as they are).
func isBasic(t types.Type, info types.BasicInfo) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&info != 0
}

// TestEveryValueOfAMessageHasItsKind: the values of the engine's and the maps' messages are
// given with their kind (msg.Colour, msg.Spot, msg.Feature, game.ChipsValue, msg.Place,
// msg.Player, msg.Duration, msg.Count) or as words of the catalogues (a part): a reader's
// language writes each by its kind, and nothing guesses a kind from a value's name or reads
// English back.
func TestEveryValueOfAMessageHasItsKind(t *testing.T) {
	for _, p := range enginePackages(t) {
		for _, sc := range p.sayCalls() {
			for _, u := range p.untyped(sc.call) {
				t.Errorf("%s: the value %s is given without its kind", p.at(sc.call), u)
			}
		}
	}
}

// languages are the catalogues' languages; commands/lang checks the same list at start-up.
var languages = []string{"en", "de", "fr", "es", "nl", "zh-TW", "pt"}

// catalogueIDs are the message ids of every registered catalogue (the engine's, Map-Chips', every
// map's and the test maps'), by language.
func catalogueIDs(t *testing.T) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	for _, code := range languages {
		out[code] = map[string]bool{}
		for id := range catalogueTexts(t, code) {
			out[code][id] = true
		}
	}
	return out
}

// TestEveryMessageTheEngineNamesIsInEveryLanguage: each message the engine and the maps name is
// in the catalogue of every language: the ids given to game.Say as constants, and every id
// constant generated from an English catalogue (those a map chooses among, by a colour or a
// phase). An id is never built from pieces, which no compiler could check.
func TestEveryMessageTheEngineNamesIsInEveryLanguage(t *testing.T) {
	ids := catalogueIDs(t)
	named := map[string]string{}
	for _, p := range enginePackages(t) {
		for _, sc := range p.sayCalls() {
			arg := sc.call.Args[0]
			if tv := p.info.Types[arg]; tv.Value != nil {
				named[constant.StringVal(tv.Value)] = p.at(sc.call)
				continue
			}
			ast.Inspect(arg, func(n ast.Node) bool {
				if b, ok := n.(*ast.BinaryExpr); ok && b.Op == token.ADD {
					t.Errorf("%s: a message id built from pieces", p.at(sc.call))
				}
				return true
			})
		}
		for id, obj := range p.info.Defs {
			if c, ok := obj.(*types.Const); ok && strings.HasPrefix(id.Name, "id") && c.Val().Kind() == constant.String &&
				filepath.Base(p.fset.Position(id.Pos()).Filename) == "msgids.go" {
				named[constant.StringVal(c.Val())] = p.at(id)
			}
		}
	}
	if len(named) < 200 {
		t.Fatalf("only %d message ids named by game/ and variants/", len(named))
	}
	for id, at := range named {
		for _, code := range languages {
			if !ids[code][id] {
				t.Errorf("%s: %s is in no %s catalogue", at, id, code)
			}
		}
	}
}

// refusalRoots are the functions through which a player's move or action is refused: the
// engine's Play and Apply, and each map's Act hook.
var refusalRoots = []string{"Play", "Apply", "Act"}

// TestARefusalIsAMessage: nothing the engine or a map runs to judge a player's move or action
// (what Play, Apply and a map's Act call, in game/ and variants/) makes an error of English
// (fmt.Errorf, errors.New): a refusal is a *game.MoveError with its message, which every reader
// reads in their language.
func TestARefusalIsAMessage(t *testing.T) {
	type decl struct {
		p  *typedPackage
		fd *ast.FuncDecl
	}
	// Functions by their full name, which is the same whether a package is read from its source
	// or from another's imports.
	decls := map[string]decl{}
	for _, p := range enginePackages(t) {
		for _, f := range p.files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					if fn, ok := p.info.Defs[fd.Name].(*types.Func); ok {
						decls[fn.FullName()] = decl{p, fd}
					}
				}
			}
		}
	}
	var queue []decl
	seen := map[string]bool{}
	for name, d := range decls {
		if d.fd.Recv != nil && slices.Contains(refusalRoots, d.fd.Name.Name) {
			queue = append(queue, d)
			seen[name] = true
		}
	}
	if len(queue) < 7 {
		t.Fatalf("only %d ways of refusing found (Play, Apply, each map's Act)", len(queue))
	}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		parents := parentsIn(d.fd.Body)
		ast.Inspect(d.fd.Body, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if d.p.isFunc(c.Fun, "fmt", "Errorf") || d.p.isFunc(c.Fun, "errors", "New") {
				t.Errorf("%s: %s makes an error of English on the way of a refusal; refuse with a message (game.RefuseAction)", d.p.at(c), d.fd.Name.Name)
			}
			var id *ast.Ident
			switch f := c.Fun.(type) {
			case *ast.Ident:
				id = f
			case *ast.SelectorExpr:
				id = f.Sel
			}
			if id == nil {
				return true
			}
			if fn, ok := d.p.info.Uses[id].(*types.Func); ok && !seen[fn.FullName()] && !d.p.errorDiscarded(d.fd.Body, parents, c) {
				if callee, ok := decls[fn.FullName()]; ok && !strings.HasSuffix(callee.p.path, "/game/msg") {
					seen[fn.FullName()] = true
					queue = append(queue, callee)
				}
			}
			return true
		})
	}
}

// parentsIn maps each node under root to the node that holds it.
func parentsIn(root ast.Node) map[ast.Node]ast.Node {
	parents := map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	return parents
}

// errorDiscarded reports whether the error call c returns is only tested, never passed on: its
// words reach nobody (a map that refuses with its own message when a square does not parse).
func (p *typedPackage) errorDiscarded(body ast.Node, parents map[ast.Node]ast.Node, c *ast.CallExpr) bool {
	onlyTested := func(e ast.Node) bool {
		b, ok := parents[e].(*ast.BinaryExpr)
		if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
			return false
		}
		other := b.Y
		if other == e {
			other = b.X
		}
		id, ok := other.(*ast.Ident)
		return ok && id.Name == "nil"
	}
	switch parent := parents[c].(type) {
	case *ast.ExprStmt:
		return true
	case *ast.BinaryExpr:
		return onlyTested(c)
	case *ast.AssignStmt:
		if len(parent.Rhs) != 1 || len(parent.Lhs) == 0 {
			return false
		}
		last, ok := parent.Lhs[len(parent.Lhs)-1].(*ast.Ident)
		if !ok {
			return false
		}
		if last.Name == "_" {
			return true
		}
		obj := p.info.Defs[last]
		if obj == nil {
			obj = p.info.Uses[last]
		}
		discarded := true
		ast.Inspect(body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id != last && p.info.Uses[id] == obj && !onlyTested(id) {
				discarded = false
			}
			return discarded
		})
		return discarded
	}
	return false
}

// TestNoMessageShowsARuleOptionsKey: a sentence for players names a rule option as players know
// it, never by its internal key (gbResolveSetOnlyIfMeeplesOnIsle), which is only a value to type
// in /carc new's rules and is named there by its description.
func TestNoMessageShowsARuleOptionsKey(t *testing.T) {
	for _, p := range enginePackages(t) {
		for _, sc := range p.sayCalls() {
			for i := 2; i < len(sc.call.Args); i += 2 {
				ast.Inspect(sc.call.Args[i], func(n ast.Node) bool {
					sel, ok := n.(*ast.SelectorExpr)
					if !ok || sel.Sel.Name != "Name" {
						return true
					}
					if t0 := p.info.Types[sel.X].Type; t0 != nil && typeName(t0) == "Flag" {
						t.Errorf("%s: a message's value is the rule option key %s.Name", p.at(sc.call), types.ExprString(sel.X))
					}
					return true
				})
			}
		}
	}
}

// germanObjectBefore are the German words after which a noun is the object of a verb or a
// preposition (accusative or dative), in the masculine the roles take: "deinen Bauern".
var germanObjectBefore = regexp.MustCompile(`(?i)\b(den|dem|deinen|deinem|einen|einem|seinen|seinem|ihren|ihrem|unter|mit|von|auf)\s*$`)

// catalogueTexts are the texts of every registered catalogue in language code, by id (a plural
// message's forms one a line).
func catalogueTexts(t *testing.T, code string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, c := range msg.Catalogues() {
		data, err := fs.ReadFile(c.FS, code+".toml")
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		var msgs map[string]any
		if _, err := toml.Decode(string(data), &msgs); err != nil {
			t.Fatalf("%s/%s.toml: %v", c.Name, code, err)
		}
		for id, v := range msgs {
			switch v := v.(type) {
			case string:
				out[id] = v
			case map[string]any:
				var forms []string
				for _, f := range slices.Sorted(maps.Keys(v)) {
					form, _ := v[f].(string)
					forms = append(forms, form)
				}
				out[id] = strings.Join(forms, "\n")
			}
		}
	}
	return out
}

// TestGermanWritesARoleInItsCase: German declines the roles it names (der Bauer, den Bauern): a
// message whose German text puts {{.Role}} as an object (after den, dem, deinen, unter...) is
// given game.RoleObject, one that puts it as the subject game.Role.
func TestGermanWritesARoleInItsCase(t *testing.T) {
	de := catalogueTexts(t, "de")
	checked := 0
	for _, p := range enginePackages(t) {
		for _, sc := range p.sayCalls() {
			tv := p.info.Types[sc.call.Args[0]]
			if tv.Value == nil {
				continue
			}
			text := de[constant.StringVal(tv.Value)]
			for i := 1; i+1 < len(sc.call.Args); i += 2 {
				if kv := p.info.Types[sc.call.Args[i]]; kv.Value == nil || constant.StringVal(kv.Value) != "Role" {
					continue
				}
				call, ok := sc.call.Args[i+1].(*ast.CallExpr)
				if !ok {
					t.Errorf("%s: the role is not given by game.Role or game.RoleObject", p.at(sc.call))
					continue
				}
				at := strings.Index(text, "{{.Role}}")
				if at < 0 {
					continue
				}
				checked++
				object := germanObjectBefore.MatchString(text[:at])
				switch {
				case object && !p.isFunc(call.Fun, module+"/game", "RoleObject"):
					t.Errorf("%s: German writes the role as an object (%q) but it is given as the subject", p.at(sc.call), text)
				case !object && !p.isFunc(call.Fun, module+"/game", "Role"):
					t.Errorf("%s: German writes the role as the subject (%q) but it is given as an object", p.at(sc.call), text)
				}
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d roles in messages checked", checked)
	}
	// A kind of piece (engine_kind_*: "großer Gefolgsmann") has only its subject's form.
	for _, p := range enginePackages(t) {
		for _, sc := range p.sayCalls() {
			tv := p.info.Types[sc.call.Args[0]]
			if tv.Value == nil {
				continue
			}
			text := de[constant.StringVal(tv.Value)]
			if at := strings.Index(text, "{{.Piece}}"); at >= 0 && germanObjectBefore.MatchString(text[:at]) {
				t.Errorf("%s: German writes a kind of piece as an object (%q), which its words do not decline", p.at(sc.call), text)
			}
		}
	}
}

// colourAfter are, in the languages whose adjectives agree with their noun, the words a colour
// (or a chip: "violet 2") may follow without parentheses: the colour words are written in the
// masculine singular (violet, morado, roxo), so only a masculine singular noun, a preposition or
// a verb may stand before them. After any other noun ("jetons", "ficha", "uvas") the colour is
// written in parentheses or the sentence says it another way.
var colourAfter = map[string][]string{
	"fr": {"jeton", "vin", "raisin", "pas", "avec", "fausser", "défausser", "défaussé", "×"},
	"es": {"vino", "color", "dulce", "con", "no", "descartar", "descartó", "×"},
	"pt": {"vinho", "petisco", "com", "o", "não", "descartou", "descartar", "×"},
}

// TestColourWordsAgreeWithTheirNoun: no sentence writes "des jetons violet", "a ficha roxo" or
// "uvas morado".
func TestColourWordsAgreeWithTheirNoun(t *testing.T) {
	before := regexp.MustCompile(`(\S+)\s+\{\{\.(Colour|Color|Grapes|Chip)\}\}`)
	for code, allowed := range colourAfter {
		checked := 0
		for id, text := range catalogueTexts(t, code) {
			for _, m := range before.FindAllStringSubmatch(text, -1) {
				checked++
				word := strings.ToLower(strings.Trim(m[1], `"«“`))
				if strings.HasSuffix(word, ":") || slices.Contains(allowed, word) {
					continue
				}
				t.Errorf("%s %s: the colour follows %q, with which its word does not agree: %q", code, id, m[1], text)
			}
		}
		if checked < 10 {
			t.Errorf("%s: only %d colours in sentences checked", code, checked)
		}
	}
}

// colourBefore are, in the languages that decline an adjective before its noun (de lila Chips →
// die lila Chips, nl paars → paarse fiches), the words a colour may stand before: its words are
// written undeclined, so a colour never stands before the noun it colours.
var colourBefore = map[string][]string{
	"de": {"nicht", "an"},
	"nl": {"niet", "aan", "kopen"},
}

// TestAColourNeverStandsBeforeItsNoun: no sentence writes "zijn paars fiches".
func TestAColourNeverStandsBeforeItsNoun(t *testing.T) {
	after := regexp.MustCompile(`\{\{\.(Colour|Color|Grapes)\}\}\s+(\pL+)`)
	for code, allowed := range colourBefore {
		for id, text := range catalogueTexts(t, code) {
			for _, m := range after.FindAllStringSubmatch(text, -1) {
				if !slices.Contains(allowed, strings.ToLower(m[2])) {
					t.Errorf("%s %s: the colour stands before %q, whose adjective it would be: %q", code, id, m[2], text)
				}
			}
		}
	}
}
