package fakediscord

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// The fake holds the bot to Discord's published contract, not only to what its authors knew:
// every REST request is validated against the operation of Discord's own OpenAPI description
// (testdata/discord, API v10, whose request shapes discordgo's v9 shares) that its method and path
// name, with a JSON Schema 2020-12 validator: the path and query parameters, and the body, a JSON
// one or the payload_json of a multipart one with its files. A request the description refuses
// is answered as Discord answers it, 400 Invalid Form Body naming the field path, and recorded as
// a ProblemContract; a request it has no operation for is a ProblemNoOperation. Both fail the
// test. The rules the description cannot state are enforced by hand, each where it applies, with
// the Discord documentation page it comes from (commands.go, validate.go, callbacks.go,
// interactions.go, multipart.go).

//go:embed testdata/discord/openapi.json
var discordSpec []byte

// specURL is where the description is loaded in the validator; its $refs are relative to it.
const specURL = "https://discord.com/api/openapi.json"

// validated counts the requests checked against the description in this process.
var validated atomic.Int64

// Validated is how many requests the fakes of this process have checked against Discord's
// OpenAPI description so far.
func Validated() int64 { return validated.Load() }

// contract is the loaded description: its operations by method, and the validator's compiler.
type contract struct {
	ops      []operation
	compiler *jsonschema.Compiler
	mu       sync.Mutex
	schemas  map[string]*jsonschema.Schema // compiled, by JSON pointer into the description
}

// operation is one operation of the description.
type operation struct {
	method, template string
	segments         []string // the template's path segments, "{channel_id}" for a parameter
	pointer          string   // JSON pointer of the operation
	params           []param
	body             map[string]string // content type -> JSON pointer of its schema
	bodyRequired     bool
}

type param struct {
	name, in string
	required bool
	pointer  string // of its schema
}

var loadContract = sync.OnceValues(func() (*contract, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(discordSpec))
	if err != nil {
		return nil, fmt.Errorf("Discord's OpenAPI description does not parse: %w", err)
	}
	c := &contract{compiler: jsonschema.NewCompiler(), schemas: map[string]*jsonschema.Schema{}}
	c.compiler.DefaultDraft(jsonschema.Draft2020)
	if err := c.compiler.AddResource(specURL, doc); err != nil {
		return nil, fmt.Errorf("Discord's OpenAPI description: %w", err)
	}
	var spec struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(discordSpec, &spec); err != nil {
		return nil, err
	}
	for template, item := range spec.Paths {
		var shared []param
		if raw, ok := item["parameters"]; ok {
			shared = params(raw, "/paths/"+escape(template)+"/parameters")
		}
		for method, raw := range item {
			m := strings.ToUpper(method)
			if !slices.Contains([]string{"GET", "PUT", "POST", "PATCH", "DELETE"}, m) {
				continue
			}
			ptr := "/paths/" + escape(template) + "/" + method
			var op struct {
				Parameters  json.RawMessage `json:"parameters"`
				RequestBody *struct {
					Required bool                       `json:"required"`
					Content  map[string]json.RawMessage `json:"content"`
				} `json:"requestBody"`
			}
			if err := json.Unmarshal(raw, &op); err != nil {
				return nil, fmt.Errorf("%s %s: %w", m, template, err)
			}
			o := operation{method: m, template: template, segments: strings.Split(strings.Trim(template, "/"), "/"), pointer: ptr,
				params: append(slices.Clone(shared), params(op.Parameters, ptr+"/parameters")...), body: map[string]string{}}
			if op.RequestBody != nil {
				o.bodyRequired = op.RequestBody.Required
				for ct := range op.RequestBody.Content {
					o.body[ct] = ptr + "/requestBody/content/" + escape(ct) + "/schema"
				}
			}
			c.ops = append(c.ops, o)
		}
	}
	return c, nil
})

