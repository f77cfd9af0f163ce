package render_test

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
	"github.com/wikirules/wikirules/render/markdown"
)

// A missing file is labelled with its name, whatever the wiki calls the
// File namespace ("Mynd:" on a Faroese wiki); without a caption its
// accessible name is the file's name, as MediaWiki's alt text is.
func TestFileNamespaceName(t *testing.T) {
	names := model.NewNamespaces(&model.SiteInfo{Namespaces: []model.Namespace{{ID: model.NSFile, Name: "Mynd"}}})
	doc := parser.Parse("[[Mynd:board.png|thumb]]\n\n[[Mynd:dice.png]]", &parser.Options{Namespaces: names})
	var h strings.Builder
	if err := render.New(render.Options{Linker: render.WikiLinker{}}).Render(&h, doc); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.String(), `role="img" aria-label="Board.png">Mynd:Board.png</span>`) {
		t.Errorf("HTML: %s", h.String())
	}
	var m strings.Builder
	if err := markdown.Render(&m, doc, markdown.Options{Linker: render.WikiLinker{}}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.String(), "[*Mynd:Dice.png*](/wiki/Mynd:Dice.png)") {
		t.Errorf("Markdown: %s", m.String())
	}
}
