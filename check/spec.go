package check

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
	"gopkg.in/yaml.v3"

	"github.com/wikirules/wikirules/model"
)

// Spec is one game's check file.
type Spec struct {
	File   string // the spec file, as named in errors
	Game   string
	Engine string // engine constants file, relative to the engine directory
	Checks []*Check
	// GameLine and EngineLine are the lines of game: and engine:.
	GameLine, EngineLine int
}

// Check is one assertion.
type Check struct {
	ID          string
	Table       string
	Description string
	Expr        string
	Match       *Match
	Line        int // line of the check in the spec file
	spec        *Spec
	program     *vm.Program
	// left and right are the two sides of a top-level comparison, run
	// when it is false so the message can show both values.
	left, right *vm.Program
	op          string
}

// Match compares a table column with an engine map, row by row.
type Match struct {
	// Key and Value are the table's columns: the row's name and the
	// number to compare.
	Key, Value string
	// Engine is the path of the engine value ("deck", "material.cards"):
	// a map from name to value, or a list or map of records.
	Engine string
	// EngineKey and EngineValue name the fields of records, when the
	// engine value holds records rather than name → value.
	EngineKey, EngineValue string
}

// rawSpec is a spec file as written.
type rawSpec struct {
	Game   string     `yaml:"game"`
	Engine string     `yaml:"engine"`
	Checks []rawCheck `yaml:"checks"`
}

type rawCheck struct {
	ID          string    `yaml:"id"`
	Table       string    `yaml:"table"`
	Description string    `yaml:"description"`
	Expr        string    `yaml:"expr"`
	Match       *rawMatch `yaml:"match"`
}

type rawMatch struct {
	Key         string `yaml:"key"`
	Value       string `yaml:"value"`
	Engine      string `yaml:"engine"`
	EngineKey   string `yaml:"engine_key"`
	EngineValue string `yaml:"engine_value"`
}

// specError is a problem in a spec file.
func specError(file string, line int, format string, args ...any) model.Msg {
	return model.Msg{File: file, Line: line, Severity: model.SevError, ID: model.MsgSpec, Text: fmt.Sprintf(format, args...)}
}

// exprOptions are the compile options shared by every expression: the
// variables it may use and the helper functions; asBool for a whole check
// (the sides of a comparison are any values).
func exprOptions(asBool bool) []expr.Option {
	sample := map[string]any{
		"rows":    []any{},
		"table":   map[string]any{},
		"tables":  map[string]any{},
		"engine":  map[string]any{},
		"page":    map[string]any{},
		accessVar: (*access)(nil),
	}
	opts := []expr.Option{
		expr.Env(sample),
		expr.Function("num", func(args ...any) (any, error) { return toNumber(args[0]) }, new(func(any) float64)),
		expr.Function("index", func(args ...any) (any, error) { return index(args[0], args[1]) }, new(func(any, string) map[string]any)),
		expr.Function("text", func(args ...any) (any, error) { return fmt.Sprint(args[0]), nil }, new(func(any) string)),
		expr.Function(memberFunc, member, new(func(any, any, any, string, bool) any)),
		expr.Function(readableFunc, readable, new(func(any, any, string) any)),
		expr.Function(equalFunc, equal, new(func(any, any, string) bool)),
		expr.Patch(newStrictMembers()),
	}
	if asBool {
		opts = append(opts, expr.AsBool())
	}
	return opts
}