// params reads a parameters list of the description.
func params(raw json.RawMessage, ptr string) []param {
	var list []struct {
		Name     string `json:"name"`
		In       string `json:"in"`
		Required bool   `json:"required"`
	}
	_ = json.Unmarshal(raw, &list)
	out := make([]param, 0, len(list))
	for i, p := range list {
		out = append(out, param{name: p.Name, in: p.In, required: p.Required, pointer: fmt.Sprintf("%s/%d/schema", ptr, i)})
	}
	return out
}

// escape writes a path key as a JSON pointer token.
func escape(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1") }

// find is the operation a request names: its method and its path under the API's version, the
// template with the most literal segments winning ("/users/@me" over "/users/{user_id}"), with
// the values of its path parameters.
func (c *contract) find(method, path string) (*operation, map[string]string) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	var best *operation
	var bestVals map[string]string
	bestLiterals := -1
	for i := range c.ops {
		o := &c.ops[i]
		if o.method != method || len(o.segments) != len(segs) {
			continue
		}
		vals, literals := map[string]string{}, 0
		for j, s := range o.segments {
			if strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}") {
				vals[s[1:len(s)-1]] = segs[j]
				continue
			}
			if s != segs[j] {
				vals = nil
				break
			}
			literals++
		}
		if vals != nil && literals > bestLiterals {
			best, bestVals, bestLiterals = o, vals, literals
		}
	}
	return best, bestVals
}

// schema compiles (once) the schema at a JSON pointer of the description.
func (c *contract) schema(ptr string) (*jsonschema.Schema, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.schemas[ptr]; ok {
		return s, nil
	}
	s, err := c.compiler.Compile(specURL + "#" + ptr)
	if err != nil {
		return nil, fmt.Errorf("the schema at %s of Discord's OpenAPI description does not compile: %w", ptr, err)
	}
	c.schemas[ptr] = s
	return s, nil
}

// apiPath is the path of a REST request under its API version (v9, which discordgo speaks, or
// v10, the description's), and false for anything else (the gateway, the CDN).
func apiPath(path string) (string, bool) {
	for _, v := range []string{"/api/v9/", "/api/v10/"} {
		if rest, ok := strings.CutPrefix(path, v); ok {
			return "/" + rest, true
		}
	}
	return "", false
}

// checkContract validates a request against the operation of Discord's description that it
// names, and returns Discord's answer to a request it refuses (nil when it passes).
func checkContract(r *Request) error {
	path, ok := apiPath(r.Path)
	if !ok {
		return nil
	}
	c, err := loadContract()
	if err != nil {
		return &apiError{kind: ProblemContract, status: http.StatusInternalServerError, message: "fakediscord", detail: err.Error()}
	}
	op, vals := c.find(r.Method, path)
	if op == nil {
		return &apiError{kind: ProblemNoOperation, status: http.StatusNotFound, message: "404: Not Found",
			detail: fmt.Sprintf("Discord's OpenAPI description has no operation %s %s", r.Method, path)}
	}
	validated.Add(1)
	var fields []fieldError
	for _, p := range op.params {
		var raw string
		var present bool
		switch p.in {
		case "path":
			raw, present = vals[p.name]
		case "query":
			present = r.Query.Has(p.name)
			raw = r.Query.Get(p.name)
		default:
			continue
		}
		if !present {
			if p.required {
				fields = append(fields, fieldError{path: p.name, code: "BASE_TYPE_REQUIRED", message: "This field is required"})
			}
			continue
		}
		s, err := c.schema(p.pointer)
		if err != nil {
			return &apiError{kind: ProblemContract, status: http.StatusInternalServerError, message: "fakediscord", detail: err.Error()}
		}
		// A parameter is text on the wire: a query's boolean or number is read as one where its
		// schema wants it.
		errs := validate(s, raw, p.name)
		if v := paramValue(raw); len(errs) > 0 && p.in == "query" && v != any(raw) {
			if again := validate(s, v, p.name); len(again) == 0 {
				errs = nil
			}
		}
		fields = append(fields, errs...)
	}
	body, ct, err := contractBody(r)
	switch {
	case err != nil:
		fields = append(fields, fieldError{path: "_root", code: "MODEL_TYPE_CONVERT", message: err.Error()})
	case body == nil && op.bodyRequired:
		fields = append(fields, fieldError{path: "_root", code: "BASE_TYPE_REQUIRED", message: "This request needs a body"})
	case body != nil && len(op.body) == 0:
		fields = append(fields, fieldError{path: "_root", code: "BASE_TYPE_INVALID", message: op.method + " " + op.template + " takes no body"})
	case body != nil:
		ptr, ok := op.body[ct]
		if !ok {
			fields = append(fields, fieldError{path: "_root", code: "CONTENT_TYPE_INVALID", message: "Content-Type " + ct + " is not one this operation takes"})
			break
		}
		s, err := c.schema(ptr)
		if err != nil {
			return &apiError{kind: ProblemContract, status: http.StatusInternalServerError, message: "fakediscord", detail: err.Error()}
		}
		fields = append(fields, validate(s, body, "")...)
	}
	if len(fields) == 0 {
		return nil
	}
	return contractError(op, fields)
}

