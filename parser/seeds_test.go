package parser_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/htmlnorm"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

// TestSeedsRender parses and renders every revision of every seed page:
// no panic, a consistent tree, and balanced HTML.
func TestSeedsRender(t *testing.T) {
	c := testutil.SeedCorpus(t)
	n := 0
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			name := r.Label(p.Title)
			doc := parser.Parse(r.Text, &parser.Options{Title: p.Title, Time: r.Timestamp})
			checkTree(t, name, doc)
			var sb strings.Builder
			if err := render.New(render.Options{}).Render(&sb, doc); err != nil {
				t.Fatal(err)
			}
			if err := htmlnorm.CheckBalanced(sb.String()); err != nil {
				t.Errorf("%s: output is not well-formed: %v", name, err)
			}
			n++
		}
	}
	if n != 81 {
		t.Errorf("rendered %d revisions, want 81", n)
	}
}

// TestSeedGoldens compares the rendering of pages with tricky markup
// against golden files in testdata/golden (refresh with -update).
func TestSeedGoldens(t *testing.T) {
	c := testutil.SeedCorpus(t)
	for _, title := range []string{
		"Gamehelptexasholdem", // hand table drawn with card templates
		"Gamehelppresident",   // game-length table: colspan header, bold cells
		"Gamehelpbluffking",   // written in HTML tags
		"Gamehelpkingoftokyo", // <nowiki> examples
	} {
		t.Run(title, func(t *testing.T) {
			p := c.Page(title)
			if p == nil {
				t.Fatalf("no page %s in the seeds", title)
			}
			r := p.Latest()
			doc := parser.Parse(r.Text, &parser.Options{Title: p.Title, Time: r.Timestamp})
			var sb strings.Builder
			render.New(render.Options{}).Render(&sb, doc)
			testutil.Golden(t, filepath.Join("testdata", "golden", title+".html"), []byte(sb.String()))
		})
	}
}