// ParseSpec reads and compiles one spec file.
func ParseSpec(name string, data []byte) (*Spec, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, specYAMLError(name, err)
	}
	if len(doc.Content) == 0 {
		return nil, model.MsgList{specError(name, 1, "empty spec: expected game:, engine: and checks:")}
	}
	root := doc.Content[0]
	// Unknown fields (a misspelt "exprr:") are errors, but they should
	// not hide the other problems of the file: decode strictly to collect
	// them, then leniently to check the rest.
	var errs model.MsgList
	var raw rawSpec
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&raw); err != nil {
		var te *yaml.TypeError
		if !errors.As(err, &te) {
			return nil, specYAMLError(name, err)
		}
		errs = append(errs, specYAMLErrorIn(name, err, &doc)...)
		raw = rawSpec{}
		if err := root.Decode(&raw); err != nil {
			// Wrong types (a list where a string belongs) were already
			// reported by the strict decode.
			errs.Sort()
			return nil, errs
		}
	}
	if raw.Game == "" {
		errs = append(errs, specError(name, root.Line, "missing game: (the game slug, e.g. sushigo)"))
		errs.Sort()
		return nil, errs
	}
	s := &Spec{File: name, Game: raw.Game, Engine: raw.Engine,
		GameLine: fieldLine(root, "game", root.Line), EngineLine: fieldLine(root, "engine", root.Line)}
	// Lines of the checks.
	var checkNodes []*yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "checks" && root.Content[i+1].Kind == yaml.SequenceNode {
			checkNodes = root.Content[i+1].Content
		}
	}
	seen := map[string]int{}
	for i, rc := range raw.Checks {
		line := root.Line
		if i < len(checkNodes) {
			line = checkNodes[i].Line
		}
		fail := func(format string, args ...any) {
			errs = append(errs, specError(name, line, format, args...))
		}
		if rc.ID == "" {
			fail("check without an id:")
			continue
		}
		if prev, ok := seen[rc.ID]; ok {
			fail("check id %q is used twice (first at line %d)", rc.ID, prev)
			continue
		}
		seen[rc.ID] = line
		c := &Check{ID: rc.ID, Table: rc.Table, Description: rc.Description, Expr: rc.Expr, Line: line, spec: s}
		switch {
		case rc.Expr != "" && rc.Match != nil:
			fail("check %s: give expr: or match:, not both", rc.ID)
			continue
		case rc.Expr != "":
			prog, err := expr.Compile(rc.Expr, exprOptions(true)...)
			if err != nil {
				if i < len(checkNodes) {
					line = fieldLine(checkNodes[i], "expr", line)
				}
				fail("check %s: expr does not compile: %s", rc.ID, oneLine(err.Error()))
				continue
			}
			c.program = prog
			c.compileSides()
		case rc.Match != nil:
			m := rc.Match
			if rc.Table == "" || m.Key == "" || m.Value == "" || m.Engine == "" {
				fail("check %s: match needs table:, and key:, value: and engine: in match:", rc.ID)
				continue
			}
			if raw.Engine == "" {
				fail("check %s: match: compares with the engine, but the spec has no engine: file", rc.ID)
				continue
			}
			c.Match = &Match{Key: m.Key, Value: m.Value, Engine: m.Engine, EngineKey: m.EngineKey, EngineValue: m.EngineValue}
		default:
			fail("check %s: expected expr: or match:", rc.ID)
			continue
		}
		s.Checks = append(s.Checks, c)
	}
	if len(errs) > 0 {
		errs.Sort()
		return s, errs
	}
	return s, nil
}

// fieldLine is the line of a mapping's field value, or def.
func fieldLine(m *yaml.Node, field string, def int) int {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == field {
			return m.Content[i+1].Line
		}
	}
	return def
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// specYAMLError turns a YAML error ("yaml: line 4: …", or a type error
// listing "line 5: field exprr not found…") into messages with lines.
func specYAMLError(name string, err error) model.MsgList { return specYAMLErrorIn(name, err, nil) }

// yamlTypeMismatch is yaml.v3's "cannot unmarshal !!seq into string".
var yamlTypeMismatch = regexp.MustCompile("^cannot unmarshal (!![a-z]+)(?: `.*`)? into (.+)$")

// yamlKinds name a YAML tag, and what belongs where the decoder wanted a Go
// type, in a spec's words.
var (
	yamlKinds = map[string]string{"!!seq": "a list", "!!map": "a map", "!!str": "a text", "!!int": "a number",
		"!!float": "a number", "!!bool": "true or false", "!!null": "nothing", "!!timestamp": "a time", "!!binary": "binary data"}
	yamlExpected = map[string]string{
		"string":                  "a text",
		"[]check.rawCheck":        "a list of checks (- id: …)",
		"check.rawCheck":          "a check (id:, table:, expr: or match:)",
		"check.rawMatch":          "a map ({key: …, value: …, engine: …})",
		"check.rawSpec":           "a map (game:, engine:, checks:)",
		"map[string]interface {}": "a map of constants (name: value)",
	}
)

// typeMismatch rewrites "cannot unmarshal !!seq into string" as "expr:
// expected a text, got a list", naming the field written at line of root.
func typeMismatch(m string, root *yaml.Node, line int) string {
	sub := yamlTypeMismatch.FindStringSubmatch(m)
	if sub == nil {
		return m
	}
	got, ok1 := yamlKinds[sub[1]]
	want, ok2 := yamlExpected[sub[2]]
	if !ok1 || !ok2 {
		return m
	}
	out := fmt.Sprintf("expected %s, got %s", want, got)
	if f := fieldAt(root, "", line, sub[1]); f != "" {
		out = f + ": " + out
	}
	return out
}

// fieldAt is the key of the value under n (key being n's) that starts at
// line with the tag the decoder got (the field a type error is about): the
// innermost one, so that a list item's first field is named, not the
// list ("checks:"), and of several fields on one line (a flow map) the
// one of that tag; else the first value starting at line.
func fieldAt(n *yaml.Node, key string, line int, tag string) string {
	var first string
	var walk func(n *yaml.Node, key string) string
	walk = func(n *yaml.Node, key string) string {
		if n == nil {
			return ""
		}
		switch n.Kind {
		case yaml.DocumentNode:
			for _, c := range n.Content {
				if f := walk(c, key); f != "" {
					return f
				}
			}
			return ""
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if f := walk(n.Content[i+1], n.Content[i].Value); f != "" {
					return f
				}
			}
		case yaml.SequenceNode:
			for _, c := range n.Content {
				if f := walk(c, key); f != "" {
					return f
				}
			}
		}
		if n.Line == line && key != "" {
			if n.Tag == tag {
				return key
			}
			if first == "" {
				first = key
			}
		}
		return ""
	}
	if f := walk(n, key); f != "" {
		return f
	}
	return first
}