// paramValue reads a path or query parameter as the JSON value it stands for: a number or a
// boolean where it reads as one, else the string.
func paramValue(raw string) any {
	if raw == "true" || raw == "false" {
		return raw == "true"
	}
	if n, err := strconv.ParseInt(raw, 10, 64); err == nil && len(raw) < 16 {
		return json.Number(strconv.FormatInt(n, 10))
	}
	return raw
}

// contractBody is the body a request sends, as the JSON value its operation's schema describes,
// with its content type: a JSON body, or for a multipart one its payload_json with a string for
// each file part, under the part's name ("files[0]"), as the multipart schema lists them.
func contractBody(r *Request) (any, string, error) {
	if len(r.Body) == 0 {
		return nil, "", nil
	}
	ct := strings.TrimSpace(strings.Split(r.Header.Get("Content-Type"), ";")[0])
	if ct == "multipart/form-data" {
		obj := map[string]any{}
		if len(r.JSON) > 0 {
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(r.JSON))
			if err != nil {
				return nil, ct, fmt.Errorf("payload_json is not JSON: %w", err)
			}
			m, ok := v.(map[string]any)
			if !ok {
				return nil, ct, fmt.Errorf("payload_json is not an object")
			}
			obj = m
		}
		for _, f := range r.Files {
			obj[f.Field] = f.Name
		}
		return obj, ct, nil
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(r.Body))
	return v, ct, err
}

// fieldError is one field Discord refuses, with its code and message.
type fieldError struct{ path, code, message string }

var english = message.NewPrinter(language.English)

// validate validates v against s and lists what it refuses, each at the path of its field under
// prefix ("components.0.components.1.custom_id").
func validate(s *jsonschema.Schema, v any, prefix string) []fieldError {
	err := s.Validate(v)
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return []fieldError{{path: orRoot(prefix), code: "BASE_TYPE_INVALID", message: err.Error()}}
	}
	var out []fieldError
	seen := map[string]bool{}
	for _, f := range causes(ve, prefix) {
		if !seen[f.path+f.message] {
			seen[f.path+f.message] = true
			out = append(out, f)
		}
	}
	return out
}

