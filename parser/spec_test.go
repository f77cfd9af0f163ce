package parser_test

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// TestSpec runs the cases in testdata/spec/*.txtar. Each archive holds
// cases as NAME.wiki (input), NAME.tree (the tree dump) and NAME.html (the
// rendered fragment), and template definitions as template/NAME.wiki. Run
// "go test ./parser -run TestSpec -update" to refresh the golden parts
// after a deliberate change, then review the diff.
func TestSpec(t *testing.T) {
	for _, path := range testutil.Archives(t, filepath.Join("testdata", "spec", "*.txtar")) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ar := testutil.ReadArchive(t, path)
			tpl := parser.NewWikiTemplates()
			inputs := map[string]string{}
			var names []string
			for _, f := range ar.Files {
				switch {
				case strings.HasPrefix(f.Name, "template/"):
					tpl.Add(strings.TrimSuffix(strings.TrimPrefix(f.Name, "template/"), ".wiki"), strings.TrimSuffix(string(f.Data), "\n"))
				case strings.HasSuffix(f.Name, ".wiki"):
					name := strings.TrimSuffix(f.Name, ".wiki")
					// txtar ends every file with a newline; the input is
					// the text without it.
					inputs[name] = strings.TrimSuffix(string(f.Data), "\n")
					names = append(names, name)
				}
			}
			sort.Strings(names)
			var got []txtar.File
			for _, name := range names {
				doc := parser.Parse(inputs[name], &parser.Options{Title: "Spec", WikiTemplates: tpl})
				checkTree(t, name, doc)
				var html strings.Builder
				render.New(render.Options{}).Render(&html, doc)
				got = append(got,
					txtar.File{Name: name + ".tree", Data: []byte(model.Dump(doc.Root))},
					txtar.File{Name: name + ".html", Data: []byte(html.String() + "\n")})
			}
			ar.Check(t, "", got, true)
		})
	}
}

// checkTree verifies the invariants every parsed tree must keep: links
// between nodes agree, every range lies inside the source and inside its
// parent's range, and nothing is nested absurdly deep.
func checkTree(t *testing.T, name string, doc *model.Document) {
	t.Helper()
	depth, maxDepth := 0, 0
	model.Walk(doc.Root, func(n *model.Node, entering bool) model.WalkStatus {
		if !entering {
			depth--
			return model.WalkContinue
		}
		depth++
		maxDepth = max(maxDepth, depth)
		if n.Pos < 0 || n.End < n.Pos || n.End > len(doc.Source) {
			t.Errorf("%s: %s has range [%d:%d] outside the source (%d bytes)", name, n.Kind, n.Pos, n.End, len(doc.Source))
		}
		var prev *model.Node
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Parent != n || c.PrevSibling != prev {
				t.Errorf("%s: broken links under %s", name, n.Kind)
			}
			if n.Kind != model.KindDocument && (c.Pos < n.Pos || c.End > n.End) {
				t.Errorf("%s: %s [%d:%d] is outside its parent %s [%d:%d]", name, c.Kind, c.Pos, c.End, n.Kind, n.Pos, n.End)
			}
			prev = c
		}
		if n.LastChild != prev {
			t.Errorf("%s: %s's last child is wrong", name, n.Kind)
		}
		return model.WalkContinue
	})
	if maxDepth > 600 {
		t.Errorf("%s: tree is %d levels deep", name, maxDepth)
	}
}
