package render_test

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/internal/htmlnorm"
	"github.com/wikirules/wikirules/internal/mwtest"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/parser"
	"github.com/wikirules/wikirules/wiki"
)

func TestMain(m *testing.M) { mwtest.Main(m) }

// differencesFile lists the revisions whose rendering differs from
// MediaWiki's on purpose, each with the reason.
const differencesFile = "testdata/mediawiki/differences.txt"

// TestRenderMatchesMediaWiki renders every revision of the embedded corpus
// twice: by a real MediaWiki (api.php action=parse, the wiki holding the
// corpus, its templates and the card templates of testdata/mediawiki/
// templates) and by wikirules (what `wikirules html` does, with the same
// template definitions). Both are normalized as the conformance cases are
// (internal/htmlnorm) and must be equal, except the revisions listed in
// testdata/mediawiki/differences.txt, each with the reason; a listed
// revision that no longer differs fails too, so the list stays true.
func TestRenderMatchesMediaWiki(t *testing.T) {
	t.Parallel()
	w := mwtest.New(t)
	c, err := mwtest.EmbeddedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	c = withCardTemplates(t, c)
	// Images as MediaWiki writes them from 1.40 on (<figure>), as we do;
	// 1.39 still defaults to nested <div>s.
	if err := w.AddSettings("$wgParserEnableLegacyMediaDOM = false;"); err != nil {
		t.Fatal(err)
	}
	if err := w.ImportCorpus(t.Context(), c); err != nil {
		t.Fatal(err)
	}
	ours := wiki.New(c, parser.NewWikiTemplates(), wiki.Config{Name: "Test wiki"})
	listed := readDifferences(t)
	var same, differ int
	seen := map[string]bool{}
	for _, p := range c.Pages {
		for _, r := range p.Revisions {
			key := r.Label(p.Title)
			theirs, err := w.Parse(t.Context(), p.Title, r.Text)
			if err != nil {
				t.Fatalf("%s: %v", key, err)
			}
			var b strings.Builder
			if _, err := ours.RenderHTML(&b, p.Title, r.Text, r.Timestamp); err != nil {
				t.Fatalf("%s: %v", key, err)
			}
			want, got := htmlnorm.Normalize(theirs), htmlnorm.Normalize(b.String())
			if p.Kind != model.PageTemplate && !strings.Contains(want, "<p>") {
				t.Fatalf("%s: MediaWiki rendered no paragraph; is the wiki working?\n%s", key, theirs)
			}
			if want == got {
				same++
				if reason, ok := listed[key]; ok {
					t.Errorf("%s renders as MediaWiki does now; remove it from %s (%s)", key, differencesFile, reason)
				}
				continue
			}
			differ++
			seen[key] = true
			if _, ok := listed[key]; !ok {
				t.Errorf("%s renders differently from MediaWiki (normalized; - MediaWiki, + wikirules):\n%s", key, lineDiff(want, got))
			}
		}
	}
	for key := range listed {
		if !seen[key] && !strings.HasPrefix(key, "#") {
			if _, err := c.Find(strings.SplitN(key, "@", 2)[0]); err != nil {
				t.Errorf("%s: listed in %s but not in the corpus", key, differencesFile)
			}
		}
	}
	t.Logf("MediaWiki %s: %d of %d revisions render the same, %d differ (listed: %d)", w.Inst.Version, same, same+differ, differ, len(listed))
}

// withCardTemplates adds the card templates of testdata/mediawiki/templates
// as Template: pages, as the wiki the corpus comes from defines them.
func withCardTemplates(t *testing.T, c *model.Corpus) *model.Corpus {
	t.Helper()
	files, err := filepath.Glob("testdata/mediawiki/templates/*.wiki")
	if err != nil || len(files) == 0 {
		t.Fatalf("no card templates: %v", err)
	}
	pages := append([]*model.Page(nil), c.Pages...)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		pages = append(pages, &model.Page{Title: "Template:" + corpus.TitleFromFileName(filepath.Base(f)), Namespace: model.NSTemplate,
			Kind: model.PageTemplate, Revisions: []*model.Revision{{Timestamp: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC),
				Author: "Wikirules", Text: text, SHA1: model.TextSHA1(text), Size: len(text)}}})
	}
	sort.Slice(pages, func(i, j int) bool { return pages[i].Title < pages[j].Title })
	return model.NewCorpus(pages)
}

// readDifferences reads the list: "TITLE@TIMESTAMP: reason" per line;
// # starts a comment.
func readDifferences(t *testing.T) map[string]string {
	t.Helper()
	f, err := os.Open(differencesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.Index(line, "Z: ")
		if i < 0 {
			t.Fatalf("%s:%d: expected TITLE@TIMESTAMP: reason", differencesFile, n)
		}
		out[line[:i+1]] = line[i+3:]
	}
	return out
}

// lineDiff shows the lines of two normalized renderings that differ.
func lineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out []string
	i, j := 0, 0
	for i < len(al) || j < len(bl) {
		switch {
		case i < len(al) && j < len(bl) && al[i] == bl[j]:
			i++
			j++
		case i < len(al) && !contains(bl[j:], al[i]):
			out = append(out, "- "+al[i])
			i++
		case j < len(bl) && !contains(al[i:], bl[j]):
			out = append(out, "+ "+bl[j])
			j++
		default:
			if i < len(al) {
				out = append(out, "- "+al[i])
				i++
			}
			if j < len(bl) {
				out = append(out, "+ "+bl[j])
				j++
			}
		}
	}
	return strings.Join(out, "\n")
}

func contains(lines []string, s string) bool {
	for _, l := range lines {
		if l == s {
			return true
		}
	}
	return false
}