// causes are the errors at the leaves of a validation error. Of a value that matches none of the
// shapes a oneOf or anyOf offers (a component is a button, a select, a section, ...), only the
// shape it was meant to have counts: the one whose own type or "type" field it has, with the
// fewest errors; when it has none of them, the value itself is refused.
func causes(e *jsonschema.ValidationError, prefix string) []fieldError {
	path := strings.Join(append(strings.Fields(prefix), e.InstanceLocation...), ".")
	kw := e.ErrorKind.KeywordPath()
	if len(e.Causes) == 0 {
		return []fieldError{{path: orRoot(path), code: errorCode(kw), message: e.ErrorKind.LocalizedString(english)}}
	}
	var out []fieldError
	if n := len(kw); n > 0 && (kw[n-1] == "oneOf" || kw[n-1] == "anyOf") {
		var best []fieldError
		for _, branch := range e.Causes {
			fs := causes(branch, prefix)
			if !mismatched(fs, path) && (best == nil || len(fs) < len(best)) {
				best = fs
			}
		}
		if best == nil {
			return []fieldError{{path: orRoot(path), code: "UNION_TYPE_CHOICES", message: fmt.Sprintf("Matches none of the %d shapes this field takes.", len(e.Causes))}}
		}
		return best
	}
	for _, c := range e.Causes {
		out = append(out, causes(c, prefix)...)
	}
	return out
}

// mismatched tells whether a oneOf branch's errors say the value is not of that branch's kind: its
// own type is another, or its "type" field names another kind.
func mismatched(fs []fieldError, path string) bool {
	for _, f := range fs {
		if f.path == orRoot(path) && f.code == "BASE_TYPE_CONVERT" || f.path == strings.TrimPrefix(path+".type", ".") && f.code == "BASE_TYPE_CHOICES" {
			return true
		}
	}
	return false
}

func orRoot(path string) string {
	if path == "" {
		return "_root"
	}
	return path
}

// errorCode is the code of Discord's own errors closest to the schema keyword a value breaks.
func errorCode(keywordPath []string) string {
	kw := ""
	if len(keywordPath) > 0 {
		kw = keywordPath[len(keywordPath)-1]
	}
	switch kw {
	case "required":
		return "BASE_TYPE_REQUIRED"
	case "maxLength", "maxItems", "maxProperties":
		return "BASE_TYPE_MAX_LENGTH"
	case "minLength", "minItems", "minProperties":
		return "BASE_TYPE_MIN_LENGTH"
	case "enum", "const":
		return "BASE_TYPE_CHOICES"
	case "minimum", "exclusiveMinimum":
		return "NUMBER_TYPE_MIN"
	case "maximum", "exclusiveMaximum":
		return "NUMBER_TYPE_MAX"
	case "pattern", "format":
		return "STRING_TYPE_REGEX"
	case "type":
		return "BASE_TYPE_CONVERT"
	case "oneOf", "anyOf":
		return "UNION_TYPE_CHOICES"
	case "additionalProperties", "unevaluatedProperties":
		return "BASE_TYPE_INVALID"
	}
	return "BASE_TYPE_INVALID"
}

// contractError is Discord's 400 Invalid Form Body for the fields a request breaks: the "errors"
// tree names each field's path, with its codes and messages in "_errors".
func contractError(op *operation, fields []fieldError) *apiError {
	tree := map[string]any{}
	var details []string
	for _, f := range fields {
		node := tree
		for _, part := range strings.Split(f.path, ".") {
			next, ok := node[part].(map[string]any)
			if !ok {
				next = map[string]any{}
				node[part] = next
			}
			node = next
		}
		errs, _ := node["_errors"].([]any)
		node["_errors"] = append(errs, map[string]any{"code": f.code, "message": f.message})
		details = append(details, fmt.Sprintf("%s: %s (%s)", f.path, f.message, f.code))
	}
	return &apiError{kind: ProblemContract, status: http.StatusBadRequest, code: 50035, message: "Invalid Form Body",
		detail: fmt.Sprintf("%s %s, as Discord's OpenAPI description has it: %s", op.method, op.template, strings.Join(details, "; ")), errors: tree}
}

// AppendValidated appends to the file at path a line with the name of the test binary's package
// and the number of requests validated in it (Validated), for a count across a whole test run.
func AppendValidated(path, pkg string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(f, "%s %d\n", pkg, Validated())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
