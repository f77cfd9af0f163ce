package yamlstrict

import (
	"strings"
	"testing"
)

type conf struct {
	Title  string            `yaml:"title"`
	Inputs []string          `yaml:"inputs"`
	Names  map[string]string `yaml:"names"`
	Nested struct {
		On bool `yaml:"on"`
	} `yaml:"nested"`
	Skip string `yaml:"-"`
}

func TestDecode(t *testing.T) {
	for _, c := range []struct{ name, in, err string }{
		{"ok", "title: T\ninputs: [a, b]\nnames:\n  x: X\nnested: {on: true}\n", ""},
		{"empty", "", ""},
		{"null", "~\n", ""},
		{"unknown", "title: T\ntitel: U\n", `f.yaml:2:1: error: unknown key "titel" (did you mean title?)`},
		{"nested unknown", "nested:\n  of: true\n", `f.yaml:2:3: error: unknown key "of"`},
		{"dash field", "Skip: x\n", `unknown key "Skip"`},
		{"twice", "title: a\ntitle: b\n", `f.yaml:2:1: error: key "title" is set twice (first on line 1)`},
		{"type", "inputs: a\n", `f.yaml:1:9: error: expected a list`},
		{"map type", "names: [a]\n", `f.yaml:1:8: error: expected a mapping`},
		{"string type", "title: [a]\n", `expected a text value, not a list`},
		{"bool", "nested: {on: maybe}\n", `f.yaml:1: error: cannot unmarshal !!str`},
		{"syntax", "title: a\n  b: c\n", `f.yaml:2: error:`},
		{"top", "- a\n", `expected a mapping of keys`},
	} {
		var v conf
		err := Decode("f.yaml", []byte(c.in), 0, &v)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want %q", c.name, err, c.err)
		}
	}
	var v conf
	if err := Decode("f.yaml", []byte("title: T\ninputs: [a, b]\nnames: {x: X}\n"), 0, &v); err != nil || v.Title != "T" || len(v.Inputs) != 2 || v.Names["x"] != "X" {
		t.Errorf("%+v %v", v, err)
	}
	if err := Decode("n.md", []byte("nme: x\n"), 1, &v); err == nil || !strings.HasPrefix(err.Error(), "n.md:2:1:") {
		t.Errorf("offset: %v", err)
	}
}
