package parser_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// TestOutputHashes guards the parser's output while its insides change:
// the rendered HTML and the tree (with positions, diagnostics, categories
// and template calls) of every revision of the seeds, every conformance
// case, every page of the embedded content and the generated pages of the
// scaling tests are hashed and compared
// with the lists in testdata/hashes (refresh with -update only after a
// deliberate change of output, and say which in the commit).
func TestOutputHashes(t *testing.T) {
	t.Parallel()
	ct := content.New()
	tpl, err := ct.WikiTemplates()
	if err != nil {
		t.Fatal(err)
	}
	t.Run("content", func(t *testing.T) {
		c, err := ct.Corpus(corpus.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkHashes(t, "content.txt", corpusHashes(c, tpl))
	})
	t.Run("generated", func(t *testing.T) {
		in := parser.GeneratedInputs(16 << 10)
		tpl := parser.ScaleTemplates()
		var b strings.Builder
		for _, name := range slices.Sorted(maps.Keys(in)) {
			hashLine(&b, name, parser.Parse(in[name], &parser.Options{Title: "Scale", WikiTemplates: tpl}))
		}
		checkHashes(t, "generated.txt", b.String())
	})
	t.Run("seeds", func(t *testing.T) {
		checkHashes(t, "seeds.txt", corpusHashes(testutil.SeedCorpus(t), tpl))
	})
	t.Run("conformance", func(t *testing.T) {
		if !shared.Has("conformance", "dev.jsonl") {
			t.Skip("no conformance cases in the shared data")
		}
		var b strings.Builder
		for _, c := range loadCases(t) {
			hashLine(&b, c.Name, parser.Parse(c.Wikitext, &parser.Options{}))
		}
		checkHashes(t, "conformance.txt", b.String())
	})
	t.Run("conformance-templates", func(t *testing.T) {
		if !shared.Has("conformance", "templates-dev.jsonl") {
			t.Skip("no template conformance cases in the shared data")
		}
		at := time.Date(1970, 1, 1, 0, 2, 3, 0, time.UTC)
		var b strings.Builder
		for _, c := range loadCaseFile(t, "templates-dev.jsonl") {
			tpl := parser.NewWikiTemplates()
			for title, text := range c.Articles {
				if !strings.Contains(title, "/") {
					tpl.Add(":"+title, strings.TrimRight(text, " \t\r\n"))
				}
			}
			hashLine(&b, c.Name, parser.Parse(c.Wikitext, &parser.Options{Title: "Parser test", Time: at, Server: "http://example.org", WikiTemplates: tpl}))
		}
		checkHashes(t, "conformance-templates.txt", b.String())
	})
}

// corpusHashes hashes every revision of every page of c.
func corpusHashes(c *model.Corpus, tpl *parser.WikiTemplates) string {
	var b strings.Builder
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			hashLine(&b, r.Label(p.Title), parser.Parse(r.Text, &parser.Options{Title: p.Title, Time: r.Timestamp, WikiTemplates: tpl}))
		}
	}
	return b.String()
}

// hashLine writes "html HASH tree HASH name" for a parsed document.
func hashLine(b *strings.Builder, name string, doc *model.Document) {
	var html strings.Builder
	if err := render.New(render.Options{}).Render(&html, doc); err != nil {
		html.WriteString("render error: " + err.Error())
	}
	var tree strings.Builder
	tree.WriteString(model.Dump(doc.Root))
	for _, d := range doc.Diagnostics {
		fmt.Fprintf(&tree, "diag %d %d %s\n", d.Pos, d.End, d.String())
	}
	fmt.Fprintf(&tree, "categories %q switches %v redirect %+v\n", doc.Categories, doc.Switches, doc.Redirect)
	for _, c := range doc.Templates {
		fmt.Fprintf(&tree, "call %+v\n", *c)
	}
	fmt.Fprintf(b, "html %s tree %s %s\n", shortHash(html.String()), shortHash(tree.String()), name)
}

func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:8])
}

func checkHashes(t *testing.T, name, got string) {
	t.Helper()
	testutil.Golden(t, filepath.Join("testdata", "hashes", name), []byte(got))
}