// specYAMLErrorIn is specYAMLError for the document root, whose fields
// type errors are named by.
func specYAMLErrorIn(name string, err error, root *yaml.Node) model.MsgList {
	var te *yaml.TypeError
	if errors.As(err, &te) {
		var errs model.MsgList
		for _, m := range te.Errors {
			line := 1
			if strings.HasPrefix(m, "line ") {
				if k := strings.Index(m, ":"); k > 0 {
					if n, err := strconv.Atoi(m[5:k]); err == nil {
						line = n
						m = strings.TrimSpace(m[k+1:])
					}
				}
			}
			m = typeMismatch(m, root, line)
			m = strings.Replace(m, "in type check.rawCheck", "in a check (expected id, table, description, expr, match)", 1)
			m = strings.Replace(m, "in type check.rawSpec", "in the spec (expected game, engine, checks)", 1)
			m = strings.Replace(m, "in type check.rawMatch", "in match: (expected key, value, engine, engine_key, engine_value)", 1)
			errs = append(errs, specError(name, line, "%s", m))
		}
		return errs
	}
	msg := err.Error()
	line := 1
	if strings.HasPrefix(msg, "yaml: line ") {
		rest := msg[len("yaml: line "):]
		if k := strings.Index(rest, ":"); k > 0 {
			if n, err := strconv.Atoi(rest[:k]); err == nil {
				line = n
				msg = strings.TrimSpace(rest[k+1:])
			}
		}
	}
	return model.MsgList{specError(name, line, "invalid YAML: %s", strings.TrimPrefix(msg, "yaml: "))}
}

// LoadSpecs reads every .yaml/.yml spec under dir of fsys. Every problem in
// every file is reported.
func LoadSpecs(fsys fs.FS, dir, display string) ([]*Spec, error) {
	var names []string
	err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			names = append(names, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading check specs in %s: %w", display, err)
	}
	sort.Strings(names)
	var specs []*Spec
	var errs model.MsgList
	games := map[string]string{}
	for _, n := range names {
		shown := path.Join(display, strings.TrimPrefix(n, dir+"/"))
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			errs = append(errs, specError(shown, 0, "cannot read: %v", err))
			continue
		}
		s, err := ParseSpec(shown, data)
		if err != nil {
			errs.AddErr(shown, err)
			continue
		}
		if prev, ok := games[s.Game]; ok {
			errs = append(errs, specError(shown, 1, "game %s already has a spec (%s)", s.Game, prev))
			continue
		}
		games[s.Game] = shown
		specs = append(specs, s)
	}
	errs.Sort()
	return specs, errs.Err()
}

// LoadEngine reads engine constants from a YAML, JSON or PHP file.
func LoadEngine(fsys fs.FS, name, display string) (map[string]any, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, model.Errorf(display, 0, model.MsgEngine, "cannot read engine constants: %v", err)
	}
	switch strings.ToLower(path.Ext(name)) {
	case ".php", ".inc":
		// Read again through the file system: it may require others.
		return ParsePHPFile(fsys, name, display)
	case ".json":
		data = blankBOM(data)
		var v map[string]any
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				line := strings.Count(string(data[:min(int(se.Offset), len(data))]), "\n") + 1
				return nil, model.Errorf(display, line, model.MsgEngine, "invalid JSON: %v", err)
			}
			return nil, model.Errorf(display, 0, model.MsgEngine, "invalid JSON: %v", err)
		}
		return normalizeNumbers(v).(map[string]any), nil
	default:
		var v map[string]any
		if err := yaml.Unmarshal(data, &v); err != nil {
			l := specYAMLError(display, err)
			for i := range l {
				l[i].ID = model.MsgEngine
			}
			return nil, l
		}
		if v == nil {
			v = map[string]any{}
		}
		return normalizeNumbers(v).(map[string]any), nil
	}
}

// normalizeNumbers makes every integer an int64 and every other number a
// float64, whatever the file format, so comparisons are uniform.
func normalizeNumbers(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normalizeNumbers(e)
		}
		return x
	case []any:
		for i, e := range x {
			x[i] = normalizeNumbers(e)
		}
		return x
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case int:
		return int64(x)
	case uint64:
		return int64(x)
	}
	return v
}

// compileSides prepares the sides of a top-level comparison ("a == b"), to
// explain a failure with both values.
func (c *Check) compileSides() {
	tree, err := parser.Parse(c.Expr)
	if err != nil {
		return
	}
	bin, ok := tree.Node.(*ast.BinaryNode)
	if !ok {
		return
	}
	switch bin.Operator {
	case "==", "!=", "<", ">", "<=", ">=":
	default:
		return
	}
	l, err1 := expr.Compile(bin.Left.String(), exprOptions(false)...)
	r, err2 := expr.Compile(bin.Right.String(), exprOptions(false)...)
	if err1 == nil && err2 == nil {
		c.left, c.right, c.op = l, r, bin.Operator
	}
}
