package check

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/content"
	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
)

// TestHasEqualsMatchesPlainText: the arithmetic check reads a block's text
// only when model.PlainTextHas says it has an "=", so it must say so
// exactly when the text model.PlainTextSkipping reads has one, on every
// block the check reads: pages written for it, the parser's spec cases,
// the embedded corpus, generated wikis and (when present) the seeds.
func TestHasEqualsMatchesPlainText(t *testing.T) {
	texts := []string{
		"2 + 2 = 4 in a paragraph.",
		"* 3 × 4 = 12\n** a nested item: 1 + 1 = 2\n* no statement",
		"{|\n| 5 + 5 = 10 || plain\n|-\n|\n* in a list in a cell: 1 + 2 = 3\n|}",
		"A picture [[File:Sum.png|thumb|1 + 1 = 2]] and a note<ref>2 + 2 = 5</ref>, then 3 + 3 = 6.",
		"{{1x|4 + 4 = 8}} from a template, {{=}} alone.",
		"<pre>6 + 6 = 12</pre>\n\n a pre line: 7 + 7 = 14",
		"[[Page|label with = sign]] and [[Target=odd]]",
		"",
	}
	for _, p := range testutil.Archives(t, filepath.Join("..", "parser", "testdata", "spec", "*.txtar")) {
		texts = append(texts, testutil.ReadArchive(t, p).Texts(".wiki")...)
	}
	revisions := func(c *model.Corpus) {
		for _, p := range c.Pages {
			for _, r := range p.Revisions {
				texts = append(texts, r.Text)
			}
		}
	}
	c, err := content.New().Corpus(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	revisions(c)
	revisions(testgen.Corpus(testgen.Options{Pages: 20, Revisions: 3, Seed: 5}))
	if shared.Has("seeds") {
		texts = append(texts, testutil.SeedTexts(t)...)
	}
	blocks, with := 0, 0
	for _, text := range texts {
		doc := parser.Parse(text, &parser.Options{Title: "Equals"})
		model.Walk(doc.Root, func(n *model.Node, entering bool) model.WalkStatus {
			if !entering {
				return model.WalkContinue
			}
			switch n.Kind {
			case model.KindParagraph, model.KindListItem, model.KindCell, model.KindPre, model.KindCaption:
				blocks++
				want := strings.Contains(model.PlainTextSkipping(n, isBlockInside), "=")
				if want {
					with++
				}
				if got := model.PlainTextHas(n, isBlockInside, '='); got != want {
					t.Errorf("PlainTextHas = %v, the text %q has an \"=\": %v (in %.60q)", got, model.PlainTextSkipping(n, isBlockInside), want, text)
				}
			}
			return model.WalkContinue
		})
	}
	if with == 0 || with == blocks {
		t.Fatalf("%d of %d blocks have an \"=\": the comparison proves nothing", with, blocks)
	}
	t.Logf("%d blocks, %d with an \"=\"", blocks, with)
}
