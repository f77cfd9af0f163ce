package render_test

import (
	"strings"
	"testing"

	"github.com/wikirules/wikirules/internal/htmlnorm"
	"github.com/wikirules/wikirules/internal/mwtest"
	"github.com/wikirules/wikirules/internal/testutil"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/wiki"
)

// TestSeedsMatchMediaWiki is TestRenderMatchesMediaWiki on real pages: every
// revision of the wiki seeds (../shared), rendered by a real MediaWiki that
// holds them and the card templates, and by wikirules, normalized as the
// conformance cases are, must be equal. Files are not uploaded: both show
// their broken-media placeholders.
func TestSeedsMatchMediaWiki(t *testing.T) {
	t.Parallel()
	c := withCardTemplates(t, testutil.SeedCorpus(t))
	w := mwtest.New(t)
	if err := w.AddSettings("$wgParserEnableLegacyMediaDOM = false;"); err != nil {
		t.Fatal(err)
	}
	if err := w.ImportCorpus(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	ours := wiki.New(c, parser.NewWikiTemplates(), wiki.Config{Name: "Test wiki"})
	same, n := 0, 0
	for _, p := range c.Pages {
		if strings.HasPrefix(p.Title, "Template:") {
			continue
		}
		for _, r := range p.Revisions {
			if !r.Visible() {
				continue
			}
			n++
			theirs, err := w.Parse(t.Context(), p.Title, r.Text)
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			if _, err := ours.RenderHTML(&b, p.Title, r.Text, r.Timestamp); err != nil {
				t.Fatal(err)
			}
			if want, got := htmlnorm.Normalize(theirs), htmlnorm.Normalize(b.String()); want != got {
				t.Errorf("%s renders differently from MediaWiki (normalized; - MediaWiki, + wikirules):\n%s", r.Label(p.Title), lineDiff(want, got))
				continue
			}
			same++
		}
	}
	t.Logf("MediaWiki %s: %d of %d seed revisions render the same", w.Inst.Version, same, n)
}
