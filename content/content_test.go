package content

import (
	"io/fs"
	"testing"

	"github.com/wikirules/wikirules/corpus"
	"github.com/wikirules/wikirules/model"
)

// The default corpus ships as a contribution feed and as an XML export of
// the same revisions; each alone and both together must give one history.
func TestFeedAndExportAgree(t *testing.T) {
	c := New()
	load := func(name string) *model.Corpus {
		t.Helper()
		f, err := c.FS().Open(name)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		l := corpus.NewLoader(corpus.Options{})
		if err := l.AddReader(name, f, corpus.FormatUnknown); err != nil {
			t.Fatal(err)
		}
		cp, err := l.Corpus()
		if err != nil {
			t.Fatal(err)
		}
		return cp
	}
	fromFeed := load("wiki/contributions.txt")
	fromXML := load("wiki/export.xml")
	both, err := c.Corpus(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, other := range []*model.Corpus{fromXML, both} {
		if len(other.Pages) != len(fromFeed.Pages) {
			t.Fatalf("%d pages vs %d", len(other.Pages), len(fromFeed.Pages))
		}
		for i, p := range fromFeed.Pages {
			q := other.Pages[i]
			if p.Title != q.Title || len(p.Revisions) != len(q.Revisions) {
				t.Fatalf("%s: %d revisions vs %s: %d", p.Title, len(p.Revisions), q.Title, len(q.Revisions))
			}
			for j, r := range p.Revisions {
				s := q.Revisions[j]
				if r.Digest() != s.Digest() || !r.Timestamp.Equal(s.Timestamp) || r.Author != s.Author || r.Summary != s.Summary {
					t.Errorf("%s revision %d differs between the feed and the export", p.Title, j+1)
				}
			}
		}
	}
}

// The corpus is what the README promises: at least five rules pages, each
// with several revisions.
func TestCorpusShape(t *testing.T) {
	c, err := New().Corpus(corpus.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rules := 0
	for _, p := range c.Pages {
		if p.Kind == model.PageRules {
			rules++
			if len(p.Revisions) < 2 {
				t.Errorf("%s has %d revision(s); every game page should have a history", p.Title, len(p.Revisions))
			}
		}
	}
	if rules < 5 {
		t.Errorf("%d rules pages, want at least 5", rules)
	}
	if _, err := fs.Stat(New().FS(), "wiki/export.xml"); err != nil {
		t.Error(err)
	}
}
