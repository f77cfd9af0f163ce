package parser_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/htmlnorm"
	"github.com/wikirules/wikirules/internal/shared"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/render"
)

func loadSeeds(t testing.TB) *model.Corpus {
	t.Helper()
	c, err := corpus.Load([]string{shared.Path(t, "seeds")}, corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSeedsRender parses and renders every revision of every seed page:
// no panic, a consistent tree, and balanced HTML.
func TestSeedsRender(t *testing.T) {
	c := loadSeeds(t)
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
	c := loadSeeds(t)
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
			golden := filepath.Join("testdata", "golden", title+".html")
			if *update {
				if err := os.WriteFile(golden, []byte(sb.String()), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if sb.String() != string(want) {
				t.Errorf("%s differs from %s (run with -update after checking the change)", title, golden)
			}
		})
	}
}
