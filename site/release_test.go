package site_test

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/wikirules/wikirules/internal/testgen"
	"github.com/wikirules/wikirules/model"
	"github.com/wikirules/wikirules/site"
)

// TestBuildReleasesTexts: a build gives back the texts of every page it
// builds, once, and only those (a rebuild that reuses a page leaves its
// texts alone): model.Corpus.ReleaseTexts, which a mapped feed's corpus
// turns into memory given back.
func TestBuildReleasesTexts(t *testing.T) {
	t.Parallel()
	c := testgen.Corpus(testgen.Options{Pages: 40, Revisions: 2, Seed: 11})
	var mu sync.Mutex
	released := map[*model.Page]int{}
	c.SetTextRelease(func(pages []*model.Page) {
		mu.Lock()
		defer mu.Unlock()
		for _, p := range pages {
			if p != nil {
				released[p]++
			}
		}
	})
	out := filepath.Join(t.TempDir(), "site")
	st := build(t, c, site.Options{Version: "test"}, out)
	if st.Built == 0 {
		t.Fatalf("nothing built: %+v", st)
	}
	for _, p := range c.Pages {
		if released[p] != 1 {
			t.Errorf("%s: released %d times, want once", p.Title, released[p])
		}
	}
	clear(released)
	st = build(t, c, site.Options{Version: "test"}, out)
	if st.Built != 0 && !st.UpToDate {
		t.Fatalf("the rebuild built %d units: %+v", st.Built, st)
	}
	if len(released) != 0 {
		t.Errorf("a rebuild with nothing to build released %d pages", len(released))
	}
}
