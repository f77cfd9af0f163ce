package yamlstrict

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/wikirules/wikirules/internal/suggest"
	"github.com/wikirules/wikirules/model"
)

// Decode decodes data into v, a pointer to a struct whose fields have yaml
// tags. Every problem is a model.Msg (id config) at file and the line of
// the key or value: an unknown key, a value of the wrong type, YAML that
// does not parse. lineOffset is added to every line (front matter starts
// below the file's first line). Empty data leaves v as it is.
func Decode(file string, data []byte, lineOffset int, v any) error {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return syntaxError(file, lineOffset, err)
	}
	if root.Kind == 0 || len(root.Content) == 0 {
		return nil
	}
	doc := root.Content[0]
	if doc.Kind == yaml.ScalarNode && doc.Tag == "!!null" {
		return nil
	}
	var errs model.MsgList
	check(file, lineOffset, doc, reflect.TypeOf(v).Elem(), &errs)
	if len(errs) > 0 {
		errs.Sort()
		return errs
	}
	if err := doc.Decode(v); err != nil {
		return syntaxError(file, lineOffset, err)
	}
	return nil
}

// check walks a node against the type it decodes into.
func check(file string, off int, n *yaml.Node, t reflect.Type, errs *model.MsgList) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	at := func(n *yaml.Node, format string, args ...any) {
		*errs = append(*errs, model.Msg{File: file, Line: n.Line + off, Column: n.Column, Severity: model.SevError, ID: model.MsgConfig, Text: fmt.Sprintf(format, args...)})
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			if !(n.Kind == yaml.ScalarNode && n.Tag == "!!null") {
				at(n, "expected a mapping of keys (%s), not %s", strings.Join(keysOf(t), ", "), describe(n))
			}
			return
		}
		fields := fieldsOf(t)
		seen := map[string]int{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, val := n.Content[i], n.Content[i+1]
			f, ok := fields[k.Value]
			if !ok {
				at(k, "unknown key %q%s (known: %s)", k.Value, suggest.DidYouMean(suggest.Nearest(k.Value, keysOf(t), 1)), strings.Join(keysOf(t), ", "))
				continue
			}
			if line, dup := seen[k.Value]; dup {
				at(k, "key %q is set twice (first on line %d)", k.Value, line+off)
				continue
			}
			seen[k.Value] = k.Line
			check(file, off, val, f, errs)
		}
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			if !(n.Kind == yaml.ScalarNode && n.Tag == "!!null") {
				at(n, "expected a mapping, not %s", describe(n))
			}
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			check(file, off, n.Content[i+1], t.Elem(), errs)
		}
	case reflect.Slice:
		switch n.Kind {
		case yaml.SequenceNode:
			for _, c := range n.Content {
				check(file, off, c, t.Elem(), errs)
			}
		case yaml.ScalarNode:
			if n.Tag != "!!null" {
				at(n, "expected a list ([a, b] or one \"- item\" per line), not %s", describe(n))
			}
		default:
			at(n, "expected a list, not %s", describe(n))
		}
	case reflect.String:
		if n.Kind != yaml.ScalarNode {
			at(n, "expected a text value, not %s", describe(n))
		}
	case reflect.Bool, reflect.Int, reflect.Int64, reflect.Float64:
		if n.Kind != yaml.ScalarNode {
			at(n, "expected a %s, not %s", t.Kind(), describe(n))
		}
	}
}

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return strconv.Quote(n.Value)
}

// fieldsOf maps a struct's yaml keys to their fields' types.
func fieldsOf(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		out[name] = f.Type
	}
	return out
}

func keysOf(t reflect.Type) []string {
	var keys []string
	for k := range fieldsOf(t) {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// yamlLine is compiled on first use: errors are rare, and every run of
// the program would pay for it at start.
var yamlLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`line (\d+): `) })

// syntaxError turns a YAML error ("yaml: line 3: could not find expected
// ':'", "yaml: unmarshal errors:\n  line 2: cannot unmarshal …") into
// located messages.
func syntaxError(file string, off int, err error) error {
	var te *yaml.TypeError
	var texts []string
	if errors.As(err, &te) {
		texts = te.Errors
	} else {
		texts = []string{strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	var errs model.MsgList
	for _, t := range texts {
		m := model.Msg{File: file, Severity: model.SevError, ID: model.MsgConfig, Text: t}
		if loc := yamlLine().FindStringSubmatchIndex(t); loc != nil {
			line, _ := strconv.Atoi(t[loc[2]:loc[3]])
			m.Line = line + off
			m.Text = t[:loc[0]] + t[loc[1]:]
		}
		errs = append(errs, m)
	}
	return errs
}
