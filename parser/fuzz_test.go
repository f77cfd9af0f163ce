package parser_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/wikirules/wikirules/internal/htmlnorm"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// FuzzParseRender checks, on any input, that parsing and rendering never
// panic, that the tree is consistent and that the HTML is well-formed. The
// corpus is seeded from the spec cases, the conformance cases and the wiki
// seeds. Run with: go test ./parser -run xxx -fuzz FuzzParseRender
func FuzzParseRender(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "spec", "*.txtar"))
	for _, p := range files {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			continue
		}
		for _, file := range ar.Files {
			if strings.HasSuffix(file.Name, ".wiki") {
				f.Add(string(file.Data))
			}
		}
	}
	if d := shared.Dir(); d != "" {
		if data, err := os.ReadFile(filepath.Join(d, "conformance", "dev.jsonl")); err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				var c struct{ Wikitext string }
				if json.Unmarshal([]byte(line), &c) == nil && c.Wikitext != "" {
					f.Add(c.Wikitext)
				}
			}
		}
	}
	tpl := parser.NewWikiTemplates()
	tpl.Add("Self", "{{Self}}{{Self}}")
	tpl.Add("Args", "{{{1|}}}|{{{2|x}}}{{#if:{{{1|}}}|[[{{{1}}}]]}}")
	f.Fuzz(func(t *testing.T, src string) {
		doc := parser.Parse(src, &parser.Options{WikiTemplates: tpl})
		fuzzCheckTree(t, doc)
		var sb strings.Builder
		if err := render.New(render.Options{}).Render(&sb, doc); err != nil {
			t.Fatal(err)
		}
		if err := htmlnorm.CheckBalanced(sb.String()); err != nil {
			t.Fatalf("output is not well-formed: %v\n%s", err, sb.String())
		}
		if utf8.ValidString(src) && !utf8.ValidString(sb.String()) {
			t.Fatal("valid UTF-8 input gave invalid UTF-8 output")
		}
	})
}

func fuzzCheckTree(t *testing.T, doc *model.Document) {
	model.Walk(doc.Root, func(n *model.Node, entering bool) model.WalkStatus {
		if !entering {
			return model.WalkContinue
		}
		if n.Pos < 0 || n.End < n.Pos || n.End > len(doc.Source) {
			t.Fatalf("%s has range [%d:%d] outside the source (%d bytes)", n.Kind, n.Pos, n.End, len(doc.Source))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Parent != n {
				t.Fatalf("broken parent link under %s", n.Kind)
			}
		}
		return model.WalkContinue
	})
}
