package parser_test

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

var update = flag.Bool("update", false, "rewrite golden files with the current output")

// TestSpec runs the cases in testdata/spec/*.txtar. Each archive holds
// cases as NAME.wiki (input), NAME.tree (the tree dump) and NAME.html (the
// rendered fragment), and template definitions as template/NAME.wiki. Run
// "go test ./parser -run TestSpec -update" to refresh the golden parts
// after a deliberate change, then review the diff.
func TestSpec(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "spec", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatal("no spec archives in testdata/spec")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
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
			got := map[string]string{}
			for _, name := range names {
				doc := parser.Parse(inputs[name], &parser.Options{Title: "Spec", WikiTemplates: tpl})
				checkTree(t, name, doc)
				var html strings.Builder
				render.New(render.Options{}).Render(&html, doc)
				got[name+".tree"] = model.Dump(doc.Root)
				got[name+".html"] = html.String() + "\n"
			}
			changed := false
			for i, f := range ar.Files {
				want, ok := got[f.Name]
				if !ok {
					continue
				}
				delete(got, f.Name)
				if string(f.Data) != want {
					if *update {
						ar.Files[i].Data = []byte(want)
						changed = true
						continue
					}
					t.Errorf("%s differs:\n--- want\n%s--- got\n%s", f.Name, f.Data, want)
				}
			}
			// Golden parts not in the archive yet.
			var missing []string
			for name := range got {
				missing = append(missing, name)
			}
			sort.Strings(missing)
			for _, name := range missing {
				if !*update {
					t.Errorf("%s is missing from %s (run with -update)", name, path)
					continue
				}
				ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(got[name])})
				changed = true
			}
			if changed {
				sortArchive(ar)
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// sortArchive keeps each case's files together: NAME.wiki, NAME.tree,
// NAME.html.
func sortArchive(ar *txtar.Archive) {
	rank := func(n string) int {
		switch {
		case strings.HasPrefix(n, "template/"):
			return 0
		case strings.HasSuffix(n, ".wiki"):
			return 1
		case strings.HasSuffix(n, ".tree"):
			return 2
		}
		return 3
	}
	base := func(n string) string { return strings.TrimSuffix(n, filepath.Ext(n)) }
	sort.SliceStable(ar.Files, func(i, j int) bool {
		a, b := ar.Files[i].Name, ar.Files[j].Name
		if (rank(a) == 0) != (rank(b) == 0) {
			return rank(a) == 0
		}
		if base(a) != base(b) {
			return base(a) < base(b)
		}
		return rank(a) < rank(b)
	})
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
